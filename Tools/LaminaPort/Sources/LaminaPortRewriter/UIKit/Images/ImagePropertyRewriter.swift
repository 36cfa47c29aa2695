import SwiftSyntax

/// A UIKit image property kept only to hand on its `CGImage`, made to hold that `CGImage`,
/// decoded with Image I/O (``ImageDecodeRewriter`` writes the decode):
///
/// ```swift
/// var image: UIImage? {                           var image: CGImage? {
///     didSet { contents = image?.cgImage }   →        didSet { contents = image }
/// }                                               }
/// var placeholder = UIImage(named: "blank")       var placeholder = <Image I/O decode, a CGImage?>
/// avatar.image = UIImage(named: "alice")          avatar.image = <decode>
/// ```
///
/// The property is a type's stored property (observers allowed) declared `UIImage`,
/// `UIImage?` or `UIImage!` (or `NSImage`), or made by a decode without a type written. Every
/// use in its file must be one the pass writes: a read as ``ImageVariableRewriter`` writes a
/// local's (`cgImage`, `size`, `scale`, drawn where UIKit's current context is known), a
/// comparison with `nil`, an assignment of a decode or `nil`, a copy from another value of its
/// type (`image = other.image` in `init(layer:)`), or an optional binding
/// (`if let image = image`, `guard let image`, `if let image { … }`) whose name is used so in
/// its scope. Uses on another value count when the value is declared of the type
/// (``DeclaredType``). A property whose name another ported file naming its type uses, whose name is declared
/// again in its file (a parameter, another variable), or that is assigned another image (a
/// parameter's) is left for a person.
final class ImagePropertyRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let property = Self.property(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit does not exist on Linux; '\(property.name)' only hands on its CGImage (and size), so it holds the CGImage Image I/O decodes (Lamina's decodes PNG, GIF and JPEG; other data gives nil, as UIKit's does), its size in points its pixels, at scale 1"
        if let (type, written) = property.type { file.replace(type, with: written, kind: .uikitValue, reason: reason) }
        for (value, decode) in property.decodes { file.replace(value, with: decode, kind: .uikitValue, reason: reason) }
        for (use, written) in property.uses { file.replace(use, with: written, kind: .uikitValue, reason: reason) }
        for (drawing, image) in property.drawings { writeImageDrawing(drawing, of: image) }
        return .visitChildren
    }

    struct Property {
        var name: String
        var type: (TypeSyntax, String)?
        /// The decodes given to it (its initial value, assignments), and the decode written for each.
        var decodes: [(ExprSyntax, String)]
        /// Each read (`image?.cgImage`, …) and what it becomes.
        var uses: [(ExprSyntax, String)]
        var drawings: [(drawing: ImageVariableRewriter.Drawing, image: String)]
    }

    /// The image property `node` declares, when it is one this pass writes.
    static func property(_ node: VariableDeclSyntax) -> Property? {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, node.bindings.count == 1, let binding = node.bindings.first,
            binding.isStored, let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let ownType = node.enclosingTypeName, let root = node.root.as(SourceFileSyntax.self)
        else { return nil }
        let name = pattern.identifier.text
        var type: (TypeSyntax, String)?
        var isOptional = false
        var isImplicitlyUnwrapped = false
        if let annotation = binding.typeAnnotation?.type {
            if let optional = annotation.as(OptionalTypeSyntax.self), imageTypes.contains(optional.wrappedType.trimmedDescription) {
                (type, isOptional) = ((optional.wrappedType, "CGImage"), true)
            } else if let unwrapped = annotation.as(ImplicitlyUnwrappedOptionalTypeSyntax.self),
                imageTypes.contains(unwrapped.wrappedType.trimmedDescription)
            {
                (type, isOptional, isImplicitlyUnwrapped) = ((unwrapped.wrappedType, "CGImage"), true, true)
            } else if imageTypes.contains(annotation.trimmedDescription) {
                type = (annotation, "CGImage")
            } else {
                return nil
            }
        }
        var decodes: [(ExprSyntax, String)] = []
        if let value = binding.initializer?.value, !(isOptional && value.is(NilLiteralExprSyntax.self)) {
            // Untyped, it holds what the decode gives: an optional unless forced.
            if type == nil { isOptional = !value.is(ForceUnwrapExprSyntax.self) }
            guard let decode = decode(value, isOptional: isOptional) else { return nil }
            decodes.append(decode)
        } else if type == nil {
            return nil
        }
        // Another ported file using the name, and naming the type (a file that does not has no
        // value of it, unless through a subclass declared elsewhere), may use the property as
        // UIKit's image.
        let files = PortingContext.currentReferencingFiles
        let others = (files[name] ?? []).union(files[".\(name)"] ?? []).intersection(files[ownType] ?? [])
        guard others.subtracting([root.id]).isEmpty else { return nil }

        // The optional bindings of the property: the local they bind, and where it is seen.
        var bindings: [(condition: OptionalBindingConditionSyntax, local: String, scope: [Syntax])] = []
        var uses: [(ExprSyntax, String)] = []
        var drawings: [(drawing: ImageVariableRewriter.Drawing, image: String)] = []
        func read(_ reference: ExprSyntax, optional: Bool, unwrapped: Bool) -> Bool {
            switch ImageVariableRewriter.use(of: reference, isOptional: optional, isImplicitlyUnwrapped: unwrapped) {
            case .replaced(let use, let written)?: uses.append((use, written))
            case .drawn(let drawing)?: drawings.append((drawing, reference.trimmedDescription))
            case nil: return false
            }
            return true
        }
        for token in root.tokens(viewMode: .sourceAccurate) where token.text == name {
            guard let parent = token.parent else { continue }
            if let declared = parent.as(IdentifierPatternSyntax.self) {
                if declared.id == pattern.id { continue }
                // `if let name = name`, `guard let name = self.name`, `if let name { … }`.
                guard isOptional, let condition = declared.parent?.as(OptionalBindingConditionSyntax.self),
                    condition.initializer == nil || isProperty(condition.initializer!.value, name: name, ownType: ownType),
                    let scope = scope(of: condition)
                else { return nil }
                bindings.append((condition, name, scope))
                continue
            }
            guard let reference = parent.as(DeclReferenceExprSyntax.self) else {
                // A parameter or closure parameter of that name: its uses are not the property's.
                if parent.is(FunctionParameterSyntax.self) || parent.is(ClosureShorthandParameterSyntax.self)
                    || parent.is(ClosureParameterSyntax.self) || parent.is(EnumCaseParameterSyntax.self)
                {
                    return nil
                }
                continue
            }
            let target: ExprSyntax
            if reference.isMemberName, let access = reference.parent?.as(MemberAccessExprSyntax.self) {
                guard let base = access.base,
                    ["self", "Self", ownType].contains(base.trimmedDescription) || DeclaredType.of(base) == ownType
                else { return nil }
                target = ExprSyntax(access)
            } else {
                target = ExprSyntax(reference)
            }
            // A binding's value: the local bound is checked below.
            if let condition = target.parent?.parent?.as(OptionalBindingConditionSyntax.self), condition.initializer?.value.id == target.id,
                isOptional, let local = condition.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let scope = scope(of: condition)
            {
                if local != name { bindings.append((condition, local, scope)) }
                continue
            }
            // The bound local of that name, where it is seen.
            if target.is(DeclReferenceExprSyntax.self), bindings.contains(where: { binding in
                binding.local == name && binding.scope.contains { $0.position <= target.position && target.endPosition <= $0.endPosition }
            }) {
                continue
            }
            if let list = target.parent?.as(ExprListSyntax.self), list.first?.id == target.id, list.count == 3, let value = list.last {
                let operation = Array(list)[1]
                // `name == nil`, `name != nil`, `name = nil`.
                if isOptional, value.is(NilLiteralExprSyntax.self),
                    operation.is(AssignmentExprSyntax.self) || ["==", "!="].contains(operation.as(BinaryOperatorExprSyntax.self)?.operator.text ?? "")
                {
                    continue
                }
                if operation.is(AssignmentExprSyntax.self) {
                    // A copy from another value of its type (`image = other.image`).
                    if DeclaredType.isPropertyCopy(target) { continue }
                    guard let decode = decode(value, isOptional: isOptional) else { return nil }
                    decodes.append(decode)
                    continue
                }
            }
            // The other side of a copy.
            if let list = target.parent?.as(ExprListSyntax.self), list.last?.id == target.id, list.count == 3,
                let first = list.first, DeclaredType.isPropertyCopy(first)
            {
                continue
            }
            guard read(target, optional: isOptional, unwrapped: isImplicitlyUnwrapped) else { return nil }
        }
        // Each binding's local: read as a local image is.
        for binding in bindings {
            guard let references = NameReferences.find(binding.local, in: binding.scope) else { return nil }
            for reference in references where !reference.isMemberName {
                guard read(ExprSyntax(reference), optional: false, unwrapped: false) else { return nil }
            }
        }
        return Property(name: name, type: type, decodes: decodes, uses: uses, drawings: drawings)
    }

    static let imageTypes: Set<String> = ["UIImage", "NSImage"]

    /// Whether `value` is the property `name` of the type `ownType`: `name`, `self.name`.
    private static func isProperty(_ value: ExprSyntax, name: String, ownType: String) -> Bool {
        if let reference = value.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == name }
        guard let access = value.as(MemberAccessExprSyntax.self), access.declName.baseName.text == name, let base = access.base else { return false }
        return ["self", "Self", ownType].contains(base.trimmedDescription)
    }

    /// Where an optional binding's name is seen: the `if`'s body, or the statements after the `guard`.
    private static func scope(of condition: OptionalBindingConditionSyntax) -> [Syntax]? {
        if let ifExpression = condition.parent?.parent?.parent?.as(IfExprSyntax.self) { return [Syntax(ifExpression.body)] }
        if let guardStatement = condition.parent?.parent?.parent?.as(GuardStmtSyntax.self) {
            return NameReferences.statements(after: guardStatement)
        }
        return nil
    }

    /// The decode written for an image given to the property (`UIImage(named: "x")`, forced
    /// with `!` or not), or nil for another value. A non-optional property takes a forced one.
    private static func decode(_ value: ExprSyntax, isOptional: Bool) -> (ExprSyntax, String)? {
        let forced = value.as(ForceUnwrapExprSyntax.self)
        guard forced != nil || isOptional, let call = (forced?.expression ?? value).as(FunctionCallExprSyntax.self),
            let decode = ImageDecodeRewriter.decode(call)
        else { return nil }
        return (value, forced != nil ? "(\(decode))!" : decode)
    }

    /// Whether `node` (a use of `UIImage`) is in a property this pass writes: its type, or a
    /// decode given to it.
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<8 {
            guard let ancestor = current else { return false }
            if let declaration = ancestor.as(VariableDeclSyntax.self) { return property(declaration) != nil }
            if let list = ancestor.as(ExprListSyntax.self), list.count == 3, Array(list)[1].is(AssignmentExprSyntax.self),
                let target = list.first, let value = list.last
            {
                let name = target.as(DeclReferenceExprSyntax.self)?.baseName.text ?? target.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                guard let name else { return false }
                return declarations(named: name, in: node.root).contains { property($0)?.decodes.contains { $0.0.id == value.id } == true }
            }
            current = ancestor.parent
        }
        return false
    }

    /// The stored properties of the types in `root` named `name`.
    private static func declarations(named name: String, in root: Syntax) -> [VariableDeclSyntax] {
        final class Finder: SyntaxVisitor {
            let name: String
            var found: [VariableDeclSyntax] = []
            init(name: String) {
                self.name = name
                super.init(viewMode: .sourceAccurate)
            }
            override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
                if node.parent?.is(MemberBlockItemSyntax.self) == true,
                    node.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
                {
                    found.append(node)
                }
                return .skipChildren
            }
        }
        let finder = Finder(name: name)
        finder.walk(root)
        return finder.found
    }
}
