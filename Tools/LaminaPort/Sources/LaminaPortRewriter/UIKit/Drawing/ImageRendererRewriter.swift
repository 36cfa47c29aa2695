import SwiftSyntax

/// UIKit's image renderer written as the bitmap `CGContext` it draws into, as
/// ``ImageContextRewriter`` writes UIKit's older image context:
///
/// ```swift
/// let renderer = UIGraphicsImageRenderer(          (removed)
///     bounds: bounds)
/// return renderer.image { context in        →      return { () -> CGImage? in
///                                                      let imageBounds = bounds
///                                                      let imageSize = imageBounds.size
///                                                      let imageContext = CGContext(…)
///                                                      … (flipped, moved to the bounds' origin)
///                                                      guard let context = imageContext else { return nil }
///     render(in: context.cgContext)                    render(in: context)
///                                                      return context.makeImage()
/// }                                                }()
/// ```
///
/// The renderer is made with `size:` or `bounds:` (its default format: sRGB, not opaque, the
/// main screen's scale, which is 1 pixel a point on Linux as for image contexts), in the
/// statement or in a local used only to make images. The closure's context is used as its
/// `cgContext`, or for `fill(_:)` and `stroke(_:)`, which a `CGContext` has with the same
/// meaning (the current fill or stroke colour). The image, a `CGImage?`, is used for its
/// `cgImage` (which goes), kept in a local used so, or returned: a function of the file
/// returning it returns `CGImage?`, its calls in the file dropping `.cgImage`.
///
/// Left for a person: a renderer with a `format`, one used otherwise (`pngData`,
/// `jpegData`), a closure that returns early or uses its context otherwise (`format`,
/// `currentImage`), and an image used otherwise (its size, drawn).
final class ImageRendererRewriter: PortingPass {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isImageCall(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        guard let plan = Self.plan(node) else {
            file.note(
                node.calledExpression, why: "UIKit's image renderer does not exist on Linux, and this use of it is not one the command can write",
                todo: "make a bitmap CGContext (flipped: y down) and take its makeImage()")
            return .visitChildren
        }
        let reason = "UIKit does not exist on Linux; its image renderer draws into a bitmap CGContext in sRGB, flipped as UIKit's is, at 1 pixel a point where UIKit takes the main screen's scale (Linux has none before a window shows)"
        let indentation = node.statementIndentation
        let inner = indentation + "    "
        // `renderer.image { context in` → the closure that makes the context.
        let signatureEnd = file.trimmedRange(plan.closure.signature.map(Syntax.init) ?? Syntax(plan.closure.leftBrace)).upperBound
        let firstStatement = plan.closure.statements.first.map { file.trimmedRange($0).lowerBound }
        let bodyOnSameLine = firstStatement.map { !file.source(signatureEnd..<$0).contains("\n") } ?? false
        file.replace(
            file.trimmedRange(node).lowerBound..<signatureEnd,
            with: "{ () -> CGImage? in\n" + inner + plan.setUp(indentation: inner) + "\n" + inner
                + "guard let \(plan.context) = imageContext else { return nil }" + (bodyOnSameLine ? "\n" + inner : ""),
            kind: .uikitValue, reason: reason)
        // `return context.makeImage()` before the closing brace, on a line of its own.
        let end = file.trimmedRange(plan.closure.rightBrace)
        let braceLine = file.lineStart(before: end.lowerBound)
        if braceLine > 0, file.bytes[braceLine - 1] == UInt8(ascii: "\n") {
            file.insert(inner + "return \(plan.context).makeImage()\n", at: braceLine, after: end, kind: .uikitValue, reason: reason)
        } else {
            file.replace(
                braceLine..<end.lowerBound, with: "\n" + inner + "return \(plan.context).makeImage()\n" + indentation, kind: .uikitValue,
                reason: reason)
        }
        file.insert("()", at: end.upperBound, after: end, kind: .uikitValue, reason: reason)
        ImageContextRewriter.apply(plan.edits, in: file, reason: reason)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let binding = node.bindings.first, node.bindings.count == 1,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), Self.size(call) != nil,
            Self.isRewritten(call.calledExpression), !node.isInAppleOnlyConditional
        else { return .visitChildren }
        file.remove(node, kind: .uikitValue, reason: "UIKit does not exist on Linux; each image the renderer made is drawn into a bitmap CGContext of its size")
        return .skipChildren
    }

    /// Whether `node` (a use of `UIGraphicsImageRenderer`) is in a renderer this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let declaration = ancestor.as(VariableDeclSyntax.self) {
                return rendererUses(declaration).map { !$0.isEmpty && $0.allSatisfy { plan($0) != nil } } ?? false
            }
            if let call = ancestor.as(FunctionCallExprSyntax.self), isImageCall(call) { return plan(call) != nil }
            if ancestor.is(CodeBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    struct Plan {
        var closure: ClosureExprSyntax
        /// The closure's parameter: the `CGContext` it draws into.
        var context: String
        /// The renderer's size, and its bounds where it was made with them.
        var size: String
        var bounds: String?
        var edits: [ImageContextRewriter.Edit]

        func setUp(indentation: String) -> String {
            var context = ImageContextRewriter.Plan(size: size, scale: "1", scaleReason: nil, opaque: "false", edits: [])
                .setUp(indentation: indentation)
            if let bounds {
                context = "let imageBounds = \(bounds)\n\(indentation)" + context
                    + "\n\(indentation)imageContext?.translateBy(x: -imageBounds.minX, y: -imageBounds.minY)"
            }
            return context
        }
    }

    /// `x.image { … }` (or `x.image(actions: { … })`) on a renderer.
    static func isImageCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "image",
            let base = access.base
        else { return false }
        if let made = base.as(FunctionCallExprSyntax.self) { return made.calledExpression.trimmedDescription == "UIGraphicsImageRenderer" }
        return base.is(DeclReferenceExprSyntax.self) && renderer(base) != nil
    }

    /// The `UIGraphicsImageRenderer(…)` call that made the renderer `expression` names (a
    /// local declared before it in an enclosing block) or is.
    private static func renderer(_ expression: ExprSyntax) -> FunctionCallExprSyntax? {
        if let made = expression.as(FunctionCallExprSyntax.self) {
            return made.calledExpression.trimmedDescription == "UIGraphicsImageRenderer" ? made : nil
        }
        guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let declaration = NameReferences.declaration(of: name, before: expression), declaration.bindings.count == 1,
            let call = declaration.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == "UIGraphicsImageRenderer"
        else { return nil }
        return call
    }

    /// The renderer's size and bounds (nil where made with a size), or nil for a renderer
    /// made otherwise (with a `format`).
    static func size(_ call: FunctionCallExprSyntax) -> (size: String, bounds: String?)? {
        guard call.calledExpression.trimmedDescription == "UIGraphicsImageRenderer", call.arguments.count == 1,
            let argument = call.arguments.first
        else { return nil }
        switch argument.label?.text {
        case "size": return (argument.expression.trimmedDescription, nil)
        case "bounds": return ("imageBounds.size", argument.expression.trimmedDescription)
        default: return nil
        }
    }

    /// The `image` calls on the renderer `declaration` makes, or nil when it is used otherwise.
    private static func rendererUses(_ declaration: VariableDeclSyntax) -> [FunctionCallExprSyntax]? {
        guard let pattern = declaration.bindings.first?.pattern.as(IdentifierPatternSyntax.self),
            let scope = NameReferences.statements(after: declaration),
            let references = NameReferences.find(pattern.identifier.text, in: scope)
        else { return nil }
        var calls: [FunctionCallExprSyntax] = []
        for reference in references where !reference.isMemberName {
            guard let call = reference.parent?.parent?.as(FunctionCallExprSyntax.self), isImageCall(call),
                call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.id == reference.id
            else { return nil }
            calls.append(call)
        }
        return calls
    }

    /// Whether `call` is a function body's only statement, which the function returns.
    private static func isImplicitlyReturned(_ call: FunctionCallExprSyntax) -> Bool {
        guard let item = call.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            list.count == 1
        else { return false }
        return list.parent?.as(CodeBlockSyntax.self)?.parent?.is(FunctionDeclSyntax.self) == true
    }

    /// How the image `call` makes is written, or nil when it is not one this pass writes.
    static func plan(_ call: FunctionCallExprSyntax) -> Plan? {
        guard let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base, let made = renderer(base),
            let (size, bounds) = size(made)
        else { return nil }
        let closure: ClosureExprSyntax
        if let trailing = call.trailingClosure, call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty {
            closure = trailing
        } else if call.trailingClosure == nil, call.arguments.count == 1, call.arguments.first?.label?.text == "actions",
            let argument = call.arguments.first?.expression.as(ClosureExprSyntax.self)
        {
            closure = argument
        } else {
            return nil
        }
        // `{ context in … }`, `{ (context) in … }`, `{ (context: UIGraphicsImageRendererContext) in … }`, `{ _ in … }`.
        let context: String
        if let shorthand = closure.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self), shorthand.count == 1 {
            context = shorthand.first!.name.text
        } else if let parameters = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self),
            parameters.parameters.count == 1, let parameter = parameters.parameters.first,
            parameter.type == nil || parameter.type?.trimmedDescription == "UIGraphicsImageRendererContext"
        {
            context = parameter.firstName.text
        } else {
            return nil
        }
        guard closure.signature?.returnClause == nil, closure.signature?.capture == nil else { return nil }
        let name = context == "_" ? "rendererContext" : context
        let body = Array(closure.statements).map { Syntax($0) }
        if closure.statements.tokens(viewMode: .sourceAccurate).contains(where: {
            ["imageContext", "imageSize", "imageBounds", "imageScale"].contains($0.text) || ($0.text == name && context == "_")
        }) {
            return nil
        }
        // No early return: the closure now returns the image.
        final class Returns: SyntaxVisitor {
            var found = false
            override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
                found = true
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
            override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let returns = Returns(viewMode: .sourceAccurate)
        for statement in body { returns.walk(statement) }
        guard !returns.found else { return nil }
        var edits: [ImageContextRewriter.Edit] = []
        if context != "_" {
            // The context: `context.cgContext` is the CGContext; `fill(_:)` and `stroke(_:)` are its own.
            guard let references = NameReferences.find(context, in: body) else { return nil }
            for reference in references where !reference.isMemberName {
                guard let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id else { return nil }
                switch access.declName.baseName.text {
                case "cgContext": edits.append(ImageContextRewriter.Edit(node: Syntax(access), replacement: context))
                case "fill", "stroke": continue
                default: return nil
                }
            }
        }
        // The image: `.cgImage` on it, a local holding it, or the return value.
        if let access = call.parent?.as(MemberAccessExprSyntax.self), access.base?.id == call.id {
            guard access.declName.baseName.text == "cgImage" else { return nil }
            edits.append(ImageContextRewriter.Edit(node: Syntax(access), replacement: nil, keeping: Syntax(call)))
        } else if call.parent?.is(ReturnStmtSyntax.self) == true || isImplicitlyReturned(call) {
            let isImage = { (text: String) in text.contains(".image{") || text.contains(".image(actions:") }
            guard let returned = ImageContextRewriter.returnTypeEdits(from: Syntax(call), isImage: isImage, optionalResult: true) else {
                return nil
            }
            edits += returned
        } else if let binding = call.parent?.parent?.as(PatternBindingSyntax.self), binding.typeAnnotation == nil,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            let scope = NameReferences.statements(after: declaration),
            let held = ImageContextRewriter.holderEdits([(pattern.identifier.text, pattern.id)], in: scope), !held.returned
        {
            edits += held.edits
        } else {
            return nil
        }
        return Plan(closure: closure, context: name, size: size, bounds: bounds, edits: edits)
    }
}
