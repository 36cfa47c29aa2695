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
/// `UIImage?` or `UIImage!` (or `NSImage`), or made by a decode without a type written. Its
/// references in its file (``StoredPropertyReferences``) must all be ones the pass writes: reads
/// as ``ImageVariableRewriter`` writes a local's (`cgImage`, `size`, `scale`, drawn where UIKit's
/// current context is known, an `NSImage` given to a layer's contents), decodes or image parameters that take the `CGImage` assigned
/// (``ImageParameterRewriter``: `init(icon: UIImage) { self.icon = icon }`, each taken to be
/// written while the other is checked), and optional bindings whose local is read so. A
/// property assigned another image, used otherwise, or that the references cannot follow is
/// left for a person.
final class ImagePropertyRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let property = Self.property(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit and AppKit do not exist on Linux; '\(property.name)' only hands on its CGImage (and size), so it holds the CGImage Image I/O decodes (Lamina's decodes PNG, GIF and JPEG; other data gives nil, as UIKit's does), its size in points its pixels, at scale 1"
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
            binding.isStored, let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
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
        // An AppKit image (its type or decode names `NSImage`) may be given to a layer's contents.
        let isAppKit = node.tokens(viewMode: .sourceAccurate).contains { $0.text == "NSImage" }
        return $assumedWritten.withValue(assumedWritten.union([node.id])) {
            written(
                node, name: name, type: type, isOptional: isOptional, isImplicitlyUnwrapped: isImplicitlyUnwrapped, isAppKit: isAppKit,
                decodes: decodes)
        }
    }

    /// The properties taken to be written while one's references are checked (an image
    /// parameter stored in it asks whether it is written).
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// Whether `value` is stored in an image property this pass writes: `self.icon = icon`.
    static func isStored(_ value: ExprSyntax) -> Bool {
        guard let declaration = StoredPropertyReferences.property(storing: value) else { return false }
        return assumedWritten.contains(declaration.id) || property(declaration) != nil
    }

    private static func written(
        _ node: VariableDeclSyntax, name: String, type: (TypeSyntax, String)?, isOptional: Bool, isImplicitlyUnwrapped: Bool,
        isAppKit: Bool, decodes: [(ExprSyntax, String)]
    ) -> Property? {
        var decodes = decodes
        guard let references = StoredPropertyReferences(of: node, isOptional: isOptional), let bound = references.bindingReads() else {
            return nil
        }
        var uses: [(ExprSyntax, String)] = []
        var drawings: [(drawing: ImageVariableRewriter.Drawing, image: String)] = []
        for (read, optional) in references.reads.map({ ($0, isOptional) }) + bound.map({ ($0, false) }) {
            switch ImageVariableRewriter.use(of: read, isOptional: optional, isImplicitlyUnwrapped: optional && isImplicitlyUnwrapped, isAppKit: isAppKit) {
            case .replaced(let use, let written)?: uses.append((use, written))
            case .drawn(let drawing)?: drawings.append((drawing, read.trimmedDescription))
            case .kept?: break
            case nil: return nil
            }
        }
        for value in references.assignments.map(\.value) + references.memberwiseValues {
            if let decode = decode(value, isOptional: isOptional) {
                decodes.append(decode)
            } else if !ImageParameterRewriter.isWrittenParameter(value) {
                return nil
            }
        }
        return Property(name: name, type: type, decodes: decodes, uses: uses, drawings: drawings)
    }

    static let imageTypes: Set<String> = ["UIImage", "NSImage"]

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
        StoredPropertyReferences.isInWrittenProperty(node) { property($0)?.decodes.map(\.0) }
    }
}
