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
/// ``UIKitValueRewriter`` writes. An extension with any other member is left for a person.
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

    static let colorTypes: Set<String> = ["UIColor", "NSColor"]

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let (initializers, properties, functions) = Self.members(node) else { return .skipChildren }
        let reason = "UIKit and AppKit do not exist on Linux; the extension's initializers and static colours make colours from components, and Lamina's CGColor (a Swift class) takes them as they are"
        file.replace(node.extendedType, with: "CGColor", kind: .uikitValue, reason: reason)
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

    /// The initializers and static colours of a colour extension this pass writes, or nil when
    /// it is not one.
    static func members(_ node: ExtensionDeclSyntax, checkingProperties: Bool = true)
        -> (initializers: [InitializerDeclSyntax], properties: [Property], functions: [Function])?
    {
        guard let type = node.extendedType.as(IdentifierTypeSyntax.self), colorTypes.contains(type.name.text),
            type.genericArgumentClause == nil, node.genericWhereClause == nil, node.inheritanceClause == nil,
            !node.isInAppleOnlyConditional, !node.memberBlock.members.isEmpty
        else { return nil }
        var initializers: [InitializerDeclSyntax] = []
        var properties: [Property] = []
        var functions: [Function] = []
        var delegatedTo: [[String]] = []
        for member in node.memberBlock.members {
            if let property = property(member.decl, checkingValue: checkingProperties) {
                properties.append(property)
                continue
            }
            if let function = function(member.decl, checkingValue: checkingProperties) {
                functions.append(function)
                continue
            }
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.optionalMark == nil,
                initializer.signature.effectSpecifiers == nil, initializer.genericParameterClause == nil,
                initializer.modifiers.contains(where: { $0.name.text == "convenience" }), let delegations = delegations(initializer)
            else { return nil }
            initializers.append(initializer)
            delegatedTo += delegations.others
        }
        // Another initializer it delegates to must be one of the extension's own.
        let signatures = initializers.map(signature)
        guard delegatedTo.allSatisfy({ labels in signatures.contains { $0.isCalled(with: labels) } }) else { return nil }
        return (initializers, properties, functions)
    }

    /// `static func name(…) -> UIColor { <colour> }` (or `{ return <colour> }`), where the
    /// colour is one ``UIKitValueRewriter`` writes.
    private static func function(_ decl: DeclSyntax, checkingValue: Bool) -> Function? {
        guard let function = decl.as(FunctionDeclSyntax.self),
            function.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
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
            variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
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
            // A static function's body is searched (its colour is written); other code is not.
            if parent.is(CodeBlockSyntax.self), parent.parent?.is(FunctionDeclSyntax.self) != true { return false }
            if parent.is(ClassDeclSyntax.self) || parent.is(StructDeclSyntax.self) { return false }
            current = parent.parent
        }
        guard let extensionDecl = current?.as(ExtensionDeclSyntax.self), let (_, properties, functions) = members(extensionDecl)
        else { return false }
        let position = node.position
        if extensionDecl.extendedType.position == position { return true }
        return properties.contains { $0.annotation?.position == position || $0.value.range.contains(position) }
            || functions.contains { $0.returnType.position == position || $0.value.range.contains(position) }
    }
}
