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
/// main screen's scale, which is 1 pixel a point on Linux as for image contexts), and a
/// `format:` made in a local for its scale and opacity (``RendererFormat``), in the statement
/// or in a local used only to make images. The closure's context is used as its `cgContext`,
/// or for `fill(_:)` and `stroke(_:)`, which a `CGContext` has with the same meaning (the
/// current fill or stroke colour). The image, a `CGImage?`, is used for its `cgImage` (which
/// goes), its `pngData()` or `jpegData(compressionQuality:)` (encoded by Image I/O,
/// ``ImageEncoding``), kept in a local used so, or returned (itself, or the local holding it):
/// a function of the file returning it returns `CGImage?`, its calls in the file dropping
/// `.cgImage`. The closure, now called in place, cannot outlive the function: a `[weak self]`
/// (or `[unowned self]`) capture goes, `self?.` becoming `self.`; other captures stay. A property declared
/// `UIImage` that holds it (directly or returned by a closure called in place) is a
/// `CGImage?`, its uses in the file dropping `.cgImage`. The renderer's own
/// `pngData(actions:)` and `jpegData(withCompressionQuality:actions:)` give the encoded `Data`.
///
/// Left for a person: a renderer with a format from elsewhere, one used otherwise, a closure
/// that returns early, uses its context otherwise (`format`, `currentImage`) or a weakly
/// captured `self` otherwise than as `self?.`, and an image used otherwise (its size, drawn).
final class ImageRendererRewriter: PortingPass {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.isImageCall(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        guard let plan = Self.plan(node) else {
            file.note(
                node.calledExpression, why: "UIKit's image renderer does not exist on Linux, and this use of it is not one the command can write",
                todo: "make a bitmap CGContext (flipped: y down) and take its makeImage()")
            return .visitChildren
        }
        let reason =
            plan.scale == "1"
            ? "UIKit does not exist on Linux; its image renderer draws into a bitmap CGContext in sRGB, flipped as UIKit's is, at 1 pixel a point where UIKit takes the main screen's scale (Linux has none before a window shows)"
            : "UIKit does not exist on Linux; its image renderer draws into a bitmap CGContext in sRGB, flipped as UIKit's is, at its format's scale"
        let indentation = node.statementIndentation
        let inner = indentation + "    "
        // What the closure gives: the image, or (`pngData`, `jpegData`) its encoding, which
        // UIKit's renderer gives as non-optional `Data` (empty should the context fail).
        let (type, fallback, result): (String, String, String)
        switch plan.encoding {
        case nil: (type, fallback, result) = ("CGImage?", "nil", "\(plan.context).makeImage()")
        case let format?:
            (type, fallback, result) = ("Data", "Data()", "\(plan.context).makeImage().flatMap(\(ImageEncoding.encoder(format))) ?? Data()")
        }
        // `renderer.image { context in … }` → the closure that makes the context, called in place.
        writeClosureCalledInPlace(
            node, closure: plan.closure,
            opening: "{ \(plan.capture)() -> \(type) in\n" + inner + plan.setUp(indentation: inner, in: file) + "\n" + inner
                + "guard let \(plan.context) = imageContext else { return \(fallback) }",
            inner: inner, reason: reason)
        // `return context.makeImage()` before the closing brace, on a line of its own.
        let end = file.trimmedRange(plan.closure.rightBrace)
        let braceLine = file.lineStart(before: end.lowerBound)
        if braceLine > 0, file.bytes[braceLine - 1] == UInt8(ascii: "\n") {
            file.insert(inner + "return \(result)\n", at: braceLine, after: end, kind: .uikitValue, reason: reason)
        } else {
            file.replace(
                braceLine..<end.lowerBound, with: "\n" + inner + "return \(result)\n" + indentation, kind: .uikitValue,
                reason: reason)
        }
        ImageContextRewriter.apply(plan.edits, in: file, reason: reason)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let binding = node.bindings.first, node.bindings.count == 1,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), !node.isInAppleOnlyConditional
        else { return .visitChildren }
        if Self.size(call) != nil, Self.isRewritten(call.calledExpression) {
            file.remove(node, kind: .uikitValue, reason: "UIKit does not exist on Linux; each image the renderer made is drawn into a bitmap CGContext of its size")
            return .skipChildren
        }
        // A format whose every renderer is written: it and its settings go, their values in
        // the contexts written.
        if let format = RendererFormat.declared(by: node), Self.writes(format) {
            let reason = "UIKit does not exist on Linux; the renderer's format is the scale and opacity of the bitmap CGContext written for it"
            file.remove(node, kind: .uikitValue, reason: reason)
            for setting in format.settings { file.remove(setting, kind: .uikitValue, reason: reason) }
            return .skipChildren
        }
        return .visitChildren
    }

    /// Whether every renderer `format` is given to is one this pass writes (so the format goes).
    static func writes(_ format: RendererFormat) -> Bool {
        !format.renderers.isEmpty
            && format.renderers.allSatisfy { renderer in
                guard let declaration = renderer.parent?.parent?.parent?.parent?.as(VariableDeclSyntax.self) else {
                    return isRewritten(renderer.calledExpression)
                }
                return rendererUses(declaration).map { !$0.isEmpty && $0.allSatisfy { plan($0) != nil } } ?? false
            }
    }

    /// Whether `node` (a use of `UIGraphicsImageRenderer` or its format) is in a renderer, or a
    /// format, this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let declaration = ancestor.as(VariableDeclSyntax.self) {
                if let format = RendererFormat.declared(by: declaration) { return writes(format) }
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
        /// Its format's scale and opacity.
        var scale = "1"
        var opaque = "false"
        /// What the call gives: nil for the image, else its encoding.
        var encoding: ImageEncoding.Format?
        var edits: [ImageContextRewriter.Edit]
        /// The expression the renderer was made with (its size or bounds).
        var madeWith: ExprSyntax?
        /// The closure's capture list, kept before its signature (`[layer] `); empty for none.
        var capture = ""

        /// The statements that make the context; with `file`, the renderer's size or bounds
        /// keeps the edits made inside it.
        func setUp(indentation: String, in file: PortingSourceFile? = nil) -> String {
            var plan = ImageContextRewriter.Plan(size: size, scale: scale, scaleReason: nil, opaque: opaque, edits: [])
            if bounds == nil { plan.sources.size = madeWith }
            var context = plan.setUp(indentation: indentation, in: file)
            if let bounds {
                let written = file.flatMap { file in madeWith.map { $0.trimmedDescription == bounds ? file.placeholder(for: $0) : bounds } } ?? bounds
                context = "let imageBounds = \(written)\n\(indentation)" + context
                    + "\n\(indentation)imageContext?.translateBy(x: -imageBounds.minX, y: -imageBounds.minY)"
            }
            return context
        }
    }

    /// `x.image { … }` (or `x.image(actions: { … })`, `x.pngData { … }`,
    /// `x.jpegData(withCompressionQuality: q) { … }`) on a renderer.
    static func isImageCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            ["image", "pngData", "jpegData"].contains(access.declName.baseName.text), let base = access.base
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
    /// made otherwise. (Its `format`, if any, is ``RendererFormat``'s.)
    static func size(_ call: FunctionCallExprSyntax) -> (size: String, bounds: String?)? {
        guard call.calledExpression.trimmedDescription == "UIGraphicsImageRenderer", let argument = call.arguments.first,
            call.arguments.count == 1 || (call.arguments.count == 2 && call.arguments.last?.label?.text == "format")
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

    /// Whether `call` is the only statement of a function body or a computed property's getter,
    /// which returns it.
    private static func isImplicitlyReturned(_ call: FunctionCallExprSyntax) -> Bool {
        guard let item = call.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            list.count == 1
        else { return false }
        if list.parent?.as(CodeBlockSyntax.self)?.parent?.is(FunctionDeclSyntax.self) == true { return true }
        // A computed property's getter (`var snapshot: UIImage { renderer.image { … } }`).
        guard let accessors = list.parent?.as(AccessorBlockSyntax.self), case .getter = accessors.accessors else { return false }
        return true
    }

    /// How the image `call` makes is written, or nil when it is not one this pass writes.
    static func plan(_ call: FunctionCallExprSyntax) -> Plan? {
        guard let method = call.calledExpression.as(MemberAccessExprSyntax.self), let base = method.base, let made = renderer(base),
            let (size, bounds) = size(made)
        else { return nil }
        var scale = "1", opaque = "false"
        if let argument = made.arguments.first(where: { $0.label?.text == "format" }) {
            guard let format = RendererFormat.passed(argument.expression) else { return nil }
            (scale, opaque) = (format.scale, format.opaque)
        }
        // The quality `jpegData` takes before its closure.
        var arguments = Array(call.arguments)
        var encoding: ImageEncoding.Format?
        switch method.declName.baseName.text {
        case "pngData": encoding = .png
        case "jpegData":
            guard arguments.first?.label?.text == "withCompressionQuality" else { return nil }
            encoding = .jpeg(quality: arguments.removeFirst().expression.trimmedDescription)
        default: break
        }
        let closure: ClosureExprSyntax
        if let trailing = call.trailingClosure, arguments.isEmpty, call.additionalTrailingClosures.isEmpty {
            closure = trailing
        } else if call.trailingClosure == nil, arguments.count == 1, arguments.first?.label?.text == "actions",
            let argument = arguments.first?.expression.as(ClosureExprSyntax.self)
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
        guard closure.signature?.returnClause == nil else { return nil }
        let name = context == "_" ? "rendererContext" : context
        let body = Array(closure.statements).map { Syntax($0) }
        // A capture list: the closure, now called in place, cannot outlive the function, so
        // `[weak self]` (and `[unowned self]`) goes, `self?.` becoming `self.`; other captures
        // stay.
        var capture = ""
        var edits: [ImageContextRewriter.Edit] = []
        if let list = closure.signature?.capture {
            let items = Array(list.items)
            if items.count == 1, let item = items.first, item.name.text == "self", item.initializer == nil,
                let specifier = item.specifier?.specifier.text, ["weak", "unowned"].contains(specifier)
            {
                guard let unwrapped = selfUnwrapped(in: body, weak: specifier == "weak") else { return nil }
                edits += unwrapped
            } else {
                capture = list.trimmedDescription + " "
            }
        }
        if closure.statements.tokens(viewMode: .sourceAccurate).contains(where: {
            ["imageContext", "imageSize", "imageBounds", "imageScale"].contains($0.text) || ($0.text == name && context == "_")
        }) {
            return nil
        }
        // No early return: the closure now returns the image.
        guard body.allSatisfy({ ReturnStatements.expressions(in: $0).isEmpty }) else { return nil }
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
        // Encoded data is `Data`, as UIKit's, and needs nothing; an image is followed.
        if encoding == nil {
            guard let used = imageUseEdits(call, unitScale: scale == "1") else { return nil }
            edits += used
        }
        return Plan(
            closure: closure, context: name, size: size, bounds: bounds, scale: scale, opaque: opaque, encoding: encoding, edits: edits,
            madeWith: made.arguments.first?.expression, capture: capture)
    }

    /// The edits that make `self` plain in a closure's `body` that captured it weakly
    /// (`self?.render(in: c)` → `self.render(in: c)`); nil when `self` is used otherwise there
    /// (unwrapped by a binding, forced, compared). A body that captured it `unowned` needs none.
    private static func selfUnwrapped(in body: [Syntax], weak: Bool) -> [ImageContextRewriter.Edit]? {
        var edits: [ImageContextRewriter.Edit] = []
        for token in body.flatMap({ $0.tokens(viewMode: .sourceAccurate) }) where token.tokenKind == .keyword(.self) {
            guard weak else { continue }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let chained = reference.parent?.as(OptionalChainingExprSyntax.self)
            else { return nil }
            edits.append(ImageContextRewriter.Edit(node: Syntax(chained), replacement: "self"))
        }
        return edits
    }

    /// The edits for how the image `call` makes is used — `.cgImage` on it (which goes), its
    /// `pngData()` or `jpegData(compressionQuality:)`, the return value, or a local holding it
    /// used so — or nil for any other use.
    /// With `unitScale` (the image made at 1 pixel a point), a local holding it may also be read
    /// for its `size` and `scale` (``ImageContextRewriter/holderEdits(_:in:encodes:unitScale:)``).
    private static func imageUseEdits(_ call: FunctionCallExprSyntax, unitScale: Bool) -> [ImageContextRewriter.Edit]? {
        if let (encoded, suffix) = ImageEncoding.encoding(after: ExprSyntax(call)) {
            return [ImageContextRewriter.Edit(node: Syntax(encoded), replacement: nil, keeping: Syntax(call), suffix: suffix)]
        }
        if let access = call.parent?.as(MemberAccessExprSyntax.self), access.base?.id == call.id {
            guard access.declName.baseName.text == "cgImage" else { return nil }
            return [ImageContextRewriter.Edit(node: Syntax(access), replacement: nil, keeping: Syntax(call))]
        }
        if call.parent?.is(ReturnStmtSyntax.self) == true || isImplicitlyReturned(call) {
            let isImage = { (text: String) in text.contains(".image{") || text.contains(".image(actions:") }
            return ImageContextRewriter.returnTypeEdits(from: Syntax(call), isImage: isImage, optionalResult: true, unitScale: unitScale)
        }
        // A property (or variable) declared `UIImage` holding it: a `CGImage?`.
        if let binding = call.parent?.parent?.as(PatternBindingSyntax.self), binding.typeAnnotation != nil {
            return ImageContextRewriter.imagePropertyEdits(binding, optionalResult: true)
        }
        guard let binding = call.parent?.parent?.as(PatternBindingSyntax.self), binding.typeAnnotation == nil,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            let scope = NameReferences.statements(after: declaration),
            let held = ImageContextRewriter.holderEdits([(pattern.identifier.text, pattern.id)], in: scope, encodes: true, unitScale: unitScale)
        else { return nil }
        guard held.returned else { return held.edits }
        // `let image = renderer.image { … }` … `return image`: the function returns `CGImage?`.
        let name = pattern.identifier.text
        guard let returned = ImageContextRewriter.returnTypeEdits(from: Syntax(call), isImage: { $0 == name }, optionalResult: true, unitScale: unitScale)
        else { return nil }
        return held.edits + returned
    }

    /// Whether `token` (`pngData` or `jpegData`) names an encoding this pass writes with
    /// Image I/O: the renderer's own, or that of an image it made.
    static func writesEncoding(_ token: TokenSyntax) -> Bool {
        guard let access = token.parent?.parent?.as(MemberAccessExprSyntax.self),
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id
        else { return false }
        if isImageCall(call) { return plan(call)?.encoding != nil }
        // The image the renderer made, in place or held in a local.
        var image = access.base
        if let name = image?.as(DeclReferenceExprSyntax.self), let base = image,
            let declaration = NameReferences.declaration(of: name.baseName.text, before: base)
        {
            image = declaration.bindings.first?.initializer?.value
        }
        guard let made = image?.as(FunctionCallExprSyntax.self), isImageCall(made), let plan = plan(made) else { return false }
        return plan.edits.contains { $0.node.id == Syntax(call).id }
    }
}
