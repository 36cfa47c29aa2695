import SwiftSyntax

/// AppKit's image drawn by a handler — `NSImage(size:flipped:drawingHandler:)` — written as
/// the bitmap `CGContext` the handler draws into, drawn once where the image is made, as
/// ``ImageRendererRewriter`` writes UIKit's renderer:
///
/// ```swift
/// let checker = NSImage(size: s, flipped: false) { rect in    let checker = { () -> CGImage? in
///                                                                 let imageSize = s
///                                                                 let imageContext = CGContext(…)
///                                                                 let rect = CGRect(origin: .zero, size: imageSize)
///     NSColor.white.setFill()                                     imageContext?.setFillColor(…)
///     rect.fill()                                                 …
///     return true                                                 return imageContext?.makeImage()
/// }                                                           }()
/// ```
///
/// AppKit runs the handler whenever the image is drawn, at the scale it is drawn at. Linux has
/// no image that draws itself later, so the handler draws once, when the image is made, at 1
/// pixel a point, into a context flipped as `flipped:` says (`true`: y down from the top-left,
/// as UIKit's; `false`: y up, a bitmap's own). The handler's rectangle is the image's bounds;
/// AppKit's drawing in it is written by the drawing passes. Returning `true` gives the image,
/// `false` nil (another `Bool`, the image where it is true).
///
/// The image, a `CGImage?`, may be kept in a local, a property or a global (its type not
/// written, or written `NSImage`), each use of it one ``ImageFocusRewriter`` allows (given to
/// a layer's contents, its size, its `CGImage`); given to a layer's contents as it is made; or
/// returned by a function returning `NSImage`, which then returns `CGImage?`.
///
/// Left for a person: `flipped:` not written `true` or `false`, a handler naming its rectangle
/// `$0`, and an image used otherwise.
final class ImageDrawingHandlerRewriter: PortingPass {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isHandlerImage(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        guard let plan = Self.plan(node) else {
            file.note(
                node.calledExpression,
                why: "AppKit does not exist on Linux, and this image's drawing handler, or the image's use, is not one the command can write",
                todo: "make a bitmap CGContext, do the handler's drawing in it once and take its makeImage()")
            return .visitChildren
        }
        let reason =
            "AppKit does not exist on Linux; the drawing handler draws once, as the image is made, into a bitmap CGContext in sRGB, \(plan.flipped ? "flipped (y down)" : "y up") as 'flipped:' says, at 1 pixel a point where AppKit draws at the scale the image is drawn at"
        let indentation = node.statementIndentation
        let inner = indentation + "    "
        var setUp = plan.setUp(indentation: inner, in: file)
        if let rect = plan.rect { setUp += "\n" + inner + "let \(rect) = CGRect(origin: .zero, size: imageSize)" }
        // `NSImage(size: s, flipped: f) { rect in … }` → the closure that makes the context,
        // called in place (`drawingHandler: { … })`'s parenthesis going).
        let capture = plan.closure.signature?.capture.map { $0.trimmedDescription + " " } ?? ""
        writeClosureCalledInPlace(node, closure: plan.closure, opening: "{ \(capture)() -> CGImage? in\n" + inner + setUp, inner: inner, reason: reason)
        // What the handler returns: the image where it drew.
        for returned in plan.returns {
            let text: String
            switch returned.trimmedDescription {
            case "true": text = "imageContext?.makeImage()"
            case "false": text = "nil"
            default: text = "(\(returned.trimmedDescription)) ? imageContext?.makeImage() : nil"
            }
            file.replace(returned, with: text, kind: .uikitValue, reason: reason)
        }
        ImageContextRewriter.apply(plan.edits, in: file, reason: reason)
        return .visitChildren
    }

    struct Plan {
        var closure: ClosureExprSyntax
        var size: String
        var flipped: Bool
        /// The handler's rectangle, unless it is `_`.
        var rect: String?
        /// The expressions the handler returns.
        var returns: [ExprSyntax]
        var edits: [ImageContextRewriter.Edit]
        /// The size as the image was made with it.
        var sizeExpression: ExprSyntax?

        /// The statements that make the context; with `file`, the size keeps the edits made
        /// inside it.
        func setUp(indentation: String, in file: PortingSourceFile? = nil) -> String {
            var context = ImageContextRewriter.Plan(size: size, scale: "1", scaleReason: nil, opaque: "false", edits: [], flipped: flipped)
            context.sources.size = sizeExpression
            return context.setUp(indentation: indentation, in: file)
        }
    }

    /// Whether `call` is `NSImage(size:flipped:drawingHandler:)`, the handler trailing or not.
    static func isHandlerImage(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.calledExpression.trimmedDescription == "NSImage" else { return false }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return call.trailingClosure != nil ? labels == ["size", "flipped"] : labels == ["size", "flipped", "drawingHandler"]
    }

    /// The handler of the image `call` makes, when it is one this pass writes and the closure
    /// given is `closure`.
    static func handlerContext(of closure: ClosureExprSyntax) -> Plan? {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            isHandlerImage(call), let plan = plan(call), plan.closure.id == closure.id
        else { return nil }
        return plan
    }

    /// Whether `node` names `NSImage` in an image (or a type holding one) this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let call = ancestor.as(FunctionCallExprSyntax.self), isHandlerImage(call) { return plan(call) != nil }
            if let annotation = ancestor.as(TypeAnnotationSyntax.self), let call = annotation.parent?.as(PatternBindingSyntax.self)?.initializer?.value.as(FunctionCallExprSyntax.self),
                isHandlerImage(call)
            {
                return plan(call) != nil
            }
            if ancestor.is(CodeBlockItemSyntax.self) || ancestor.is(MemberBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// How the image `call` makes is written, or nil when it is not one this pass writes.
    static func plan(_ call: FunctionCallExprSyntax) -> Plan? {
        guard isHandlerImage(call) else { return nil }
        let arguments = Array(call.arguments)
        guard let closure = call.trailingClosure ?? arguments.last?.expression.as(ClosureExprSyntax.self), call.additionalTrailingClosures.isEmpty,
            let flipped = ["true": true, "false": false][arguments[1].expression.trimmedDescription]
        else { return nil }
        // `{ rect in … }`, `{ (rect) in … }`, `{ (rect: NSRect) -> Bool in … }`, `{ _ in … }`.
        let rect: String
        if let shorthand = closure.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self), shorthand.count == 1 {
            rect = shorthand.first!.name.text
        } else if let parameters = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self),
            parameters.parameters.count == 1, let parameter = parameters.parameters.first,
            parameter.type == nil || ["NSRect", "CGRect"].contains(parameter.type?.trimmedDescription ?? "")
        {
            rect = parameter.firstName.text
        } else {
            return nil
        }
        guard closure.signature?.returnClause == nil || closure.signature?.returnClause?.type.trimmedDescription == "Bool",
            !closure.statements.tokens(viewMode: .sourceAccurate).contains(where: { ["imageContext", "imageSize", "imageScale"].contains($0.text) })
        else { return nil }
        let returns = ReturnStatements.expressions(in: closure.statements)
        guard !returns.isEmpty, returns.allSatisfy({ $0 != nil }) else { return nil }
        var plan = Plan(
            closure: closure, size: arguments[0].expression.trimmedDescription, flipped: flipped, rect: rect == "_" ? nil : rect,
            returns: returns.compactMap { $0 }, edits: [], sizeExpression: arguments[0].expression)
        guard let edits = imageUseEdits(call) else { return nil }
        plan.edits = edits
        return plan
    }

    /// The edits for how the image `call` makes is used: given to a layer's contents, returned
    /// by a function returning `NSImage`, or kept in a name each use of which
    /// ``ImageFocusRewriter/use(_:size:)`` writes; nil for another use.
    private static func imageUseEdits(_ call: FunctionCallExprSyntax) -> [ImageContextRewriter.Edit]? {
        if ImageDecodeRewriter.isLayerContentsValue(call) { return [] }
        if call.parent?.is(ReturnStmtSyntax.self) == true {
            let made = call.trimmedDescription.filter { !$0.isWhitespace }
            return ImageContextRewriter.returnTypeEdits(from: Syntax(call), isImage: { $0 == made }, optionalResult: true)
        }
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
        else { return nil }
        var edits: [ImageContextRewriter.Edit] = []
        if let type = binding.typeAnnotation?.type {
            guard type.trimmedDescription == "NSImage" else { return nil }
            edits.append(ImageContextRewriter.Edit(node: Syntax(type), replacement: "CGImage?"))
        }
        // A local's uses are the statements after it; a property's or a global's, the file's.
        let atFileLevel = declaration.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        let scope = atFileLevel ? [Syntax(call.root)] : NameReferences.statements(after: declaration) ?? [Syntax(call.root)]
        guard let uses = NameReferences.find(pattern.identifier.text, in: scope, except: pattern.id) else { return nil }
        for reference in uses {
            var image = ExprSyntax(reference)
            if reference.isMemberName, let access = reference.parent?.as(MemberAccessExprSyntax.self) { image = ExprSyntax(access) }
            guard let written = ImageFocusRewriter.use(image, size: nil) else { return nil }
            edits += written
        }
        return edits
    }
}
