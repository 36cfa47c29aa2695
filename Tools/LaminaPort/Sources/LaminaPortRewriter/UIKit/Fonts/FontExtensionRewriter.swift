import SwiftSyntax

/// A `UIFont` (or `NSFont`) extension of helpers deriving fonts — traits through the font's
/// descriptor, a size, a named font with a fallback — written as the same members on `CTFont`,
/// which is a Swift class in Lamina:
///
/// ```swift
/// extension UIFont {                                     extension CTFont {
///     func withTraits(                                       func withTraits(
///         _ traits: UIFontDescriptor.SymbolicTraits...           _ traits: CTFontSymbolicTraits...
///     ) -> UIFont {                                          ) -> CTFont {
///         guard let descriptor = fontDescriptor              guard let descriptor = CTFontCreateCopyWithSymbolicTraits(
///             .withSymbolicTraits(                     →         self, 0, nil, CTFontSymbolicTraits(traits),
///                 UIFontDescriptor.SymbolicTraits(traits))       [.traitBold, .traitItalic, .traitCondensed, .traitExpanded])
///         else { return self }                               else { return self }
///         return UIFont(descriptor: descriptor, size: 0)     return descriptor
///     }                                                      }
///     var bold: UIFont { withTraits(.traitBold) }            var bold: CTFont { withTraits(.traitBold) }
/// }                                                      }
/// ```
///
/// In the members' bodies, `fontDescriptor.withSymbolicTraits(t)` is the font of the same
/// family and size with the traits `t` in place of its bold, italic, condensed and expanded
/// ones (UIKit's replaces the descriptor's symbolic traits), nil where no such face is
/// installed; `fontDescriptor.symbolicTraits` is `CTFontGetSymbolicTraits(self)`;
/// `UIFont(descriptor: d, size: 0)` is that font itself, and at another size its copy at that
/// size; `UIFontDescriptor.SymbolicTraits` is `CTFontSymbolicTraits`; the font's own metrics
/// (`pointSize`, `lineHeight`, …) are the Core Text calls ``FontVariableRewriter`` writes, and
/// `withSize(s)` its copy at that size. Fonts ``UIFontRewriter`` writes may be made there
/// (`UIFont(name: n, size: s) ?? .systemFont(ofSize: s)`). Uses of the members on fonts the
/// command writes (`UIFont.systemFont(ofSize: 17).bold`, `UIFont.brand(ofSize: 14)`,
/// `NSFont.timerFont`, a font variable's `title.bold`) are the members on the `CTFont`. An extension with an initializer
/// or a stored property, or naming the descriptor or a UIKit type otherwise, is left for a
/// person.
final class FontExtensionRewriter: PortingPass {
    /// What the ported files' font extensions declare.
    struct Declared: Sendable {
        /// The instance members (properties and methods), by name.
        var instanceMembers: Set<String> = []
        /// The static members (properties and methods), by name.
        var staticMembers: Set<String> = []
    }

    /// The traits UIKit's `withSymbolicTraits(_:)` replaces, as Core Text's mask.
    static let replacedTraits = "[.traitBold, .traitItalic, .traitCondensed, .traitExpanded]"

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let edits = Self.edits(node) else { return .skipChildren }
        let reason = "UIKit and AppKit do not exist on Linux; the extension's members derive fonts, and Lamina's CTFont (a Swift class) takes them with Core Text's calls"
        file.replace(node.extendedType, with: "CTFont", kind: .uikitValue, reason: reason)
        for edit in edits { file.replace(edit.range, with: edit.replacement, kind: .uikitValue, reason: reason) }
        return .skipChildren
    }

    /// An edit of an extension's text: a range of its file's offsets and what replaces it.
    struct Edit {
        var range: Range<Int>
        var replacement: String
    }

    /// The members a font extension declares that the command writes, or nil when `node` is
    /// not one.
    static func declared(_ node: ExtensionDeclSyntax) -> Declared? {
        guard edits(node) != nil else { return nil }
        var declared = Declared()
        for member in node.memberBlock.members {
            let name: String?
            let modifiers: DeclModifierListSyntax
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                (name, modifiers) = (function.name.text, function.modifiers)
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                (name, modifiers) = (variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, variable.modifiers)
            } else {
                continue
            }
            guard let name else { continue }
            if modifiers.isTypeMember {
                declared.staticMembers.insert(name)
            } else {
                declared.instanceMembers.insert(name)
            }
        }
        return declared
    }

    /// The edits of the extension's members, or nil when it is not one this pass writes.
    static func edits(_ node: ExtensionDeclSyntax) -> [Edit]? {
        guard let type = node.extendedType.as(IdentifierTypeSyntax.self), UIFontRewriter.fontTypes.contains(type.name.text),
            type.genericArgumentClause == nil, node.genericWhereClause == nil, node.inheritanceClause == nil,
            !node.isInAppleOnlyConditional, !node.memberBlock.members.isEmpty
        else { return nil }
        // Functions and computed properties only.
        for member in node.memberBlock.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), function.body != nil, function.attributes.isEmpty { continue }
            if let variable = member.decl.as(VariableDeclSyntax.self), variable.attributes.isEmpty, variable.bindings.count == 1,
                let binding = variable.bindings.first, binding.initializer == nil, binding.typeAnnotation != nil,
                case .getter? = binding.accessorBlock?.accessors
            {
                continue
            }
            return nil
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(node.memberBlock)
        guard finder.isWritable else { return nil }
        // Every UIKit or AppKit type named is written by an edit here, or by the fonts
        // UIFontRewriter writes.
        for token in node.memberBlock.tokens(viewMode: .sourceAccurate) where ImportRewriter.frameworkTypes[token.text] != nil {
            let offset = token.positionAfterSkippingLeadingTrivia.utf8Offset
            guard finder.edits.contains(where: { $0.range.contains(offset) })
                || token.parent.map({ UIKitValueRewriter.isRewritten($0) }) == true
            else { return nil }
        }
        return finder.edits
    }

    /// Whether `node` (a use of a UIKit or AppKit type name) is in an extension this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        node.enclosingExtension.map { edits($0) != nil } ?? false
    }

    /// Collects the edits of the members' bodies and types, and whether what they name of
    /// UIKit's font and descriptor is written.
    private final class Finder: SyntaxVisitor {
        var edits: [Edit] = []
        var isWritable = true

        private func range(_ node: some SyntaxProtocol) -> Range<Int> { PortingSourceFile.trimmedRange(node) }

        private func replace(_ node: some SyntaxProtocol, with text: String) { edits.append(Edit(range: range(node), replacement: text)) }

        /// Replaces the text from the start of `outer` to the start of `first`, between `first`
        /// and `second` (when given), and from the end of the last to the end of `outer`.
        private func wrap(
            _ outer: some SyntaxProtocol, keeping first: some SyntaxProtocol, before: String, between: (ExprSyntax, String)? = nil,
            after: String
        ) {
            let whole = range(outer), kept = range(first)
            edits.append(Edit(range: whole.lowerBound..<kept.lowerBound, replacement: before))
            var end = kept.upperBound
            if let (second, text) = between {
                let secondRange = range(second)
                edits.append(Edit(range: end..<secondRange.lowerBound, replacement: text))
                end = secondRange.upperBound
            }
            edits.append(Edit(range: end..<whole.upperBound, replacement: after))
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            // Not a type nested in the font's (`UIFont.Weight`), which Core Text does not have.
            if UIFontRewriter.fontTypes.contains(node.name.text), node.genericArgumentClause == nil, node.parent?.is(MemberTypeSyntax.self) != true {
                replace(node, with: "CTFont")
            }
            return .visitChildren
        }

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            guard Self.isSymbolicTraits(node.trimmedDescription) else { return .visitChildren }
            replace(node, with: "CTFontSymbolicTraits")
            return .skipChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.arguments.map { $0.label?.text ?? "_" }
            // `UIFont(descriptor: d, size: s)`: the font `d` is, at size `s` unless 0.
            if let callee = node.calledExpression.as(DeclReferenceExprSyntax.self), UIFontRewriter.fontTypes.contains(callee.baseName.text),
                labels == ["descriptor", "size"], node.trailingClosure == nil
            {
                let arguments = Array(node.arguments)
                let (font, size) = (arguments[0].expression, arguments[1].expression)
                if ["0", "0.0"].contains(size.trimmedDescription) {
                    wrap(node, keeping: font, before: "", after: "")
                } else {
                    wrap(node, keeping: font, before: "CTFontCreateCopyWithAttributes(", between: (size, ", "), after: ", nil, nil)")
                }
                return .visitChildren
            }
            // `fontDescriptor.withSymbolicTraits(t)`: the font with those traits.
            if let access = node.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base, Self.isOwnDescriptor(base),
                let traits = Self.traitsArgument(of: access)
            {
                wrap(node, keeping: traits, before: "CTFontCreateCopyWithSymbolicTraits(self, 0, nil, ", after: ", \(FontExtensionRewriter.replacedTraits))")
                return .visitChildren
            }
            // `withSize(s)` of the font itself.
            if let member = Self.ownMember(node.calledExpression), member == "withSize", labels == ["_"], node.trailingClosure == nil,
                let size = node.arguments.first?.expression
            {
                wrap(node, keeping: size, before: "CTFontCreateCopyWithAttributes(self, ", after: ", nil, nil)")
                return .visitChildren
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            // `UIFontDescriptor.SymbolicTraits` in an expression (`UIFontDescriptor.SymbolicTraits(traits)`).
            if Self.isSymbolicTraits(node.trimmedDescription) {
                replace(node, with: "CTFontSymbolicTraits")
                return .skipChildren
            }
            // `fontDescriptor.symbolicTraits`.
            if node.declName.baseName.text == "symbolicTraits", let base = node.base, Self.isOwnDescriptor(base) {
                replace(node, with: "CTFontGetSymbolicTraits(self)")
                return .skipChildren
            }
            if let base = node.base, Self.isOwnDescriptor(base) {
                // Another use of the descriptor than `withSymbolicTraits(t)`, written with its call.
                if node.declName.baseName.text != "withSymbolicTraits" || Self.traitsArgument(of: node) == nil { isWritable = false }
                return .skipChildren
            }
            // `self.pointSize`.
            if node.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                ownMember(node.declName.baseName.text, node: ExprSyntax(node))
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            guard !node.isMemberName else { return .visitChildren }
            ownMember(node.baseName.text, node: ExprSyntax(node))
            return .visitChildren
        }

        /// A member of the font itself, named with `self.` or without a receiver: its metrics
        /// are Core Text's calls; the descriptor is written only as above.
        private func ownMember(_ name: String, node: ExprSyntax) {
            if name == "fontDescriptor", !Self.isOwnDescriptor(node) || !Self.isWrittenDescriptorUse(node) { isWritable = false }
            if let metric = FontVariableRewriter.metrics[name], node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id != node.id {
                // A local or parameter of the name hides the font's (`let pointSize = …`).
                if node.is(DeclReferenceExprSyntax.self),
                    NameReferences.declaration(of: name, before: node) != nil || NameReferences.parameter(named: name, around: node) != nil
                {
                    return
                }
                replace(node, with: metric("self"))
            }
        }

        /// The traits given to `access` when it is `withSymbolicTraits` called with them alone.
        static func traitsArgument(of access: MemberAccessExprSyntax) -> ExprSyntax? {
            guard access.declName.baseName.text == "withSymbolicTraits", let call = access.parent?.as(FunctionCallExprSyntax.self),
                call.calledExpression.id == access.id, call.trailingClosure == nil, call.arguments.count == 1,
                let argument = call.arguments.first, argument.label == nil
            else { return nil }
            return argument.expression
        }

        /// Whether the descriptor `node` is is read as `withSymbolicTraits(…)` or `symbolicTraits`.
        private static func isWrittenDescriptorUse(_ node: ExprSyntax) -> Bool {
            guard let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id else { return false }
            return ["withSymbolicTraits", "symbolicTraits"].contains(access.declName.baseName.text)
        }

        /// Whether `expression` is the font's own descriptor: `fontDescriptor` or `self.fontDescriptor`.
        static func isOwnDescriptor(_ expression: ExprSyntax) -> Bool { ownMember(expression) == "fontDescriptor" }

        /// The member `expression` names on the font itself: `name` alone or `self.name`.
        static func ownMember(_ expression: ExprSyntax) -> String? {
            if let reference = expression.as(DeclReferenceExprSyntax.self), !reference.isMemberName { return reference.baseName.text }
            guard let access = expression.as(MemberAccessExprSyntax.self),
                access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            else { return nil }
            return access.declName.baseName.text
        }

        /// Whether `text` names UIKit's or AppKit's symbolic traits type.
        static func isSymbolicTraits(_ text: String) -> Bool {
            ["UIFontDescriptor.SymbolicTraits", "NSFontDescriptor.SymbolicTraits"].contains(text)
        }
    }
}
