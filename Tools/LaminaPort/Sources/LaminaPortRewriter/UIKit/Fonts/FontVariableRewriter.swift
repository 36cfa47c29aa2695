import SwiftSyntax

/// A UIKit or AppKit font kept in a name only to give text layers and attributed strings
/// their font and size, written as the Core Text font they take:
///
/// ```swift
/// let font = UIFont.boldSystemFont(ofSize: 20)      let font = CTFontCreateUIFontForLanguage(.emphasizedSystem, 20, nil)!
/// text.font = font                            →     text.font = font
/// text.fontSize = font.pointSize                    text.fontSize = CTFontGetSize(font)
/// ```
///
/// The declaration has one name (a stored property may observe it; a computed property with
/// only a getter returns such fonts), the type `UIFont` (or `NSFont`) or none, and a font
/// ``UIFontRewriter`` writes (`UIFont(name: n, size: s) ??
/// fallback`; `.systemFont(ofSize:)` too where the type is written) or another such font at
/// another size (`title.withSize(24)`). Every use
/// is the font itself given to something's `font` or a `.font` attribute, its `pointSize`
/// (`CTFontGetSize`), `fontName` (`CTFontCopyPostScriptName`), `familyName`, line metrics
/// (`ascender`, `descender`, `leading`, `capHeight`, `xHeight`, `lineHeight`: the Core Text
/// figures that make them), or a copy at another size (`withSize(s)`:
/// `CTFontCreateCopyWithAttributes`); a font used otherwise (passed on, its descriptor) is left
/// for a person. A local's uses are the statements after it in its block; a property's the
/// file's.
///
/// An optional font (`UIFont?`, `UIFont!`) holds the optional Core Text font, and may be given
/// `nil`; its uses may also unwrap it (``useReport(of:in:except:parametersHide:ownType:isOptional:)``).
final class FontVariableRewriter: PortingPass {
    /// `if let font = value as? UIFont` (or `guard let`, `as!`, `NSFont`): a font read back
    /// from attributes, which hold the Core Text font on Linux, cast to it instead, with its
    /// uses in the binding's scope written as a declared font's are.
    ///
    /// `if let font = UIFont(name: n, size: s)` (or `guard let`): the Core Text font, which is
    /// never nil (a font not installed falls back to a similar one, where UIKit gives nil), as
    /// an optional the binding unwraps, with its uses written alike.
    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        if let (call, written, uses) = Self.namedFont(node), let pattern = node.pattern.as(IdentifierPatternSyntax.self) {
            let reason = "UIKit and AppKit do not exist on Linux; '\(pattern.identifier.text)' only gives text its font, so it holds the CTFont text layers and attributed strings take (Core Text falls back to a similar font where UIKit gives nil)"
            file.replace(call, with: "Optional(\(written))", kind: .uikitValue, reason: reason)
            for (use, written) in uses { file.replace(use, with: written, kind: .uikitValue, reason: reason) }
            return .skipChildren
        }
        guard let (type, uses) = Self.castFont(node), let pattern = node.pattern.as(IdentifierPatternSyntax.self) else {
            return .visitChildren
        }
        let reason = "UIKit and AppKit do not exist on Linux; attributes hold the CTFont, and '\(pattern.identifier.text)' only gives text its font"
        file.replace(type, with: "CTFont", kind: .uikitValue, reason: reason)
        for (use, written) in uses { file.replace(use, with: written, kind: .uikitValue, reason: reason) }
        return .visitChildren
    }

    /// The type a font bound from a cast is cast to (`if let font = value as? UIFont`), and
    /// what its uses become; nil for another binding or a use this pass does not write.
    static func castFont(_ node: OptionalBindingConditionSyntax) -> (TypeExprSyntax, [(ExprSyntax, String)])? {
        guard let pattern = node.pattern.as(IdentifierPatternSyntax.self), node.typeAnnotation == nil,
            let cast = node.initializer?.value.as(SequenceExprSyntax.self), cast.elements.count == 3,
            Array(cast.elements)[1].is(UnresolvedAsExprSyntax.self), let type = Array(cast.elements)[2].as(TypeExprSyntax.self),
            ["UIFont", "NSFont"].contains(type.type.trimmedDescription), let scope = NameReferences.scope(of: node),
            let uses = uses(of: pattern.identifier.text, in: scope, except: pattern.id)
        else { return nil }
        return (type, uses)
    }

    /// `if let font = UIFont(name: n, size: s)`: the call, the Core Text font written for it,
    /// and what the name's uses become; nil for another binding or a use this pass does not write.
    static func namedFont(_ node: OptionalBindingConditionSyntax) -> (FunctionCallExprSyntax, String, [(ExprSyntax, String)])? {
        guard let pattern = node.pattern.as(IdentifierPatternSyntax.self), node.typeAnnotation == nil,
            let call = node.initializer?.value.as(FunctionCallExprSyntax.self), let written = UIFontRewriter.namedFont(call),
            let scope = NameReferences.scope(of: node), let uses = uses(of: pattern.identifier.text, in: scope, except: pattern.id)
        else { return nil }
        return (call, written, uses)
    }

    /// Whether `node` is in a font binding this pass writes (``castFont(_:)``,
    /// ``namedFont(_:)``).
    static func isCastRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let condition = ancestor.as(OptionalBindingConditionSyntax.self) { return castFont(condition) != nil || namedFont(condition) != nil }
            if ancestor.is(CodeBlockItemSyntax.self) || ancestor.is(MemberBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard !node.isInAppleOnlyConditional else { return .visitChildren }
        guard let font = Self.font(node) else {
            if let unwritten = Self.unwrittenUseOfWrittenFont(node) {
                file.note(
                    unwritten.use,
                    why: "'\(unwritten.name)' holds the Core Text font written for UIKit's, and this is a use of UIKit's font",
                    todo: "write it with Core Text's calls for the font (CTFontCopyFontDescriptor, CTFontGetBoundingBox, …)")
            }
            return .visitChildren
        }
        let reason = "UIKit and AppKit do not exist on Linux; '\(font.name)' only gives text its font, so it holds the CTFont text layers and attributed strings take"
        if let type = font.type { file.replace(type, with: "CTFont", kind: .uikitValue, reason: reason) }
        if let (value, written) = font.implicitValue { file.replace(value, with: written, kind: .uikitValue, reason: reason) }
        for (use, written) in font.uses + font.memberwiseValues { file.replace(use, with: written, kind: .uikitValue, reason: reason) }
        return .visitChildren
    }

    struct Font {
        var name: String
        var type: TypeSyntax?
        /// The initializer when it is `.systemFont(ofSize:)`-style (``UIFontRewriter`` writes the rest).
        var implicitValue: (ExprSyntax, String)?
        var uses: [(ExprSyntax, String)]
        /// The `.systemFont(ofSize:)`-style fonts its struct's memberwise initializations pass
        /// for it (or a computed property's getter returns), and the Core Text fonts written
        /// for them.
        var memberwiseValues: [(ExprSyntax, String)] = []
    }

    static let fontKeys: Set<String> = [".font", "NSAttributedString.Key.font", "NSAttributedStringKey.font", "NSFontAttributeName"]

    /// UIKit's font properties, as the Core Text calls that give them for the font `name`:
    /// `descender` is negative, as UIKit's is; `lineHeight` is ascent, descent and leading.
    static let metrics: [String: @Sendable (String) -> String] = [
        "pointSize": { "CTFontGetSize(\($0))" },
        "fontName": { "CTFontCopyPostScriptName(\($0))" },
        "familyName": { "CTFontCopyFamilyName(\($0))" },
        "ascender": { "CTFontGetAscent(\($0))" },
        "descender": { "(-CTFontGetDescent(\($0)))" },
        "leading": { "CTFontGetLeading(\($0))" },
        "capHeight": { "CTFontGetCapHeight(\($0))" },
        "xHeight": { "CTFontGetXHeight(\($0))" },
        "lineHeight": { "(CTFontGetAscent(\($0)) + CTFontGetDescent(\($0)) + CTFontGetLeading(\($0)))" },
    ]

    /// What each use of the font `name` in `scope` becomes (`name.pointSize` →
    /// `CTFontGetSize(name)`; given to a `font` or a `.font` attribute, unchanged), or nil when
    /// one is another use or `name` is declared again there.
    static func uses(
        of name: String, in scope: [Syntax], except declaration: SyntaxIdentifier? = nil, parametersHide: Bool = false,
        ownType: String? = nil, isOptional: Bool = false
    ) -> [(ExprSyntax, String)]? {
        guard
            let report = useReport(
                of: name, in: scope, except: declaration, parametersHide: parametersHide, ownType: ownType, isOptional: isOptional),
            report.unwritten.isEmpty
        else { return nil }
        return report.written
    }

    /// The uses of the font `name` in `scope` this pass writes (and what each becomes), and
    /// the references it does not (a member UIKit's font has and Core Text spells otherwise,
    /// the font passed on); nil when `name` is declared again there. For a property of
    /// `ownType`, `other.name` on a value declared of that type (or `self`) is a use too.
    ///
    /// An optional font's (`UIFont?`, `UIFont!`) uses may also be: compared with `nil` or
    /// given it; unwrapped (`name!`, read as the font); a line metric read through optional
    /// chaining (`name?.pointSize`: `name.map { CTFontGetSize($0) }`); or unwrapped by an
    /// optional binding (`if let font = name`, `guard let name = self.name`, `if let name`),
    /// whose bound font's uses in its scope are followed as a declared font's are.
    static func useReport(
        of name: String, in scope: [Syntax], except declaration: SyntaxIdentifier? = nil, parametersHide: Bool = false,
        ownType: String? = nil, isOptional: Bool = false
    ) -> (written: [(ExprSyntax, String)], unwritten: [ExprSyntax])? {
        guard
            let references = NameReferences.find(
                name, in: scope, except: declaration, parametersHide: parametersHide, rebindingsHide: isOptional, propertyOf: ownType)
        else { return nil }
        var written: [(ExprSyntax, String)] = []
        var unwritten: [ExprSyntax] = []
        /// The uses of a font an optional binding unwraps, in the binding's scope.
        func follow(_ condition: OptionalBindingConditionSyntax) -> Bool {
            guard condition.typeAnnotation == nil, let pattern = condition.pattern.as(IdentifierPatternSyntax.self),
                let bound = NameReferences.scope(of: condition),
                let report = useReport(of: pattern.identifier.text, in: bound, except: pattern.id)
            else { return false }
            written += report.written
            unwritten += report.unwritten
            return true
        }
        if isOptional {
            // `if let name { … }`: the shorthand binding hides the name in its scope.
            for condition in NameReferences.shorthandBindings(of: name, in: scope) {
                guard follow(condition) else { return nil }
            }
        }
        for reference in references {
            // The font: `name`, or `other.name` (`self.name`) for a property of its type.
            var font: ExprSyntax
            if reference.isMemberName {
                guard let ownType, let access = reference.parent?.as(MemberAccessExprSyntax.self), let base = access.base,
                    ["self", "Self", ownType].contains(base.trimmedDescription) || DeclaredType.of(base) == ownType
                else { continue }
                font = ExprSyntax(access)
            } else {
                font = ExprSyntax(reference)
            }
            if isOptional {
                // `if let font = name`: the bound font's uses.
                if let condition = font.parent?.parent?.as(OptionalBindingConditionSyntax.self), condition.initializer?.value.id == font.id {
                    guard follow(condition) else { return nil }
                    continue
                }
                // `name == nil`, `name = nil`: whether it holds a font, or none.
                if NilComparison.isComparedWithNil(font) || font.assignedValue?.is(NilLiteralExprSyntax.self) == true { continue }
                // `name?.pointSize`: the metric of the font it holds, if any.
                if let chained = font.parent?.as(OptionalChainingExprSyntax.self), let access = chained.parent?.as(MemberAccessExprSyntax.self),
                    access.base?.id == chained.id, let metric = metrics[access.declName.baseName.text], access.declName.argumentNames == nil,
                    !(access.parent?.is(MemberAccessExprSyntax.self) ?? false), !(access.parent?.is(FunctionCallExprSyntax.self) ?? false),
                    !(access.parent?.is(OptionalChainingExprSyntax.self) ?? false), !(access.parent?.is(ForceUnwrapExprSyntax.self) ?? false)
                {
                    written.append((ExprSyntax(access), "\(font.trimmedDescription).map { \(metric("$0")) }"))
                    continue
                }
                // `name!`: the font itself.
                if let forced = font.parent?.as(ForceUnwrapExprSyntax.self) { font = ExprSyntax(forced) }
            }
            let text = font.trimmedDescription
            if let access = font.parent?.as(MemberAccessExprSyntax.self), access.base?.id == font.id {
                let member = access.declName.baseName.text
                // `name.withSize(s)`: a copy at another size.
                if member == "withSize", let call = access.parent?.as(FunctionCallExprSyntax.self),
                    call.calledExpression.id == access.id, call.arguments.count == 1, call.trailingClosure == nil,
                    let size = call.arguments.first, size.label == nil
                {
                    written.append((ExprSyntax(call), "CTFontCreateCopyWithAttributes(\(text), \(size.expression.trimmedDescription), nil, nil)"))
                } else if let metric = metrics[member] {
                    written.append((ExprSyntax(access), metric(text)))
                } else if PortingContext.currentFontExtensions.instanceMembers.contains(member) {
                    // A member of a font extension the command writes on CTFont (`title.bold`).
                    continue
                } else {
                    unwritten.append(font)
                }
                continue
            }
            // The fallback of a font read back from attributes (`(value as? UIFont) ?? name`)
            // given to a font local or parameter this pass writes.
            if isReadBackFallback(font) { continue }
            // `name as CTFont`, UIKit's toll-free bridge: the Core Text font itself.
            if let cast = bridgeToCTFont(after: font) {
                written.append(cast)
                continue
            }
            // `name = other.name`, copied from another value of its type (`init(layer:)`): either side.
            if DeclaredType.isPropertyCopy(font) { continue }
            // Stored in a font property this pass writes (`self.titleFont = font`), or given a
            // font parameter that takes the Core Text font.
            if isStoredInWrittenProperty(font) { continue }
            if let value = font.assignedValue, FontParameterRewriter.isWrittenParameter(value) {
                continue
            }
            // Passed for a font parameter that takes the Core Text font.
            if let parameter = FunctionReferences.parameter(receiving: font), FontParameterRewriter.isWritten(parameter) { continue }
            // `x.font = name`.
            if let target = font.assignmentTarget,
                (target.as(MemberAccessExprSyntax.self)?.declName.baseName.text ?? target.as(DeclReferenceExprSyntax.self)?.baseName.text) == "font"
            {
                continue
            }
            // `[.font: name]`.
            if let element = font.parent?.as(DictionaryElementSyntax.self), element.value.id == font.id,
                fontKeys.contains(element.key.trimmedDescription)
            {
                continue
            }
            // `name = value`, given another font the command writes (`.systemFont(ofSize: s)`
            // written here, the type being the variable's), or a font variable it writes.
            if let value = font.assignedValue {
                if isWrittenFont(value) || isWrittenFontName(value) { continue }
                if let assigned = UIFontRewriter.font(value, implicitMember: true) {
                    written.append((value, assigned))
                    continue
                }
            }
            unwritten.append(font)
        }
        return (written, unwritten)
    }

    /// `font as CTFont` (UIKit's and AppKit's fonts bridge toll-free to Core Text's) around
    /// `font`: the sequence holding the cast — alone, or assigned (`layer.font = font as
    /// CTFont`) — and its text without the cast.
    private static func bridgeToCTFont(after font: ExprSyntax) -> (ExprSyntax, String)? {
        guard let list = font.parent?.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) else { return nil }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == font.id }), index + 3 == elements.count,
            let cast = elements[index + 1].as(UnresolvedAsExprSyntax.self), cast.questionOrExclamationMark == nil,
            elements[index + 2].trimmedDescription == "CTFont",
            index == 0 || (index == 2 && elements[1].is(AssignmentExprSyntax.self))
        else { return nil }
        return (ExprSyntax(sequence), elements[...index].trimmedSourceText)
    }

    /// A use of the untyped name `node` declares whose initializer ``UIFontRewriter`` writes
    /// as a Core Text font, where the use is one this pass does not write (`font.fontDescriptor`):
    /// the code no longer compiles there, so it is reported.
    static func unwrittenUseOfWrittenFont(_ node: VariableDeclSyntax) -> (name: String, use: Syntax)? {
        guard node.bindings.count == 1, let binding = node.bindings.first, binding.typeAnnotation == nil,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self), binding.isStored,
            let value = binding.initializer?.value, UIFontRewriter.font(value) != nil || isResizedFont(value),
            let searched = NameReferences.scope(of: node, properties: true),
            let report = useReport(
                of: pattern.identifier.text, in: searched, except: pattern.id,
                ownType: node.parent?.is(MemberBlockItemSyntax.self) == true ? node.enclosingTypeName : nil),
            let first = report.unwritten.first
        else { return nil }
        let use = first.parent?.as(MemberAccessExprSyntax.self).map(Syntax.init) ?? Syntax(first)
        return (pattern.identifier.text, use)
    }

    static func font(_ node: VariableDeclSyntax) -> Font? {
        guard node.bindings.count == 1, let binding = node.bindings.first,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        // A computed property with only a getter returning fonts written as Core Text's.
        let getter = binding.isStored ? nil : binding.getterBody
        guard binding.isStored || getter != nil else { return nil }
        // `UIFont`, or optional (`UIFont?`, `UIFont!`): its wrapped type is written.
        var type = binding.typeAnnotation?.type
        var isOptional = false
        if let optional = type?.as(OptionalTypeSyntax.self)?.wrappedType ?? type?.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType {
            (type, isOptional) = (optional, true)
        }
        if let type, !UIFontRewriter.fontTypes.contains(type.trimmedDescription) { return nil }
        let isProperty = node.parent?.is(MemberBlockItemSyntax.self) == true
        var implicitValue: (ExprSyntax, String)?
        var returned: [(ExprSyntax, String)] = []
        if let getter {
            let values = PathFunctionRewriter.returnedExpressions(getter)
            guard type != nil, !values.isEmpty else { return nil }
            for value in values where !isWrittenFont(value) && !(isOptional && value.is(NilLiteralExprSyntax.self)) {
                guard let written = UIFontRewriter.font(value, implicitMember: true) else { return nil }
                returned.append((value, written))
            }
        } else if let value = binding.initializer?.value {
            if let cast = $assumedWritten.withValue(assumedWritten.union([node.id]), operation: { readBackFont(value) }) {
                // `let font = (value as? UIFont) ?? fallback`: read back as the Core Text font.
                implicitValue = (ExprSyntax(cast), "CTFont")
            } else if isOptional, value.is(NilLiteralExprSyntax.self) {
                // `var font: UIFont? = nil`: none yet.
            } else if !isWrittenFont(value) {
                guard type != nil, let written = UIFontRewriter.font(value, implicitMember: true) else { return nil }
                implicitValue = (value, written)
            }
        } else if type == nil || !isProperty {
            return nil
        }
        let name = pattern.identifier.text
        guard let searched = NameReferences.scope(of: node, properties: true) else { return nil }
        // A font parameter stored in it is taken to be written while its uses are checked.
        return $assumedWritten.withValue(assumedWritten.union([node.id])) { () -> Font? in
            let ownType = isProperty ? node.enclosingTypeName : nil
            guard let uses = uses(of: name, in: searched, except: pattern.id, parametersHide: isProperty, ownType: ownType, isOptional: isOptional)
            else { return nil }
            // A property given no font where it is declared is given font parameters that
            // take the Core Text font (`init(font: UIFont) { self.titleFont = font }`).
            if getter != nil { return Font(name: name, type: type, uses: uses, memberwiseValues: returned) }
            // An optional one may be given none, or fonts the command writes (`font = .systemFont(ofSize: 12)`).
            if binding.initializer == nil {
                guard let references = StoredPropertyReferences(of: node, isOptional: isOptional),
                    references.assignments.allSatisfy({ assigned in
                        FontParameterRewriter.isWrittenParameter(assigned.value)
                            || isOptional && (isWrittenFont(assigned.value) || isWrittenFontName(assigned.value)
                                || UIFontRewriter.font(assigned.value, implicitMember: true) != nil)
                    })
                else { return nil }
            }
            // A struct's stored property is given fonts by its memberwise initializations
            // (`Theme(titleFont: .boldSystemFont(ofSize: 17))`): each one written, in its file;
            // a struct another ported file names may be made there, which this file's pass
            // cannot write, and is left.
            var given: [(ExprSyntax, String)] = []
            guard let memberwise = StoredPropertyReferences.memberwiseValues(of: node, isOptional: isOptional) else { return nil }
            for value in memberwise {
                if isWrittenFont(value) || FontParameterRewriter.isWrittenParameter(value) { continue }
                guard let written = UIFontRewriter.font(value, implicitMember: true) else { return nil }
                given.append((value, written))
            }
            return Font(name: name, type: type, implicitValue: implicitValue, uses: uses, memberwiseValues: given)
        }
    }

    /// The font properties taken to be written while one's uses are checked.
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// Whether `reference` is stored in a font property this pass writes (`self.titleFont = font`).
    private static func isStoredInWrittenProperty(_ reference: ExprSyntax) -> Bool {
        guard let declaration = StoredPropertyReferences.property(storing: reference) else { return false }
        return assumedWritten.contains(declaration.id) || font(declaration) != nil
    }

    /// Whether `value` names a font variable or property this pass writes (or takes to be
    /// written while checking it): a local declared before it, a property of the type around
    /// it, or a static property named with its type (`Theme.label`).
    static func isWrittenFontName(_ value: ExprSyntax) -> Bool {
        if let declaration = StoredPropertyReferences.staticProperty(namedBy: value) {
            return assumedWritten.contains(declaration.id) || font(declaration) != nil
        }
        guard let reference = value.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
        let name = reference.baseName.text
        guard let declaration = NameReferences.variable(named: name, seenFrom: reference) else { return false }
        return assumedWritten.contains(declaration.id) || font(declaration) != nil
    }

    /// `(value as? UIFont) ?? fallback` (or `NSFont`): a font read back from attributes, which
    /// hold the Core Text font on Linux, or else a font the command writes (a font variable,
    /// property or static property this pass writes, or one ``UIFontRewriter`` writes). The
    /// cast's type, which becomes `CTFont`; nil for another expression.
    static func readBackFont(_ value: ExprSyntax) -> TypeExprSyntax? {
        guard let read = FallbackCast(value, castTo: UIFontRewriter.fontTypes) else { return nil }
        return isWrittenFontName(read.fallback) || UIFontRewriter.font(read.fallback, implicitMember: true) != nil ? read.type : nil
    }

    /// Whether `font` is the fallback of a font read back from attributes (``readBackFont(_:)``)
    /// that is itself given to a font local or parameter this pass writes.
    private static func isReadBackFallback(_ font: ExprSyntax) -> Bool {
        FallbackCast.withFallback(font, castTo: UIFontRewriter.fontTypes).map { isWrittenReadBack($0.sequence) } ?? false
    }

    /// Whether `node` (a type's name) is the cast of a font read back from attributes that
    /// this pass writes as `CTFont`.
    static func isReadBackCastRewritten(_ node: some SyntaxProtocol) -> Bool {
        FallbackCast.around(node, castTo: UIFontRewriter.fontTypes).map { isWrittenReadBack($0.sequence) } ?? false
    }

    /// Whether `sequence`, a font read back from attributes, is given to a font local or
    /// parameter this pass writes.
    private static func isWrittenReadBack(_ sequence: SequenceExprSyntax) -> Bool {
        guard readBackFont(ExprSyntax(sequence)) != nil else { return false }
        if let declaration = sequence.parent?.as(InitializerClauseSyntax.self)?.parent?.parent?.parent?.as(VariableDeclSyntax.self) {
            return assumedWritten.contains(declaration.id) || self.font(declaration) != nil
        }
        guard let parameter = FunctionReferences.parameter(receiving: sequence) else { return false }
        return FontParameterRewriter.isWritten(parameter)
    }

    /// Whether `value` names a font variable or property this pass writes as a Core Text font
    /// (`label.font = valueFont`, `self.valueFont`).
    static func isWrittenFontVariable(_ value: ExprSyntax) -> Bool {
        let reference = value.as(DeclReferenceExprSyntax.self)
            ?? value.as(MemberAccessExprSyntax.self).flatMap { $0.base?.trimmedDescription == "self" ? $0.declName : nil }
        guard let reference, reference.argumentNames == nil,
            let declaration = NameReferences.variable(named: reference.baseName.text, seenFrom: reference)
        else { return false }
        return assumedWritten.contains(declaration.id) || font(declaration) != nil
    }

    /// Whether `value` is a font the command writes as a Core Text font as it stands: one
    /// ``UIFontRewriter`` writes (`UIFont(name: n, size: s) ?? fallback` too) or a copy of a
    /// font variable this pass writes at another size.
    private static func isWrittenFont(_ value: ExprSyntax) -> Bool {
        UIFontRewriter.font(value) != nil || value.as(SequenceExprSyntax.self).flatMap(UIFontRewriter.optionalFont(in:)) != nil
            || isResizedFont(value)
    }

    /// Whether `value` is `font.withSize(s)` on a font variable this pass writes (whose uses
    /// write the copy as `CTFontCreateCopyWithAttributes`): a Core Text font once ported.
    private static func isResizedFont(_ value: ExprSyntax) -> Bool {
        guard let call = value.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "withSize", let base = access.base?.as(DeclReferenceExprSyntax.self)
        else { return false }
        let name = base.baseName.text
        return NameReferences.variable(named: name, seenFrom: base).map { font($0) != nil } ?? false
    }
}
