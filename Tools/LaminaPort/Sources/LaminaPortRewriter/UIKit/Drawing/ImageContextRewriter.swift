import SwiftSyntax

/// UIKit's image context, the usual way Apple code turns a layer into an image, written as
/// the bitmap `CGContext` it is:
///
/// ```swift
/// UIGraphicsBeginImageContextWithOptions(          let imageSize = bounds.size
///     bounds.size, isOpaque, 0)                    let imageContext = CGContext(…sRGB, BGRA…)
///                                                  imageContext?.translateBy(x: 0, y: …)
///                                                  imageContext?.scaleBy(x: 1, y: -1)
/// defer { UIGraphicsEndImageContext() }      →     (removed)
/// guard let ctx = UIGraphicsGetCurrentContext()    guard let ctx = imageContext
/// render(in: ctx)                                  render(in: ctx)
/// return UIGraphicsGetImageFromCurrentImageContext()   return imageContext?.makeImage()
/// ```
///
/// The context is UIKit's: 8 bits a component, premultiplied BGRA in sRGB (no alpha where
/// `opaque` is true), its size rounded up to whole pixels, and flipped so that y points down
/// from the top-left, as `render(in:)` and UIKit's drawing expect. A scale of 0 means the main
/// screen's on Apple's platforms; Linux has no main screen before a window shows, so the
/// image is made at 1 pixel a point (the change's reason says so), as for
/// `UIScreen.main.scale`. The image is the context's `CGImage`: `…?.cgImage` on it goes, and a
/// function of the file that returns it returns `CGImage?` (or `CGImage`) instead of `UIImage?`,
/// its calls in the file losing their `.cgImage` (a local or an `if let`/`guard let` holding a
/// call's image, its `.cgImage` uses). A local holding the image is kept with its `.cgImage` uses dropped.
///
/// Left for a person: a context whose scope is not one block (begun in one function, ended in
/// another), a second context begun in the same block, a function that returns another
/// `UIImage` as well, and an image used other than for its `CGImage` or as the return value.
/// UIKit drawing in the context (`UIColor.setFill()`, `UIBezierPath.fill()`) is
/// ``UIKitDrawingRewriter``'s.
final class ImageContextRewriter: PortingPass {
    static let beginFunctions: Set<String> = ["UIGraphicsBeginImageContextWithOptions", "UIGraphicsBeginImageContext"]

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let call = node.item.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            Self.beginFunctions.contains(callee.baseName.text), !node.isInAppleOnlyConditional
        else { return .visitChildren }
        guard let plan = Self.plan(node) else {
            file.note(
                call, why: "UIKit's image context does not exist on Linux, and this one is not begun, used and ended in one block as the command can write",
                todo: "make a bitmap CGContext (flipped: y down) and take its makeImage()")
            return .skipChildren
        }
        let reason = "UIKit does not exist on Linux; its image context is a bitmap CGContext in sRGB, flipped as UIKit's is"
        file.replace(node, with: plan.setUp(indentation: file.indentation(of: node), in: file), kind: .uikitValue, reason: plan.scaleReason ?? reason)
        Self.apply(plan.edits, in: file, reason: reason)
        return .skipChildren
    }

    /// Records `edits` in `file`.
    static func apply(_ edits: [Edit], in file: PortingSourceFile, reason: String) {
        for edit in edits {
            if let kept = edit.keeping {
                let range = file.trimmedRange(edit.node)
                let end = file.trimmedRange(kept).upperBound
                file.replace(
                    end..<range.upperBound, with: edit.suffix ?? "", kind: .uikitValue,
                    reason: edit.suffix == nil
                        ? "the image is the CGImage itself"
                        : "the image is a CGImage, encoded by Image I/O as UIKit encodes the UIImage",
                    shown: (range, file.source(range.lowerBound..<end) + (edit.suffix ?? "")))
            } else if let replacement = edit.replacement {
                file.replace(edit.node, with: replacement, kind: .uikitValue, reason: reason)
            } else {
                file.remove(edit.node, kind: .uikitValue, reason: "the bitmap CGContext needs no ending; it is freed with its last use")
            }
        }
    }

    struct Edit {
        var node: Syntax
        /// The new text; nil removes the node.
        var replacement: String?
        /// Where set, only the text after this node (inside `node`) goes: `?.cgImage` after
        /// `image` in `image?.cgImage`.
        var keeping: Syntax? = nil
        /// What takes the place of the text after ``keeping`` (nothing when nil).
        var suffix: String? = nil
    }

    struct Plan {
        var size: String
        var scale: String
        var scaleReason: String?
        var opaque: String
        var edits: [Edit]
        /// Whether y points down from the top-left, as in UIKit's image contexts; AppKit's
        /// focused images have it up, as a bitmap `CGContext` has.
        var flipped = true
        /// The expressions the size, scale and opaqueness were written as, where each is
        /// written as it is: the text set up holds them with what other passes write inside
        /// them (`image.size` of an image parameter that takes the `CGImage`).
        var sources: (size: ExprSyntax?, scale: ExprSyntax?, opaque: ExprSyntax?) = (nil, nil, nil)

        /// The statements that make the context, in place of UIKit's `UIGraphicsBegin…`;
        /// with `file`, the expressions of ``sources`` keep the edits made inside them.
        func setUp(indentation: String, in file: PortingSourceFile? = nil) -> String {
            func written(_ text: String, _ source: ExprSyntax?) -> String {
                guard let file, let source, source.trimmedDescription == text else { return text }
                return file.placeholder(for: source)
            }
            let alpha: String
            switch opaque {
            case "false": alpha = "CGImageAlphaInfo.premultipliedFirst"
            case "true": alpha = "CGImageAlphaInfo.noneSkipFirst"
            default: alpha = "(\(written(opaque, sources.opaque)) ? CGImageAlphaInfo.noneSkipFirst : CGImageAlphaInfo.premultipliedFirst)"
            }
            // A scale known only at run time is worked out once, 0 meaning 1 as above.
            var statements = ["let imageSize = \(written(size, sources.size))"]
            var factor = scale
            if Double(scale) == nil {
                let simple = scale.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                let scale = written(scale, sources.scale)
                statements.append(
                    simple
                        ? "let imageScale: CGFloat = \(scale) > 0 ? \(scale) : 1"
                        : "let imageScale: CGFloat = { let requested: CGFloat = \(scale); return requested > 0 ? requested : 1 }()")
                factor = "imageScale"
            }
            let scaled = { (side: String) in factor == "1" ? "imageSize.\(side)" : "(imageSize.\(side) * \(factor))" }
            statements.append(
                "let imageContext = CGContext(data: nil, width: Int(\(scaled("width")).rounded(.up)), height: Int(\(scaled("height")).rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: \(alpha).rawValue | CGBitmapInfo.byteOrder32Little.rawValue)"
            )
            if flipped {
                statements += ["imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))", "imageContext?.scaleBy(x: \(factor), y: -\(factor))"]
            } else if factor != "1" {
                statements.append("imageContext?.scaleBy(x: \(factor), y: \(factor))")
            }
            return statements.joined(separator: "\n" + indentation)
        }
    }

    /// Whether `node` is in a return type this pass rewrites, or in a begin statement it writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if ancestor.is(ReturnClauseSyntax.self), let function = ancestor.parent?.parent?.as(FunctionDeclSyntax.self),
                let body = function.body
            {
                return plans(in: Syntax(body)).contains { $0.contains { $0.node.is(ReturnClauseSyntax.self) } }
            }
            // A property's type, written where its value (a closure called in place) or its
            // getter makes the image.
            if let annotation = ancestor.as(TypeAnnotationSyntax.self), let binding = annotation.parent?.as(PatternBindingSyntax.self) {
                let searched: Syntax
                if let value = binding.initializer?.value {
                    searched = immediatelyCalledInitializer(of: binding).map { Syntax($0.statements) } ?? Syntax(value)
                } else if let accessors = binding.accessorBlock, case .getter(let body) = accessors.accessors {
                    searched = Syntax(body)
                } else {
                    return false
                }
                return plans(in: searched).contains { $0.contains { $0.node.id == Syntax(annotation.type).id } }
            }
            // The begin statement itself, written as the bitmap context (its scale argument,
            // `UIScreen.main.scale`, goes with it).
            if let statement = ancestor.as(CodeBlockItemSyntax.self) {
                guard let name = statement.item.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    beginFunctions.contains(name)
                else { return false }
                return plan(statement) != nil
            }
            if ancestor.is(MemberBlockItemSyntax.self) { return false }
            current = ancestor.parent
        }
        return false
    }

    /// The edits for the image contexts begun and the image renderers used in `body`.
    private static func plans(in body: Syntax) -> [[Edit]] {
        final class Finder: SyntaxVisitor {
            var plans: [[Edit]] = []
            override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.item.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    ImageContextRewriter.beginFunctions.contains(name), let plan = ImageContextRewriter.plan(node)
                {
                    plans.append(plan.edits)
                }
                return .visitChildren
            }
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let statement = node.parent?.as(CodeBlockItemSyntax.self), ImageFocusRewriter.focusCall(statement)?.locks == true,
                    let plan = ImageFocusRewriter.plan(statement)
                {
                    plans.append(plan.edits)
                }
                if ImageRendererRewriter.isImageCall(node), let plan = ImageRendererRewriter.plan(node) { plans.append(plan.edits) }
                if ImageDrawingHandlerRewriter.isHandlerImage(node), let plan = ImageDrawingHandlerRewriter.plan(node) { plans.append(plan.edits) }
                return .visitChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.plans
    }

    /// What replaces the image context begun by `item`, or nil when it is not one this pass
    /// writes.
    static func plan(_ item: CodeBlockItemSyntax) -> Plan? {
        guard let call = item.item.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let scope = NameReferences.statements(after: call)
        else { return nil }
        let arguments = call.arguments.map(\.expression.trimmedDescription)
        guard call.arguments.allSatisfy({ $0.label == nil }),
            arguments.count == (name == "UIGraphicsBeginImageContext" ? 1 : 3)
        else { return nil }
        var plan = Plan(size: arguments[0], scale: "1", scaleReason: nil, opaque: "false", edits: [])
        let sources = call.arguments.map(\.expression)
        plan.sources = (sources[0], sources.count == 3 ? sources[2] : nil, sources.count == 3 ? sources[1] : nil)
        if arguments.count == 3 {
            plan.opaque = arguments[1]
            let scale = arguments[2]
            if ["0", "0.0"].contains(scale) || DisplayScaleRewriter.isScreenScale(scale) {
                plan.scaleReason = "UIKit does not exist on Linux; its image context is a bitmap CGContext in sRGB, flipped as UIKit's is, at 1 pixel a point where UIKit takes the main screen's scale (Linux has none before a window shows)"
            } else if let number = Double(scale), number > 0 {
                plan.scale = scale
            } else if Double(scale) == nil {
                plan.scale = scale
            }
        }
        // The names the context's statements declare must be free where they go.
        let body = item.parent?.as(CodeBlockItemListSyntax.self)
        if body?.tokens(viewMode: .sourceAccurate).contains(where: { ["imageContext", "imageSize", "imageScale"].contains($0.text) }) == true {
            return nil
        }
        var images: [IdentifierPatternSyntax] = []
        var returnsImage = false
        for token in scope.flatMap({ $0.tokens(viewMode: .sourceAccurate) }) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                let use = reference.parent?.as(FunctionCallExprSyntax.self), use.calledExpression.id == reference.id
            else { continue }
            switch token.text {
            case "UIGraphicsGetCurrentContext":
                plan.edits.append(Edit(node: Syntax(use), replacement: "imageContext"))
            case "UIGraphicsEndImageContext":
                guard let statement = use.parent?.as(CodeBlockItemSyntax.self) else { return nil }
                // `defer { UIGraphicsEndImageContext() }` goes whole.
                if let deferred = statement.parent?.parent?.parent?.as(DeferStmtSyntax.self), deferred.body.statements.count == 1,
                    let deferItem = deferred.parent?.as(CodeBlockItemSyntax.self)
                {
                    plan.edits.append(Edit(node: Syntax(deferItem), replacement: nil))
                } else {
                    plan.edits.append(Edit(node: Syntax(statement), replacement: nil))
                }
            case "UIGraphicsGetImageFromCurrentImageContext":
                guard let (node, replacement, holder) = imageUse(use) else { return nil }
                plan.edits.append(Edit(node: node, replacement: replacement))
                if let holder { images.append(holder) }
                // Returned as the image (not its `CGImage`, which the function returns already).
                if node.parent?.is(ReturnStmtSyntax.self) == true, node.as(MemberAccessExprSyntax.self)?.declName.baseName.text != "cgImage" {
                    returnsImage = true
                }
            case _ where beginFunctions.contains(token.text):
                return nil
            default:
                continue
            }
        }
        // Each local is seen where its declaration puts it: an `if let`'s body, the statements
        // after a `guard let` or a `let` (a later local of the same name is another's).
        for image in images {
            guard let seen = holderScope(image), let held = holderEdits([(image.identifier.text, image.id)], in: seen) else { return nil }
            plan.edits += held.edits
            returnsImage = returnsImage || held.returned
        }
        if returnsImage {
            let isImage = { (text: String) in
                text.hasPrefix("UIGraphicsGetImageFromCurrentImageContext()") || images.contains { text == $0.identifier.text || text == "\($0.identifier.text)!" }
            }
            // A function also returning an image made otherwise (a renderer's, an optional
            // `CGImage`) returns `CGImage?` for both.
            let optionalResult = function(around: item).map(makesAnotherImage) ?? false
            guard let returnEdits = returnTypeEdits(from: Syntax(item), isImage: isImage, optionalResult: optionalResult) else { return nil }
            plan.edits += returnEdits
        }
        return plan
    }

    /// The function whose body holds `item` (not in a closure).
    private static func function(around item: CodeBlockItemSyntax) -> FunctionDeclSyntax? {
        var current = item.parent
        while let ancestor = current {
            if let function = ancestor.as(FunctionDeclSyntax.self) { return function }
            if ancestor.is(ClosureExprSyntax.self) || ancestor.is(MemberBlockItemSyntax.self) { return nil }
            current = ancestor.parent
        }
        return nil
    }

    /// Whether `function` makes an image other than by UIKit's image context: an image
    /// renderer's, or AppKit's drawing handler's or focused image (each a `CGImage?` once written).
    private static func makesAnotherImage(_ function: FunctionDeclSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if ImageRendererRewriter.isImageCall(call) || ImageDrawingHandlerRewriter.isHandlerImage(call)
                    || call.parent?.as(CodeBlockItemSyntax.self).flatMap(ImageFocusRewriter.focusCall)?.locks == true
                {
                    found = true
                }
                return found ? .skipChildren : .visitChildren
            }
        }
        guard let body = function.body else { return false }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(body)
        return finder.found
    }

    /// Where the local `pattern` declares is seen: the body of the `if` binding it, or the
    /// statements after the `guard` or the declaration; nil where it is declared otherwise.
    private static func holderScope(_ pattern: IdentifierPatternSyntax) -> [Syntax]? {
        if let condition = pattern.parent?.as(OptionalBindingConditionSyntax.self) { return NameReferences.scope(of: condition) }
        guard let declaration = pattern.parent?.parent?.parent?.as(VariableDeclSyntax.self) else { return nil }
        return NameReferences.statements(after: declaration)
    }

    /// The edits for locals holding an image (`let image = …`): each `image?.cgImage`
    /// (`image!.cgImage`, `image.cgImage`) becomes `image`; nil when one is used otherwise.
    /// `returned` tells whether one is returned as it is.
    /// `encodes`: the holders are `CGImage?`s whose `pngData()` and
    /// `jpegData(compressionQuality:)` are written as Image I/O's encoding (``ImageEncoding``).
    /// `unitScale`: the images were made at 1 pixel a point, so a holder's `size` (in points) is
    /// its pixel size and its `scale` is 1 — `image.size` is `CGSize(width: image?.width ?? 0,
    /// height: image?.height ?? 0)` where UIKit's image was not optional (`image!.size` alike),
    /// `image?.size` is `image.map { CGSize(width: $0.width, height: $0.height) }`, and
    /// `image.scale` is `CGFloat(1)` (`image.map { _ in CGFloat(1) }` for `image?.scale`); a
    /// holder that is not optional (`holdersAreOptional` false: bound by `if let` or `guard
    /// let`) gives `CGSize(width: image.width, height: image.height)`.
    static func holderEdits(
        _ images: [(name: String, pattern: SyntaxIdentifier)], in scope: [Syntax], encodes: Bool = false, unitScale: Bool = false,
        holdersAreOptional: Bool = true
    ) -> (edits: [Edit], returned: Bool)? {
        var edits: [Edit] = []
        var returned = false
        for (holder, pattern) in images {
            guard let uses = NameReferences.find(holder, in: scope, except: pattern) else { return nil }
            for reference in uses where !reference.isMemberName {
                if reference.parent?.is(ReturnStmtSyntax.self) == true {
                    returned = true
                    continue
                }
                var image = Syntax(reference)
                if let unwrapped = image.parent, unwrapped.is(OptionalChainingExprSyntax.self) || unwrapped.is(ForceUnwrapExprSyntax.self) {
                    image = unwrapped
                }
                // `UIColor(patternImage: image!)`: the pattern colour takes the CGImage as it is.
                if isPatternImageArgument(image) { continue }
                if encodes, image.id == Syntax(reference).id, let (call, suffix) = ImageEncoding.encoding(after: ExprSyntax(reference)) {
                    edits.append(Edit(node: Syntax(call), replacement: nil, keeping: Syntax(reference), suffix: suffix))
                    continue
                }
                guard let access = image.parent?.as(MemberAccessExprSyntax.self), access.base?.id == image.id else { return nil }
                let wrapped = image.is(OptionalChainingExprSyntax.self) ? "?" : image.is(ForceUnwrapExprSyntax.self) ? "!" : holdersAreOptional ? "" : "bound"
                if unitScale, let written = unitScaleUse(access, of: holder, wrapped: wrapped) {
                    edits.append(Edit(node: Syntax(access), replacement: written))
                    continue
                }
                guard access.declName.baseName.text == "cgImage" else { return nil }
                edits.append(Edit(node: Syntax(access), replacement: holder, keeping: Syntax(reference)))
            }
        }
        return (edits, returned)
    }

    /// What `access` — `holder.size` or `holder.scale`, `wrapped` in `?` or `!` or not (or
    /// `"bound"`, a holder that is not optional) — reads of a `CGImage` holder made at 1 pixel a
    /// point; nil for another member.
    private static func unitScaleUse(_ access: MemberAccessExprSyntax, of holder: String, wrapped: String) -> String? {
        // A member read, not called.
        if let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id { return nil }
        switch (access.declName.baseName.text, wrapped) {
        case ("size", "?"): return "\(holder).map { CGSize(width: $0.width, height: $0.height) }"
        case ("size", "!"): return "CGSize(width: \(holder)!.width, height: \(holder)!.height)"
        case ("size", "bound"): return "CGSize(width: \(holder).width, height: \(holder).height)"
        case ("size", _): return "CGSize(width: \(holder)?.width ?? 0, height: \(holder)?.height ?? 0)"
        case ("scale", "?"): return "\(holder).map { _ in CGFloat(1) }"
        case ("scale", _): return "CGFloat(1)"
        default: return nil
        }
    }

    /// Whether `image` is the argument of `UIColor(patternImage:)`, which the command writes
    /// as a pattern colour of the `CGImage`.
    static func isPatternImageArgument(_ image: Syntax) -> Bool {
        guard let argument = image.parent?.as(LabeledExprSyntax.self), argument.label?.text == "patternImage",
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        else { return false }
        return call.calledExpression.trimmedDescription == "UIColor"
    }

    /// The edit for one `UIGraphicsGetImageFromCurrentImageContext()` (with the `.cgImage` or
    /// `!` around it), and the pattern of the local it initializes, if any.
    private static func imageUse(_ call: FunctionCallExprSyntax) -> (Syntax, String, IdentifierPatternSyntax?)? {
        guard call.arguments.isEmpty else { return nil }
        let image = "imageContext?.makeImage()"
        var node = Syntax(call)
        var forced = false
        if let wrapper = node.parent, wrapper.is(OptionalChainingExprSyntax.self) || wrapper.is(ForceUnwrapExprSyntax.self) {
            node = wrapper
            forced = wrapper.is(ForceUnwrapExprSyntax.self)
        }
        // `…?.cgImage`, `…!.cgImage`: a `CGImage?` either way.
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.base?.id == node.id,
            access.declName.baseName.text == "cgImage"
        {
            return (Syntax(access), image, nil)
        }
        if forced { return (node, "(\(image))!", nil) }
        // Used otherwise through `?.` (its size, its scale): left.
        guard node.id == Syntax(call).id else { return nil }
        // Returned as it is, the function's return type follows; used otherwise, it is left.
        guard let initializer = call.parent?.as(InitializerClauseSyntax.self) else {
            return call.parent?.is(ReturnStmtSyntax.self) == true ? (Syntax(call), image, nil) : nil
        }
        // `let image = …`, `guard let image = …`: the local's uses are followed.
        let pattern: PatternSyntax?
        if let binding = initializer.parent?.as(PatternBindingSyntax.self), binding.typeAnnotation == nil {
            pattern = binding.pattern
        } else if let condition = initializer.parent?.as(OptionalBindingConditionSyntax.self), condition.typeAnnotation == nil {
            pattern = condition.pattern
        } else {
            return nil
        }
        guard let identifier = pattern?.as(IdentifierPatternSyntax.self) else { return nil }
        return (Syntax(call), image, identifier)
    }

    /// The function around `item` returning `UIImage?` (or `UIImage`, `UIImage!`) made to
    /// return the `CGImage`, with its calls in the file dropping `.cgImage`; nil when it is not
    /// a function, returns another type, or returns something other than the image or `nil`.
    ///
    /// `isImage` tells whether a return statement's expression (without spaces) is the image;
    /// with `optionalResult` the function returns `CGImage?` whatever form of `UIImage` it
    /// returned (the image made is optional).
    ///
    /// A property (or variable) of type `UIImage` initialized by a closure called in place
    /// that returns the image (`static let dot: UIImage = { … return renderer.image { … } }()`)
    /// is made a `CGImage?` alike, when every use of it in the file is its `.cgImage`, which goes.
    static func returnTypeEdits(from item: Syntax, isImage: (String) -> Bool, optionalResult: Bool, unitScale: Bool = false) -> [Edit]? {
        var current = item.parent
        while let ancestor = current, !ancestor.is(FunctionDeclSyntax.self) {
            if let closure = ancestor.as(ClosureExprSyntax.self) {
                return initializerTypeEdits(of: closure, isImage: isImage, optionalResult: optionalResult)
            }
            if let accessors = ancestor.as(AccessorBlockSyntax.self) {
                // A computed property's getter (`var snapshot: UIImage? { … }`, no setter): the
                // property is a `CGImage?`, as a function would return one.
                guard case .getter(let body) = accessors.accessors, let binding = accessors.parent?.as(PatternBindingSyntax.self),
                    returnsOnlyTheImage(Syntax(body), isImage: isImage)
                else { return nil }
                return imagePropertyEdits(binding, optionalResult: optionalResult)
            }
            current = ancestor.parent
        }
        guard let function = current?.as(FunctionDeclSyntax.self), let body = function.body,
            let returned = function.signature.returnClause?.type,
            let written = writtenImageType(returned, optionalResult: optionalResult),
            returnsOnlyTheImage(Syntax(body), isImage: isImage)
        else { return nil }
        guard let returnClause = function.signature.returnClause else { return nil }
        var edits = [Edit(node: Syntax(returnClause), replacement: "-> \(written)")]
        // The file's calls of the function: `f()?.cgImage` is `f()`. A call may leave out
        // defaulted arguments where no other function of the file has the name.
        let name = function.name.text
        let signature = CallSignature(function.signature.parameterClause.parameters)
        let isOnlyFunctionNamed = NameReferences.tokens(name, in: function.root).filter { $0.parent?.is(FunctionDeclSyntax.self) == true }.count == 1
        for token in NameReferences.tokens(name, in: function.root) {
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let callee = reference.parent?.as(MemberAccessExprSyntax.self).flatMap { $0.declName.id == reference.id ? Syntax($0) : nil }
                ?? Syntax(reference)
            guard let call = callee.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == callee.id else { continue }
            let labels = call.arguments.map { $0.label?.text ?? "_" }
            guard labels == signature.labels || (isOnlyFunctionNamed && signature.isCalled(with: labels)) else { continue }
            var image = Syntax(call)
            if let wrapper = image.parent, wrapper.is(OptionalChainingExprSyntax.self) || wrapper.is(ForceUnwrapExprSyntax.self) {
                image = wrapper
            }
            if let access = image.parent?.as(MemberAccessExprSyntax.self), access.base?.id == image.id,
                access.declName.baseName.text == "cgImage"
            {
                edits.append(Edit(node: Syntax(access), replacement: nil, keeping: Syntax(call)))
            } else if let binding = call.parent?.parent?.as(PatternBindingSyntax.self), binding.typeAnnotation == nil,
                let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
                let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
                let scope = NameReferences.statements(after: declaration),
                let (holding, _) = holderEdits([(pattern.identifier.text, pattern.id)], in: scope, unitScale: unitScale)
            {
                // `let thumb = f(…)`: a local holding the image, its `.cgImage` uses dropped.
                edits += holding
            } else if let condition = call.parent?.parent?.as(OptionalBindingConditionSyntax.self),
                let pattern = condition.pattern.as(IdentifierPatternSyntax.self), condition.typeAnnotation == nil,
                let scope = NameReferences.scope(of: condition),
                let (holding, _) = holderEdits([(pattern.identifier.text, pattern.id)], in: scope, unitScale: unitScale, holdersAreOptional: false)
            {
                // `guard let image = f(…)`, `if let image = f(…)`: the same in its scope.
                edits += holding
            } else if returned.trimmedDescription == "NSImage", let binding = call.parent?.parent?.as(PatternBindingSyntax.self),
                binding.typeAnnotation == nil, let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
                let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
                let scope = NameReferences.statements(after: declaration),
                let uses = NameReferences.find(pattern.identifier.text, in: scope, except: pattern.id),
                let holding = uses.filter({ !$0.isMemberName }).map({ ImageFocusRewriter.use(ExprSyntax($0), size: nil) }).reduce([Edit]?([]), { all, next in
                    all.flatMap { all in next.map { all + $0 } }
                })
            {
                // `let badge = f(…)` of an AppKit image: given to a layer, its size and `CGImage`.
                edits += holding
            } else if image.parent?.is(MemberAccessExprSyntax.self) == true || call.parent?.parent?.is(PatternBindingSyntax.self) == true
                || call.parent?.parent?.is(OptionalBindingConditionSyntax.self) == true
            {
                // A member of the image read (its `size`), or a local holding it read so: the
                // image stays UIKit's, and so does the function.
                return nil
            }
        }
        return edits
    }

    /// The `CGImage` type written for a function's or property's `UIImage` type, or nil for
    /// another type.
    private static func writtenImageType(_ type: TypeSyntax, optionalResult: Bool) -> String? {
        switch type.trimmedDescription {
        case "UIImage?", "Optional<UIImage>", "NSImage?", "Optional<NSImage>": return "CGImage?"
        case "UIImage", "NSImage": return optionalResult ? "CGImage?" : "CGImage"
        case "UIImage!", "NSImage!": return optionalResult ? "CGImage?" : "CGImage!"
        default: return nil
        }
    }

    /// Whether every return in `body` (not a nested closure's or function's) is the image or nil.
    private static func returnsOnlyTheImage(_ body: Syntax, isImage: (String) -> Bool) -> Bool {
        ReturnStatements.expressions(in: body).allSatisfy { expression in
            let text = expression?.trimmedDescription.filter { !$0.isWhitespace } ?? ""
            return text == "nil" || isImage(text)
        }
    }

    /// The closure called in place (`{ … }()`) that initializes `binding`, if it does.
    static func immediatelyCalledInitializer(of binding: PatternBindingSyntax) -> ClosureExprSyntax? {
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let closure = call.calledExpression.as(ClosureExprSyntax.self)
        else { return nil }
        return closure
    }

    /// The edits making the `UIImage` property that `closure` (called in place) initializes a
    /// `CGImage?`, with each use of it in the file dropping `.cgImage`; nil when the closure
    /// initializes no such property, returns something else, or the property is used
    /// otherwise (or its name declared again) in the file.
    private static func initializerTypeEdits(of closure: ClosureExprSyntax, isImage: (String) -> Bool, optionalResult: Bool) -> [Edit]? {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self),
            let binding = call.parent?.parent?.as(PatternBindingSyntax.self), immediatelyCalledInitializer(of: binding)?.id == closure.id,
            returnsOnlyTheImage(Syntax(closure.statements), isImage: isImage)
        else { return nil }
        return imagePropertyEdits(binding, optionalResult: optionalResult)
    }

    /// The edits making `binding`, a property (or variable) declared `UIImage` whose value is
    /// the image made, a `CGImage?`, with each use of it in the file dropping `.cgImage`; nil
    /// when it is declared otherwise, or used otherwise (or its name declared again) in the
    /// file.
    static func imagePropertyEdits(_ binding: PatternBindingSyntax, optionalResult: Bool) -> [Edit]? {
        guard binding.parent?.parent?.as(VariableDeclSyntax.self)?.bindings.count == 1,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self), let type = binding.typeAnnotation?.type,
            let written = writtenImageType(type, optionalResult: optionalResult)
        else { return nil }
        var edits = [Edit(node: Syntax(type), replacement: written)]
        let name = pattern.identifier.text
        for token in NameReferences.tokens(name, in: binding.root) {
            if let other = token.parent?.as(IdentifierPatternSyntax.self) {
                guard other.id == pattern.id else { return nil }
                continue
            }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
            let image = reference.isMemberName ? reference.parent.map(Syntax.init) ?? Syntax(reference) : Syntax(reference)
            // `image?.cgImage` and `image!.cgImage` of an optional one: `image`.
            var read = image
            if let unwrapped = image.parent, unwrapped.is(OptionalChainingExprSyntax.self) || unwrapped.is(ForceUnwrapExprSyntax.self) {
                read = unwrapped
            }
            guard let access = read.parent?.as(MemberAccessExprSyntax.self), access.base?.id == read.id,
                access.declName.baseName.text == "cgImage"
            else { return nil }
            edits.append(Edit(node: Syntax(access), replacement: nil, keeping: image))
        }
        return edits
    }
}
