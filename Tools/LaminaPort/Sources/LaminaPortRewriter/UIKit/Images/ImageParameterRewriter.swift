import SwiftSyntax

/// A function's `UIImage` (or `NSImage`, or either optional) parameter that the body uses only
/// for its `CGImage`, made to take the `CGImage` (`CGImage?`):
///
/// ```swift
/// func sprite(sheet: UIImage) -> CALayer {           func sprite(sheet: CGImage) -> CALayer {
///     layer.contents = sheet.cgImage          →          layer.contents = sheet
/// }                                                  }
/// sprite(sheet: UIImage(named: "run")!)              sprite(sheet: (<Image I/O decode>)!)
/// ```
///
/// Every use in the body must be `name.cgImage` or `name.cgImage!` (the image), `name.size`
/// (`CGSize(width: name.width, height: name.height)`: its pixels, its size in points at scale
/// 1, as images are decoded from their files with no `@2x` variant looked for), `name.scale`
/// (1), `name.draw(in: rect)` (`draw(at:)`) where UIKit's current context is known, or an
/// `NSImage` given to a layer's contents — read as ``ImageVariableRewriter`` reads a local
/// image —, or the image passed on for another such
/// parameter (each taken to be written while the other is checked). The file's calls must pass
/// every argument, and pass this one as an image `ImageDecodeRewriter` decodes, force-unwrapped
/// (`UIImage(named: "run")!`), a local image ``ImageVariableRewriter`` writes (`guard let flake
/// = UIImage(named: "flake")`, each taken to be written while the other is checked) or another such parameter — the calls in the other ported files too, which their own passes
/// write. An optional one is read as an optional local image is (`name?.cgImage` is the
/// `CGImage?`), and its calls may also pass `nil` or an image decoded without `!`. A parameter used otherwise (passed on otherwise, drawn where no context is known), or a call in any file passing
/// something else, is left for a person.
final class ImageParameterRewriter: PortingPass {
    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        guard let parameter = Self.parameter(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit and AppKit do not exist on Linux; '\(parameter.name)' only hands on its CGImage (and size), so it takes the CGImage, its size in points its pixels at scale 1 (in every ported file's calls)"
        writeParameter(
            node, as: parameter.isOptional ? "CGImage?" : "CGImage", uses: parameter.uses.map { (Syntax($0.0), $0.1) }, arguments: parameter.arguments, reason: reason,
            argumentReason: "\(reason); the image is decoded by Image I/O")
        for drawing in parameter.drawings { writeImageDrawing(drawing, of: parameter.name) }
        return .skipChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        writeArguments(in: node, of: { Self.parameter($0).map { ($0.name, $0.arguments) } }, takes: "a CGImage, decoded by Image I/O")
        return .visitChildren
    }

    struct Parameter {
        var name: String
        /// Whether it is declared `UIImage?` (a `CGImage?` then).
        var isOptional = false
        /// Each `name.cgImage` (or `name.cgImage!`), `name.size` and `name.scale` in the body,
        /// and what is written for it.
        var uses: [(ExprSyntax, String)]
        /// Where the body draws it (`name.draw(in: rect)`), UIKit's current context known there.
        var drawings: [ImageVariableRewriter.Drawing]
        /// The images the calls pass for it (in every ported file), and the decodes written for them.
        var arguments: [(ExprSyntax, String)]
    }

    /// The parameter `node` declares, when it is one this pass writes.
    static func parameter(_ node: FunctionParameterSyntax) -> Parameter? {
        let optional = node.type.as(OptionalTypeSyntax.self)
        let type = optional?.wrappedType.trimmedDescription ?? node.type.trimmedDescription
        guard ImagePropertyRewriter.imageTypes.contains(type), node.ellipsis == nil, node.defaultValue == nil,
            let (function, passed) = FunctionReferences.argumentsPassed(for: node), let body = function.body
        else { return nil }
        let name = (node.secondName ?? node.firstName).text
        guard let references = NameReferences.find(name, in: [Syntax(body)]) else { return nil }
        let isAppKit = type == "NSImage"
        return $assumedWritten.withValue(assumedWritten.union([node.id])) {
            uses(of: name, references, passed: passed, isAppKit: isAppKit, isOptional: optional != nil)
        }
    }

    /// The parameters taken to be written while one's uses are checked (an image property it
    /// is stored in asks whether the images it is given are written).
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// Whether `value` is an image parameter this pass writes (one stored in an image property).
    static func isWrittenParameter(_ value: ExprSyntax) -> Bool {
        guard let declared = NameReferences.parameter(namedBy: value) else { return false }
        return isWritten(declared)
    }

    /// Whether this pass writes `parameter` (or takes it to be written while checking it).
    static func isWritten(_ parameter: FunctionParameterSyntax) -> Bool {
        assumedWritten.contains(parameter.id) || self.parameter(parameter) != nil
    }

    private static func uses(
        of name: String, _ references: [DeclReferenceExprSyntax], passed: [ExprSyntax], isAppKit: Bool, isOptional: Bool
    ) -> Parameter? {
        var uses: [(ExprSyntax, String)] = []
        var drawings: [ImageVariableRewriter.Drawing] = []
        for reference in references where !reference.isMemberName {
            // Stored in an image property that holds the CGImage.
            if ImagePropertyRewriter.isStored(ExprSyntax(reference)) { continue }
            // Passed on for another image parameter this pass writes (`thumbnail(image, …)`);
            // passed otherwise, it is no use the read below writes.
            if let next = FunctionReferences.parameter(receiving: reference), isWritten(next) { continue }
            switch ImageVariableRewriter.use(of: ExprSyntax(reference), isOptional: isOptional, isImplicitlyUnwrapped: false, isAppKit: isAppKit) {
            case .replaced(let use, let written)?: uses.append((use, written))
            case .drawn(let drawing)?: drawings.append(drawing)
            case .kept?: break
            case nil: return nil
            }
        }
        var arguments: [(ExprSyntax, String)] = []
        for argument in passed {
            // Another image parameter this pass writes, passed on, or a local image written:
            // already the CGImage.
            if isWrittenParameter(argument) || ImageVariableRewriter.isWrittenImage(argument) { continue }
            // For an optional one: no image, or an image decoded (nil where it is missing).
            if isOptional, argument.is(NilLiteralExprSyntax.self) { continue }
            if isOptional, let image = argument.as(FunctionCallExprSyntax.self), let decode = ImageDecodeRewriter.decode(image) {
                arguments.append((argument, decode))
                continue
            }
            guard let forced = argument.as(ForceUnwrapExprSyntax.self),
                let image = forced.expression.as(FunctionCallExprSyntax.self), let decode = ImageDecodeRewriter.decode(image)
            else { return nil }
            arguments.append((argument, "(\(decode))!"))
        }
        return Parameter(name: name, isOptional: isOptional, uses: uses, drawings: drawings, arguments: arguments)
    }

    /// Whether `node` is in an image passed for a parameter this pass writes.
    static func rewritesArgument(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let argument = ancestor.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
                return FunctionReferences.declarations(calledBy: call).contains { function in
                    function.parameters.contains {
                        parameter($0)?.arguments.contains { $0.0.id == argument.expression.id } == true
                    }
                }
            }
            if ancestor.is(CodeBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }
}
