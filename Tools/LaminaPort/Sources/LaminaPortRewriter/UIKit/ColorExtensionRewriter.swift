import SwiftSyntax

/// A `UIColor` (or `NSColor`) extension of convenience initializers that make a colour from
/// components — the hex-colour helper much Apple code carries — and of static colours, written
/// as the same members on `CGColor`, which is a Swift class in Lamina:
///
/// ```swift
/// extension UIColor {                                   extension CGColor {
///     convenience init(hex: Int, alpha: CGFloat = 1) {      convenience init(hex: Int, alpha: CGFloat = 1) {
///         self.init(red: …, green: …, blue: …,        →         self.init(red: …, green: …, blue: …,
///                   alpha: alpha)                                         alpha: alpha)
///     }                                                     }
///     static let brand = UIColor(hex: 0x3366FF)             static let brand = CGColor(hex: 0x3366FF)
/// }                                                     }
/// ```
///
/// Each initializer delegates to `self.init(red:green:blue:alpha:)` or `self.init(white:alpha:)`
/// (written `self.init(gray:alpha:)`, Core Graphics' name) or to another of the extension's
/// initializers, whatever it does first; each
/// static colour (`static let name = …`, or `static var name: UIColor { … }` of one
/// expression) and each static function returning one (`static func random() -> UIColor {
/// UIColor(red: .random(in: 0...1), …) }`, of one expression) is a colour
/// ``UIKitValueRewriter`` writes.
///
/// Instance members that derive a colour from the receiver's — a computed property
/// (`var inverted: UIColor { … }`) or a method (`func lighter(by amount: CGFloat = 0.2) ->
/// UIColor { … }`) — are written on `CGColor` too when each value they give back is a colour
/// ``UIKitValueRewriter`` writes, `self`, `withAlphaComponent(a)` of it (the CGColor's
/// `copy(alpha: a)!`) or another such member, and they read the receiver only through
/// `getRed(&r, green: &g, blue: &b, alpha: &a)` or `getHue(…)` (``ColorComponents``, in sRGB)
/// or `cgColor` (the receiver itself). An extension with any other member is left for a
/// person.
/// Uses in any ported file — `UIColor(hex: 0x3366FF).cgColor`, `UIColor.brand.cgColor`,
/// `UIColor.random().cgColor` — become `CGColor(hex: 0x3366FF)`, `CGColor.brand` and
/// `CGColor.random()` where ``UIKitValueRewriter`` writes colours
/// (``PortingContext/currentColorExtensions``).
final class ColorExtensionRewriter: PortingPass {
    /// What the ported files' colour extensions declare.
    struct Declared: Sendable {
        var initializers: [CallSignature] = []
        var properties: Set<String> = []
        /// The static functions returning a colour, by name.
        var functions: [String: [CallSignature]] = [:]
        /// The instance properties deriving a colour from the receiver's.
        var instanceProperties: Set<String> = []
        /// The instance methods deriving a colour from the receiver's, by name.
        var instanceMethods: [String: [CallSignature]] = [:]
        /// Those of the instance properties and methods that give back an optional colour.
        var optionalInstanceMembers: Set<String> = []
        /// The instance properties and methods reading the receiver's components that give back
        /// another value (`isLight`, `hexString`).
        var instanceValueMembers: Set<String> = []
    }

    /// The members of a colour extension this pass writes.
    struct Members {
        var initializers: [InitializerDeclSyntax] = []
        var properties: [Property] = []
        var functions: [Function] = []
        var instanceMembers: [InstanceMember] = []
    }

    /// A static colour of an extension: its name, type annotation and colour expression.
    struct Property {
        var name: String
        var annotation: TypeSyntax?
        var value: ExprSyntax
    }

    /// A static function of an extension returning a colour: its name, signature, return
    /// type and colour expression.
    struct Function {
        var name: String
        var signature: CallSignature
        var returnType: TypeSyntax
        var value: ExprSyntax
    }

    /// An instance member reading the receiver's components: its name, its signature (nil for
    /// a computed property), the colour type it gives back (`UIColor` of `UIColor?`, which
    /// `isOptional` says; nil for a member giving another value), and the edits of its body.
    struct InstanceMember {
        var name: String
        var signature: CallSignature?
        var type: TypeSyntax?
        var isOptional: Bool
        var edits: [(node: Syntax, replacement: String)]
    }

    static let colorTypes: Set<String> = ["UIColor", "NSColor"]

    /// UIKit's and AppKit's colour members a `CGColor` has no counterpart of: an instance
    /// member naming one on its receiver is left for a person.
    static let colorOnlyMembers: Set<String> = [
        "getWhite", "resolvedColor", "setFill", "setStroke", "set", "ciColor", "usingColorSpace", "usingColorSpaceName",
        "blended", "highlight", "shadow", "colorSpaceName", "redComponent", "greenComponent", "blueComponent",
        "hueComponent", "saturationComponent", "brightnessComponent", "whiteComponent", "alphaComponent", "accessibilityName",
    ]

    /// The members Lamina's `CGColor` declares, which an extension's member of the same name
    /// would declare again.
    static let cgColorMembers: Set<String> = [
        "colorSpace", "components", "rgba", "pattern", "converted", "numberOfComponents", "alpha", "copy", "hash",
        "hashValue", "description",
    ]

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let members = Self.members(node) else { return .skipChildren }
        let (initializers, properties, functions) = (members.initializers, members.properties, members.functions)
        let reason = "UIKit and AppKit do not exist on Linux; the extension's initializers and static colours make colours from components, and Lamina's CGColor (a Swift class) takes them as they are"
        file.replace(node.extendedType, with: "CGColor", kind: .uikitValue, reason: reason)
        for member in members.instanceMembers {
            let reason = "UIKit and AppKit do not exist on Linux; '\(member.name)' reads the receiver's components, which Lamina's CGColor (a Swift class) gives in sRGB"
            if let type = member.type { file.replace(type, with: "CGColor", kind: .uikitValue, reason: reason) }
            for edit in member.edits { file.replace(edit.node, with: edit.replacement, kind: .uikitValue, reason: reason) }
        }
        for property in properties {
            if let annotation = property.annotation { file.replace(annotation, with: "CGColor", kind: .uikitValue, reason: reason) }
            // Written by UIKitValueRewriter where it is a `.cgColor`'s base; here it is the value.
            if let written = UIKitValueRewriter.color(property.value, implicitMember: true) {
                file.replace(property.value, with: written, kind: .uikitValue, reason: "the static colour is the CGColor it makes")
            }
        }
        for function in functions {
            file.replace(function.returnType, with: "CGColor", kind: .uikitValue, reason: reason)
            if let written = UIKitValueRewriter.color(function.value, implicitMember: true) {
                file.replace(function.value, with: written, kind: .uikitValue, reason: "the static function's colour is the CGColor it makes")
            }
        }
        for initializer in initializers {
            // `self.init(white: w, alpha: a)` is `CGColor(gray:alpha:)`.
            for delegation in Self.delegations(initializer)?.colors ?? [] {
                guard let label = delegation.arguments.first?.label, label.text == "white" else { continue }
                file.replace(label, with: "gray", kind: .uikitValue, reason: "Core Graphics names UIKit's white level gray")
            }
        }
        return .skipChildren
    }

    /// The initializers of an extension that is a colour extension if its static members are
    /// colours (which may call initializers of any file's: they are checked once all are known).
    static func candidateInitializers(_ node: ExtensionDeclSyntax) -> [InitializerDeclSyntax] {
        members(node, checkingProperties: false)?.initializers ?? []
    }

    /// The colour type `type` names — `UIColor`, or `UIColor?` (optional) — or nil.
    private static func colorType(_ type: TypeSyntax) -> (type: TypeSyntax, isOptional: Bool)? {
        if colorTypes.contains(type.trimmedDescription) { return (type, false) }
        guard let optional = type.as(OptionalTypeSyntax.self), colorTypes.contains(optional.wrappedType.trimmedDescription) else {
            return nil
        }
        return (optional.wrappedType, true)
    }

    /// The names of an extension's instance members of a colour type (for their uses of each
    /// other, which are checked together).
    private static func instanceMemberNames(_ node: ExtensionDeclSyntax) -> Set<String> {
        Set(node.memberBlock.members.compactMap { instanceDeclaration($0.decl) }.filter { $0.type.flatMap(colorType) != nil }.map(\.name))
    }

    /// A function or a computed property (a getter alone) that is not static, as an instance
    /// member this pass may write: its name, signature (nil for a property), declared type
    /// (nil for a function giving nothing back) and body.
    private static func instanceDeclaration(_ decl: DeclSyntax) -> (
        name: String, signature: FunctionSignatureSyntax?, type: TypeSyntax?, body: CodeBlockItemListSyntax
    )? {
        if let function = decl.as(FunctionDeclSyntax.self), !function.modifiers.isTypeMember, function.attributes.isEmpty,
            function.genericParameterClause == nil, function.signature.effectSpecifiers == nil, let statements = function.body?.statements
        {
            return (function.name.text, function.signature, function.signature.returnClause?.type, statements)
        }
        guard let variable = decl.as(VariableDeclSyntax.self), !variable.modifiers.isTypeMember, variable.attributes.isEmpty,
            variable.bindings.count == 1, let binding = variable.bindings.first, binding.initializer == nil,
            let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let annotation = binding.typeAnnotation?.type, case .getter(let statements)? = binding.accessorBlock?.accessors
        else { return nil }
        return (identifier, nil, annotation, statements)
    }

    /// The initializers, static colours and instance members of a colour extension this pass
    /// writes, or nil when it is not one.
    static func members(_ node: ExtensionDeclSyntax, checkingProperties: Bool = true) -> Members? {
        guard let type = node.extendedType.as(IdentifierTypeSyntax.self), colorTypes.contains(type.name.text),
            type.genericArgumentClause == nil, node.genericWhereClause == nil, node.inheritanceClause == nil,
            !node.isInAppleOnlyConditional, !node.memberBlock.members.isEmpty
        else { return nil }
        var members = Members()
        var delegatedTo: [[String]] = []
        let siblings = instanceMemberNames(node)
        for member in node.memberBlock.members {
            if let property = property(member.decl, checkingValue: checkingProperties) {
                members.properties.append(property)
                continue
            }
            if let function = function(member.decl, checkingValue: checkingProperties) {
                members.functions.append(function)
                continue
            }
            if let instanceMember = instanceMember(member.decl, siblings: siblings, checkingValue: checkingProperties) {
                members.instanceMembers.append(instanceMember)
                continue
            }
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.optionalMark == nil,
                initializer.signature.effectSpecifiers == nil, initializer.genericParameterClause == nil,
                initializer.modifiers.contains(where: { $0.name.text == "convenience" }), let delegations = delegations(initializer)
            else { return nil }
            members.initializers.append(initializer)
            delegatedTo += delegations.others
        }
        // Another initializer it delegates to must be one of the extension's own, and each
        // instance colour member one written.
        let signatures = members.initializers.map(signature)
        guard delegatedTo.allSatisfy({ labels in signatures.contains { $0.isCalled(with: labels) } }),
            Set(members.instanceMembers.filter { $0.type != nil }.map(\.name)) == siblings
        else { return nil }
        return members
    }

    /// `var name: UIColor { … }` (a getter alone) or `func name(…) -> UIColor { … }` (or
    /// `UIColor?`, giving back `nil` too), not static, deriving a colour from the receiver's,
    /// with the edits of its body; or such a member of another type naming no UIKit or AppKit
    /// type (`var isLight: Bool`), reading the receiver's components; a method's colour
    /// parameters are ones ``ColorVariableRewriter`` writes. Nil for any other member,
    /// or one whose name `CGColor` has. `siblings` are the names of the extension's instance
    /// colour members, which a colour member may give back.
    private static func instanceMember(_ decl: DeclSyntax, siblings: Set<String>, checkingValue: Bool) -> InstanceMember? {
        guard let (name, function, declaredType, body) = instanceDeclaration(decl),
            // A colour parameter is one the command writes as a CGColor, with its callers'
            // colours (``ColorVariableRewriter``).
            function?.parameterClause.parameters.allSatisfy({
                !$0.mentionsFrameworkType || !checkingValue || ColorVariableRewriter.parameter($0) != nil
            }) ?? true
        else { return nil }
        let signature = function.map { CallSignature($0.parameterClause.parameters) }
        guard !cgColorMembers.contains(name) else { return nil }
        let type = declaredType.flatMap(colorType)
        var edits: [(node: Syntax, replacement: String)] = []
        var kept: [Range<AbsolutePosition>] = []
        if let type {
            guard let results = ReturnStatements.results(of: body) else { return nil }
            for result in results {
                // An optional colour's `nil`.
                if type.isOptional, result.is(NilLiteralExprSyntax.self) { continue }
                guard let written = derivedColor(result, siblings: siblings, checkingValue: checkingValue) else { return nil }
                kept.append(result.range)
                if written != result.trimmedDescription { edits.append((Syntax(result), written)) }
            }
        } else if let declaredType, declaredType.mentionsFrameworkType {
            return nil
        }
        guard let reads = receiverReads(in: body, besides: kept) else { return nil }
        return InstanceMember(name: name, signature: signature, type: type?.type, isOptional: type?.isOptional ?? false, edits: edits + reads)
    }

    /// What an instance member gives back, written for `CGColor`: `self`, another instance
    /// colour member of the extension (on `self`, on no receiver, or on such a member:
    /// `inverted.translucent`), `withAlphaComponent(a)` of the receiver, or a colour
    /// ``UIKitValueRewriter`` writes; nil for anything else.
    private static func derivedColor(_ result: ExprSyntax, siblings: Set<String>, checkingValue: Bool) -> String? {
        if isReceiverColor(result, siblings: siblings) { return result.trimmedDescription }
        if let call = result.as(FunctionCallExprSyntax.self), receiverMember(call.calledExpression) == "withAlphaComponent",
            call.trailingClosure == nil, call.arguments.count == 1, call.arguments.first?.label == nil,
            let alpha = call.arguments.first, !alpha.mentionsFrameworkType
        {
            return "self.copy(alpha: \(alpha.expression.trimmedDescription))!"
        }
        guard checkingValue else { return result.trimmedDescription }
        return UIKitValueRewriter.color(result, implicitMember: true)
    }

    /// Whether `expression` is the receiver or a colour its instance colour members (`siblings`)
    /// derive from it: `self`, `inverted`, `self.darker(by: 10)`, `inverted.translucent`.
    private static func isReceiverColor(_ expression: ExprSyntax, siblings: Set<String>) -> Bool {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return reference.baseName.tokenKind == .keyword(.self) || siblings.contains(reference.baseName.text)
        }
        var member = expression
        if let call = expression.as(FunctionCallExprSyntax.self) {
            guard call.trailingClosure == nil, !call.arguments.mentionsFrameworkType else { return false }
            member = call.calledExpression
        }
        if let reference = member.as(DeclReferenceExprSyntax.self) { return siblings.contains(reference.baseName.text) }
        guard let access = member.as(MemberAccessExprSyntax.self), let base = access.base, siblings.contains(access.declName.baseName.text)
        else { return false }
        return isReceiverColor(base, siblings: siblings)
    }

    /// The edits of an instance member's reads of its receiver — `getRed(…)` and `getHue(…)`
    /// (on `self` or no receiver) read from the CGColor, and `cgColor` (`self.cgColor`), the
    /// receiver itself — or nil when the body names a UIKit or AppKit type outside the values
    /// it gives back (`kept`, each written whole), or a colour member `CGColor` lacks.
    private static func receiverReads(in body: CodeBlockItemListSyntax, besides kept: [Range<AbsolutePosition>])
        -> [(node: Syntax, replacement: String)]?
    {
        final class Finder: SyntaxVisitor {
            var edits: [(node: Syntax, replacement: String)] = []
            var isWritable = true
            let kept: [Range<AbsolutePosition>]
            init(kept: [Range<AbsolutePosition>]) {
                self.kept = kept
                super.init(viewMode: .sourceAccurate)
            }
            func isKept(_ node: some SyntaxProtocol) -> Bool { kept.contains { $0.contains(node.position) } }
            override func visit(_ node: TokenSyntax) -> SyntaxVisitorContinueKind {
                if ImportRewriter.frameworkTypes[node.text] != nil, !isKept(node) { isWritable = false }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                guard let name = ColorExtensionRewriter.receiverMember(node.calledExpression), ["getRed", "getHue"].contains(name) else {
                    return .visitChildren
                }
                guard let written = ColorComponents.read(node, color: "self"), !isKept(node) else {
                    isWritable = false
                    return .skipChildren
                }
                edits.append((Syntax(node), written))
                return .skipChildren
            }
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                if !node.isMemberName { check(node.baseName.text, node: ExprSyntax(node)) }
                return .visitChildren
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                guard node.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) else { return .visitChildren }
                check(node.declName.baseName.text, node: ExprSyntax(node))
                return .skipChildren
            }
            /// A member of the receiver, named with `self.` or without a receiver.
            func check(_ name: String, node: ExprSyntax) {
                if ColorExtensionRewriter.colorOnlyMembers.contains(name) { isWritable = false }
                // The receiver's copy with an alpha is written only where it is given back.
                if name == "withAlphaComponent", !isKept(node) { isWritable = false }
                guard name == "cgColor" else { return }
                if isKept(node) { isWritable = false }
                edits.append((Syntax(node), "self"))
            }
        }
        let finder = Finder(kept: kept)
        finder.walk(body)
        return finder.isWritable ? finder.edits : nil
    }

    /// The member `callee` names on the receiver: `name` alone or `self.name`.
    fileprivate static func receiverMember(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let access = callee.as(MemberAccessExprSyntax.self),
            access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return access.declName.baseName.text
    }

    /// `static func name(…) -> UIColor { <colour> }` (or `{ return <colour> }`), where the
    /// colour is one ``UIKitValueRewriter`` writes.
    private static func function(_ decl: DeclSyntax, checkingValue: Bool) -> Function? {
        guard let function = decl.as(FunctionDeclSyntax.self),
            function.modifiers.isTypeMember,
            function.attributes.isEmpty, function.genericParameterClause == nil, function.signature.effectSpecifiers == nil,
            let returnType = function.signature.returnClause?.type, colorTypes.contains(returnType.trimmedDescription),
            let body = function.body?.statements, body.count == 1, let item = body.first?.item,
            let value = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression,
            !function.signature.parameterClause.parameters.contains(where: { $0.ellipsis != nil }),
            !checkingValue || UIKitValueRewriter.color(value, implicitMember: true) != nil
        else { return nil }
        return Function(
            name: function.name.text, signature: CallSignature(function.signature.parameterClause.parameters), returnType: returnType,
            value: value)
    }

    /// `static let name = <colour>`, `static let name: UIColor = <colour>` or
    /// `static var name: UIColor { <colour> }` (or `{ return <colour> }`), where the colour is
    /// one ``UIKitValueRewriter`` writes.
    private static func property(_ decl: DeclSyntax, checkingValue: Bool) -> Property? {
        guard let variable = decl.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
            variable.modifiers.isTypeMember,
            variable.attributes.isEmpty, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        let annotation = binding.typeAnnotation?.type
        if let annotation, !colorTypes.contains(annotation.trimmedDescription) { return nil }
        var value: ExprSyntax?
        if let initial = binding.initializer?.value, binding.accessorBlock == nil {
            value = initial
        } else if binding.initializer == nil, annotation != nil, let accessors = binding.accessorBlock,
            case .getter(let body) = accessors.accessors, body.count == 1, let item = body.first?.item
        {
            value = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression
        }
        guard let value, !checkingValue || UIKitValueRewriter.color(value, implicitMember: annotation != nil) != nil else { return nil }
        return Property(name: name, annotation: annotation, value: value)
    }

    /// What a call of `initializer` must say.
    static func signature(_ initializer: InitializerDeclSyntax) -> CallSignature {
        CallSignature(initializer.signature.parameterClause.parameters)
    }

    /// The initializer's delegations — to `self.init(red:green:blue:alpha:)` or
    /// `self.init(white:alpha:)`, and the argument labels of those to other initializers (which
    /// must be the extension's own) — or nil when it has none or declares a function.
    static func delegations(_ initializer: InitializerDeclSyntax) -> (colors: [FunctionCallExprSyntax], others: [[String]])? {
        guard let body = initializer.body else { return nil }
        final class Finder: SyntaxVisitor {
            var colors: [FunctionCallExprSyntax] = []
            var others: [[String]] = []
            var declaresFunction = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let callee = node.calledExpression.as(MemberAccessExprSyntax.self), callee.declName.baseName.text == "init",
                    callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
                {
                    let labels = node.arguments.map { $0.label?.text ?? "_" }
                    if node.trailingClosure == nil, labels == ["red", "green", "blue", "alpha"] || labels == ["white", "alpha"] {
                        colors.append(node)
                    } else {
                        others.append(labels)
                    }
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
                declaresFunction = true
                return .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        guard !finder.declaresFunction, !(finder.colors.isEmpty && finder.others.isEmpty) else { return nil }
        return (finder.colors, finder.others)
    }

    /// Whether `node` (a use of `UIColor`) is the type of an extension this pass writes, or
    /// of one of its static colours.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current, !parent.is(ExtensionDeclSyntax.self) {
            // Members' bodies are searched (the colours they give back are written, wherever
            // they are in them); nested types are not.
            if parent.is(ClassDeclSyntax.self) || parent.is(StructDeclSyntax.self) || parent.is(EnumDeclSyntax.self) { return false }
            current = parent.parent
        }
        guard let extensionDecl = current?.as(ExtensionDeclSyntax.self), let members = members(extensionDecl) else { return false }
        let position = node.position
        if extensionDecl.extendedType.position == position { return true }
        return members.properties.contains { $0.annotation?.position == position || $0.value.range.contains(position) }
            || members.functions.contains { $0.returnType.position == position || $0.value.range.contains(position) }
            || members.instanceMembers.contains { member in
                member.type?.position == position || member.edits.contains { $0.node.range.contains(position) }
            }
    }
}
