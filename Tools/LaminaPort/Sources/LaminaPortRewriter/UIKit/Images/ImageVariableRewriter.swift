import SwiftSyntax

/// A UIKit image kept in a local name only to hand on its `CGImage`, decoded with Image I/O
/// into that `CGImage` (``ImageDecodeRewriter`` writes the decode):
///
/// ```swift
/// let star = UIImage(named: "star")            let star = <Image I/O decode, a CGImage?>
/// cell.contents = star?.cgImage          →     cell.contents = star
/// guard let dot = UIImage(data: d) else {…}    guard let dot = <decode> else {…}
/// layer.contents = dot.cgImage                 layer.contents = dot
/// ```
///
/// The name is a local constant or variable (its uses the statements after it in its block),
/// an `if let` (its uses the `if`'s body) or a `guard let` (the statements after the `guard`),
/// made by `UIImage(named:)`, `UIImage(data:)` or `UIImage(contentsOfFile:)` (or `NSImage`'s;
/// force-unwrapped or not, with the type `UIImage` or `UIImage?` written or not). Every use must be its
/// `cgImage` (`?.cgImage`, `!.cgImage`, `.cgImage`) or its `size`, which becomes
/// `CGSize(width: name.width, height: name.height)` (`name.map { … }` for `name?.size`): the
/// image's pixels, its size in points at scale 1, as Linux looks up no `@2x` files — or its
/// `scale`, which is 1 (`name.map { _ in CGFloat(1) }` for `name?.scale`). Where
/// UIKit's current context is known (``DrawingContext``), `name.draw(in: rect)` and
/// `name.draw(at: point)` draw the `CGImage` upright there, as UIKit does in its y-down
/// contexts; `draw(in:blendMode:alpha:)` and `draw(at:blendMode:alpha:)` with that blend mode
/// and alpha for the draw only. An `NSImage` may also be given to a layer's contents as it is
/// (`layer.contents = star`): AppKit's layers take an `NSImage` there, Lamina's the `CGImage`;
/// so is its `layerContents(forContentsScale: scale)`, AppKit's contents for a layer of that
/// scale, which here is the image's one bitmap. A non-optional image may be passed for an image parameter ``ImageParameterRewriter`` writes
/// (each taken to be written while the other is checked). An image used otherwise (passed on
/// otherwise) or whose name is declared again there is left for a person.
final class ImageVariableRewriter: PortingPass {
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let binding = node.bindings.first, let image = Self.image(binding), !node.isInAppleOnlyConditional else {
            return .visitChildren
        }
        apply(image)
        return .skipChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        guard let image = Self.image(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        apply(image)
        return .skipChildren
    }

    private func apply(_ image: Image) {
        let reason = "UIKit and AppKit do not exist on Linux; '\(image.name)' only hands on its CGImage (and size), so it holds the CGImage Image I/O decodes (Lamina's decodes PNG, GIF and JPEG; other data gives nil, as UIKit's does), its size in points its pixels, at scale 1"
        if let (type, written) = image.type { file.replace(type, with: written, kind: .uikitValue, reason: reason) }
        file.replace(image.call, with: image.decode, kind: .uikitValue, reason: reason)
        for (use, written) in image.uses { file.replace(use, with: written, kind: .uikitValue, reason: reason) }
        for drawing in image.drawings { writeImageDrawing(drawing, of: image.name) }
    }

    /// `name.draw(in: rect)` or `name.draw(at: point)` as a statement, where UIKit's current
    /// context is `context`.
    struct Drawing {
        var statement: CodeBlockItemSyntax
        var place: ExprSyntax
        var inRect: Bool
        var context: String
        /// Whether the context has y up (``DrawingContext/isYUp(at:)``), where the image stands
        /// upright as Core Graphics draws it.
        var yUp = false
        /// The blend mode and alpha of `draw(in:blendMode:alpha:)`.
        var blending: (blendMode: ExprSyntax, alpha: ExprSyntax)?
        /// Whether an optional image draws through optional chaining (`name?.draw(in: rect)`):
        /// drawn where it is not nil.
        var unwrapsImage = false
    }

    struct Image {
        var name: String
        var type: (TypeSyntax, String)?
        var call: FunctionCallExprSyntax
        var decode: String
        /// Each `name?.cgImage` (…) and what it becomes.
        var uses: [(ExprSyntax, String)]
        var drawings: [Drawing] = []
    }

    /// Whether `node` is in the declaration of an image this pass writes (its type or decode).
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        for _ in 0..<6 {
            guard let ancestor = current else { return false }
            if let binding = ancestor.as(PatternBindingSyntax.self) { return image(binding) != nil }
            if let condition = ancestor.as(OptionalBindingConditionSyntax.self) { return image(condition) != nil }
            current = ancestor.parent
        }
        return false
    }

    static func image(_ binding: PatternBindingSyntax) -> Image? {
        guard let declaration = binding.parent?.parent?.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            binding.accessorBlock == nil, let value = binding.initializer?.value,
            let after = NameReferences.scope(of: declaration)
        else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([declaration.id])) {
            image(binding.pattern, type: binding.typeAnnotation?.type, value: value, optionalBinding: false, searched: after)
        }
    }

    static func image(_ condition: OptionalBindingConditionSyntax) -> Image? {
        guard condition.bindingSpecifier.text == "let" || condition.bindingSpecifier.text == "var",
            let value = condition.initializer?.value
        else { return nil }
        guard let searched = NameReferences.scope(of: condition) else { return nil }
        return $assumedWritten.withValue(assumedWritten.union([condition.id])) {
            image(condition.pattern, type: condition.typeAnnotation?.type, value: value, optionalBinding: true, searched: searched)
        }
    }

    /// The local images (declarations, optional bindings) taken to be written while one's uses
    /// are checked (an image parameter it is passed for asks whether the images passed are).
    @TaskLocal private static var assumedWritten: Set<SyntaxIdentifier> = []

    /// Whether `value` names a local image this pass writes: a constant or variable declared
    /// before it, or an `if let`/`guard let` binding it sees.
    static func isWrittenImage(_ value: ExprSyntax) -> Bool {
        guard let reference = value.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
        let name = reference.baseName.text
        if let declaration = NameReferences.declaration(of: name, before: reference) {
            guard let binding = declaration.bindings.first else { return false }
            return assumedWritten.contains(declaration.id) || image(binding) != nil
        }
        guard let condition = NameReferences.optionalBinding(named: name, around: reference) else { return false }
        return assumedWritten.contains(condition.id) || image(condition) != nil
    }

    private static func image(
        _ pattern: PatternSyntax, type: TypeSyntax?, value: ExprSyntax, optionalBinding: Bool, searched: [Syntax]
    ) -> Image? {
        guard let name = pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
        let unwrapped = value.as(ForceUnwrapExprSyntax.self)
        guard let call = (unwrapped?.expression ?? value).as(FunctionCallExprSyntax.self),
            let decode = ImageDecodeRewriter.decode(call)
        else { return nil }
        // Whether the name holds an optional image: `?.cgImage` then.
        let isOptional = unwrapped == nil && !optionalBinding
        var written: (TypeSyntax, String)?
        if let type {
            switch type.trimmedDescription {
            case "UIImage", "NSImage": written = (type, "CGImage")
            case "UIImage?", "NSImage?": written = (type, "CGImage?")
            case "UIImage!", "NSImage!": written = (type, "CGImage!")
            default: return nil
            }
        }
        var uses: [(ExprSyntax, String)] = []
        var drawings: [Drawing] = []
        guard let references = NameReferences.find(name, in: searched) else { return nil }
        let isAppKit = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSImage"
        for reference in references where !reference.isMemberName {
            // Passed for an image parameter that takes the CGImage (a non-optional image).
            if !isOptional, let parameter = FunctionReferences.parameter(receiving: reference), ImageParameterRewriter.isWritten(parameter) {
                continue
            }
            switch use(of: ExprSyntax(reference), isOptional: isOptional, isImplicitlyUnwrapped: written?.1 == "CGImage!", isAppKit: isAppKit) {
            case .replaced(let use, let text)?: uses.append((use, text))
            case .drawn(let drawing)?: drawings.append(drawing)
            case .kept?: break
            case nil: return nil
            }
        }
        // In parentheses where a trailing closure could not stand: a condition, before `!`.
        let decodeWritten = unwrapped == nil && !optionalBinding ? decode : "(\(decode))"
        return Image(name: name, type: written, call: call, decode: decodeWritten, uses: uses, drawings: drawings)
    }

    /// What a read of an image is written as.
    enum Use {
        /// The expression and its text once the image is the `CGImage`.
        case replaced(ExprSyntax, String)
        case drawn(Drawing)
        /// A read that stays as it is: an AppKit image given to a layer's contents, which take
        /// the `CGImage` on Linux as they take the `NSImage` on macOS; an optional image
        /// compared with `nil`.
        case kept
    }

    /// How a read of an image (`reference`: `name`, or a property's `self.name`, `other.name`)
    /// is written once it holds the `CGImage`: its `cgImage` (`?.cgImage`, `!.cgImage`,
    /// `.cgImage`, AppKit's `cgImage(forProposedRect: nil, context: nil, hints: nil)` — or
    /// `forProposedRect: &rect`, the rectangle made pixel-integral as AppKit may —), `size`,
    /// `scale`, or `draw(in:)`/`draw(at:)` where UIKit's current context is known; an AppKit
    /// image (`isAppKit`) given to a layer's contents as it is (a UIKit image there draws
    /// nothing on iOS, and is left) or as its `layerContents(forContentsScale:)`; an optional
    /// image compared with `nil` as it is; nil for another use. `isOptional`: it holds `UIImage?`,
    /// `isImplicitlyUnwrapped` `UIImage!`.
    static func use(of reference: ExprSyntax, isOptional: Bool, isImplicitlyUnwrapped: Bool, isAppKit: Bool = false) -> Use? {
        if isAppKit, ImageDecodeRewriter.isLayerContentsValue(reference) { return .kept }
        // `image != nil`: whether there is an image, which the `CGImage?` tells alike.
        if isOptional, NilComparison.isComparedWithNil(reference) { return .kept }
        let name = reference.trimmedDescription
        // `name?.cgImage`, `name!.cgImage`, `name.cgImage`.
        var base = reference
        var unwrap = ""
        if let chained = reference.parent?.as(OptionalChainingExprSyntax.self) {
            base = ExprSyntax(chained)
        } else if let forced = reference.parent?.as(ForceUnwrapExprSyntax.self) {
            base = ExprSyntax(forced)
            unwrap = "!"
        }
        let plain = base.id == reference.id
        guard let access = base.parent?.as(MemberAccessExprSyntax.self), access.base?.id == base.id else { return nil }
        // `name.draw(in: rect)`, `name.draw(at: point)` (with `blendMode:alpha:` or not) where
        // UIKit's current context is known.
        let chained = base.is(OptionalChainingExprSyntax.self) && isOptional && !isImplicitlyUnwrapped
        if access.declName.baseName.text == "draw", plain && (!isOptional || isImplicitlyUnwrapped) || chained,
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
            call.trailingClosure == nil, let argument = call.arguments.first,
            ["in", "at"].contains(argument.label?.text ?? ""),
            call.arguments.dropFirst().map({ $0.label?.text ?? "_" }) == [] || call.arguments.dropFirst().map({ $0.label?.text ?? "_" }) == ["blendMode", "alpha"],
            let statement = call.parent?.as(CodeBlockItemSyntax.self), let context = DrawingContext.at(statement),
            !statement.tokens(viewMode: .sourceAccurate).contains(where: {
                ["imageRect", "imageOrigin", "imageDrawingContext", "imageBlendMode", "imageAlpha"].contains($0.text)
            })
        {
            let rest = Array(call.arguments.dropFirst())
            return .drawn(
                Drawing(
                    statement: statement, place: argument.expression, inRect: argument.label?.text == "in", context: context,
                    yUp: DrawingContext.isYUp(at: statement), blending: rest.count == 2 ? (rest[0].expression, rest[1].expression) : nil,
                    unwrapsImage: chained))
        }
        // `name.size`: the image's size in pixels, which is its size in points at scale 1.
        if access.declName.baseName.text == "size" {
            if base.is(OptionalChainingExprSyntax.self) {
                return .replaced(ExprSyntax(access), "\(name).map { CGSize(width: $0.width, height: $0.height) }")
            }
            return .replaced(ExprSyntax(access), "CGSize(width: \(name + unwrap).width, height: \(name + unwrap).height)")
        }
        // `name.scale`: 1, the scale of an image decoded from its file (no `@2x` lookup).
        if access.declName.baseName.text == "scale" {
            return .replaced(ExprSyntax(access), base.is(OptionalChainingExprSyntax.self) ? "\(name).map { _ in CGFloat(1) }" : "CGFloat(1)")
        }
        // AppKit's `name.layerContents(forContentsScale: scale)`: the contents it makes for a
        // layer of that scale, from the image's one bitmap here.
        if isAppKit, access.declName.baseName.text == "layerContents", !plain || !isOptional || isImplicitlyUnwrapped,
            let (call, proposed) = appKitImageCall(access), proposed == nil
        {
            return .replaced(ExprSyntax(call), name + unwrap)
        }
        guard access.declName.baseName.text == "cgImage" else { return nil }
        if plain && isOptional && !isImplicitlyUnwrapped { return nil }
        // AppKit's `cgImage(forProposedRect: nil, context: nil, hints: nil)` is a call: the
        // call is the image (another rectangle, context or hints is left).
        if let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id {
            guard let (_, given) = appKitImageCall(access), let proposed = given else { return nil }
            // Bound by `if let`/`guard let`, an image that is not optional is made optional, as
            // AppKit's call gives one, so the binding still binds it.
            let bound = (unwrap == "!" || (plain && !isOptional))
                && call.parent?.as(InitializerClauseSyntax.self)?.parent?.is(OptionalBindingConditionSyntax.self) == true
            func bindable(_ text: String) -> String { bound ? "Optional(\(text))" : text }
            if proposed.trimmedDescription == "nil" {
                // `…(forProposedRect: nil, …)!` on an image that is not optional: the image itself.
                if plain, !isOptional || isImplicitlyUnwrapped, let forced = call.parent?.as(ForceUnwrapExprSyntax.self) {
                    return .replaced(ExprSyntax(forced), name)
                }
                return .replaced(ExprSyntax(call), bindable(name + unwrap))
            }
            // `&rect`: AppKit may widen the proposed rectangle to the pixel-integral one the
            // image is drawn into — the smallest holding it, at the scale of no context.
            // Not through `?`: the rectangle is altered only when there is an image.
            guard unwrap == "!" || (plain && (!isOptional || isImplicitlyUnwrapped)), let rect = proposed.as(InOutExprSyntax.self)?.expression.as(DeclReferenceExprSyntax.self),
                rect.argumentNames == nil
            else { return nil }
            return .replaced(
                ExprSyntax(call),
                bindable("{ (proposedRect: inout CGRect, image: CGImage) -> CGImage in proposedRect = proposedRect.integral; return image }(&\(rect.baseName.text), \(name + unwrap))"))
        }
        // `name.cgImage!` on an image that is not optional is the image itself, too.
        if plain, !isOptional || isImplicitlyUnwrapped, let forced = access.parent?.as(ForceUnwrapExprSyntax.self) {
            return .replaced(ExprSyntax(forced), name)
        }
        // `if let cgImage = image.cgImage`, `guard let …` on an image that is not optional: the
        // image made optional, as UIKit's `cgImage` is, so the binding still binds it.
        if plain, !isOptional, let initializer = access.parent?.as(InitializerClauseSyntax.self),
            initializer.parent?.is(OptionalBindingConditionSyntax.self) == true
        {
            return .replaced(ExprSyntax(access), "Optional(\(name))")
        }
        return .replaced(ExprSyntax(access), name + unwrap)
    }
}

extension ImageVariableRewriter {
    /// AppKit's calls on an image (`access` is `image.layerContents` or `image.cgImage`) that
    /// give its one bitmap here: `layerContents(forContentsScale: s)` (no proposed rectangle),
    /// and `cgImage(forProposedRect: r, context: nil, hints: nil)` with its proposed rectangle
    /// `r` (`nil`, or `&rect`, which AppKit may widen). Nil for another call or member.
    static func appKitImageCall(_ access: MemberAccessExprSyntax) -> (call: FunctionCallExprSyntax, proposedRect: ExprSyntax?)? {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id,
            call.trailingClosure == nil
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch access.declName.baseName.text {
        case "layerContents" where labels == ["forContentsScale"]:
            return (call, nil)
        case "cgImage" where labels == ["forProposedRect", "context", "hints"]:
            guard call.arguments.dropFirst().allSatisfy({ $0.expression.is(NilLiteralExprSyntax.self) }), let proposed = call.arguments.first?.expression
            else { return nil }
            return (call, proposed)
        default:
            return nil
        }
    }
}

extension PortingPass {
    /// `image.draw(in: rect)` (or `draw(at: point)`) where UIKit's current context is known:
    /// the image drawn upright in that y-down context, as UIKit draws it — the context flipped
    /// about the rectangle for the draw (not in a y-up bitmap of AppKit's, where Core Graphics
    /// draws it upright) — and a blend mode and alpha given set for it. The
    /// rectangle's (or point's), blend mode's and alpha's text stays in place.
    func writeImageDrawing(_ drawing: ImageVariableRewriter.Drawing, of name: String) {
        let statement = file.trimmedRange(drawing.statement), place = file.trimmedRange(drawing.place)
        let indentation = drawing.statement.statementIndentation, inner = "\n" + indentation + "    "
        var (context, opening) = DrawingContext.block(for: drawing.context, binding: "imageDrawingContext")
        // `image?.draw(in: rect)`: drawn where the image is not nil.
        if drawing.unwrapsImage {
            opening = opening == "do {" ? "if let \(name) {" : String(opening.dropLast(2)) + ", let \(name) {"
        }
        let reason = "UIKit's image drawing goes to its current context, which Linux does not have; '\(name)' is drawn upright in the CGContext current there"
        var head = "let imageRect: CGRect = "
        var rect: [String] = []
        if !drawing.inRect {
            head = "let imageOrigin: CGPoint = "
            rect = ["let imageRect = CGRect(origin: imageOrigin, size: CGSize(width: \(name).width, height: \(name).height))"]
        }
        file.replace(statement.lowerBound..<place.lowerBound, with: opening + inner + head, kind: .uikitValue, reason: reason)
        var last = place
        var state: [String] = []
        if let (blendMode, alpha) = drawing.blending {
            let mode = file.trimmedRange(blendMode), opacity = file.trimmedRange(alpha)
            file.replace(last.upperBound..<mode.lowerBound, with: inner + "let imageBlendMode: CGBlendMode = ", kind: .uikitValue, reason: reason)
            file.replace(mode.upperBound..<opacity.lowerBound, with: inner + "let imageAlpha: CGFloat = ", kind: .uikitValue, reason: reason)
            last = opacity
            state = ["\(context).setBlendMode(imageBlendMode)", "\(context).setAlpha(imageAlpha)"]
        }
        let drawn = "\(context).draw(\(name), in: imageRect)"
        let body =
            rect
            + (drawing.yUp
                ? (state.isEmpty ? [drawn] : ["\(context).saveGState()"] + state + [drawn, "\(context).restoreGState()"])
                : DrawingContext.flipped(about: "imageRect", in: context, state + [drawn]))
        file.replace(
            last.upperBound..<statement.upperBound, with: body.map { inner + $0 }.joined() + "\n" + indentation + "}",
            kind: .uikitValue, reason: reason)
    }
}
