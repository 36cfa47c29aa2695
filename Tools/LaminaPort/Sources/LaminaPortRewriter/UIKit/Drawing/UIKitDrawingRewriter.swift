import SwiftSyntax

/// UIKit's drawing calls, which draw into UIKit's current context, written against the
/// Core Graphics context that is current there (``DrawingContext``):
///
/// ```swift
/// UIGraphicsPushContext(ctx)                       (removed)
/// UIColor.systemRed.setFill()                      ctx.setFillColor(CGColor(red: 1, green: 59 / 255, …))
/// UIBezierPath(ovalIn: r).fill()          →        ctx.addPath(CGPath(ellipseIn: r, transform: nil))
///                                                  ctx.fillPath()
/// UIBezierPath(rect: r).addClip()                  ctx.addPath(CGPath(rect: r, transform: nil))
///                                                  ctx.clip()
/// UIRectFill(r)                                    ctx.saveGState()
///                                                  ctx.setBlendMode(.copy)
///                                                  ctx.fill(r)
///                                                  ctx.restoreGState()
/// UIGraphicsPopContext()                           (removed)
/// ```
///
/// A colour's `setFill()`, `setStroke()` and `set()` (both) set the context's fill and stroke
/// colours to the `CGColor` the colour makes; `UIRectFill(_:)` fills with the fill colour and
/// the copy blend mode, as Apple documents it (`UIRectFillUsingBlendMode(_:_:)` with the mode
/// given), in a saved graphics state. A path made in place and filled adds that path and fills it
/// (added to the clip, it adds it and clips, with the non-zero rule a new path has);
/// stroked, it is stroked as UIKit strokes it: with the path's own line width, 1 point for a
/// new path, in a saved graphics state (UIKit saves and restores it around the stroke).
/// `UIGraphicsGetCurrentContext()` after `UIGraphicsPushContext(ctx)` is `ctx`, and the push
/// and pop go (a `defer { UIGraphicsPopContext() }` too; a push in a function's own body that is
/// never popped, with drawing after it there, goes alone). A string drawn with `draw(at:withAttributes:)` or `draw(in:withAttributes:)` is
/// the Core Text line or frame UIKit sets, and so is one drawn with
/// `draw(with:options:attributes:context:)`; so is an attributed string (`NSAttributedString(…)`,
/// or a name declared as one before) drawn with `draw(at:)`, `draw(in:)` or
/// `draw(with:options:context:)` (a frame with `.usesLineFragmentOrigin`, else one line whose
/// baseline starts at the rectangle's origin, as UIKit draws it); the string may be an
/// `NSString` or a Swift `String` the source declares so. Paths built step by step and then filled or stroked are
/// ``BezierPathBuilderRewriter``'s. Where the context is not known, or the colour or path is
/// not one the command writes, the call is left for a person.
final class UIKitDrawingRewriter: PortingPass {
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        // `defer { UIGraphicsPopContext() }` after the push goes with it.
        if Self.isDeferredPop(node) || Self.isDeferredAppKitRestore(node), DrawingContext.at(node) != nil, !node.isInAppleOnlyConditional {
            file.remove(node, kind: .uikitValue, reason: "UIKit's current context does not exist on Linux: the drawing around it names its CGContext")
            return .skipChildren
        }
        let call = node.item.as(FunctionCallExprSyntax.self)
        let drawing = call.flatMap(Self.textDrawing)
        // NSString's drawing on a value the command cannot tell is a string: no UIKit type
        // names it for the report, so it is reported here.
        if let call, drawing == nil, Self.isStringDrawingCall(call), !node.isInAppleOnlyConditional {
            file.note(
                call, why: "UIKit's string drawing does not exist on Linux, and the command cannot tell that what it draws is a string it writes (a String or NSString declared so, or an NSAttributedString)",
                todo: "declare the value's type, then run the command again; or draw a CTLine or CTFrame in the context")
            return .visitChildren
        }
        if let call, let drawing, !node.isInAppleOnlyConditional {
            guard let context = DrawingContext.at(node) else {
                // A string's drawing names no UIKit type the report would point to.
                file.note(
                    call, why: "UIKit's string drawing goes to its current context, which Linux does not have, and no context is known here (no UIGraphicsPushContext before it in this function)",
                    todo: "draw a CTLine or CTFrame in the CGContext, passed in (or pushed here)")
                return .visitChildren
            }
            if !writeText(drawing, at: node, context: context) {
                file.note(call, why: "UIKit's string drawing does not exist on Linux, and this call reads a name the Core Text drawing written for it would bind", todo: "draw a CTLine or CTFrame in the context")
            } else if let attributes = drawing.attributes, case let keys = Self.textKitOnlyKeys(attributes), !keys.isEmpty {
                file.note(
                    call,
                    why: "UIKit's string drawing draws \(keys.joined(separator: ", ")); Core Text, which it is written as, draws the text without \(keys.count == 1 ? "it" : "them")",
                    todo: Self.textKitOnlyTodo(keys))
            }
            return .visitChildren
        }
        // A rectangle moved into the context's calls keeps what other passes write inside it.
        guard let written = Self.rewrite(node, writing: { self.file.placeholder(for: $0) }), !node.isInAppleOnlyConditional else {
            if let call = node.item.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "UIGraphicsPushContext",
                !node.isInAppleOnlyConditional
            {
                file.note(
                    call, why: "UIKit's current context does not exist on Linux, and this push has no pop after it in its block, which is not a function's own body (or it pushes an expression the command cannot repeat)",
                    todo: "draw into the CGContext itself and remove the push and pop")
            }
            return .visitChildren
        }
        if written.isEmpty {
            file.remove(node, kind: .uikitValue, reason: "UIKit's current context does not exist on Linux: the drawing around it names its CGContext")
        } else {
            // A statement ending in `;` (more on its line) keeps it.
            file.replace(
                node, with: written.joined(separator: "\n" + node.statementIndentation) + (node.semicolon != nil ? ";" : ""), kind: .uikitValue,
                reason: Self.reason(for: node, "UIKit's drawing goes to its current context, which Linux does not have; it is written against the CGContext current there"))
        }
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        // AppKit's `NSGraphicsContext.current?.cgContext` (`!.cgContext`) where the current
        // context is known (a view's drawing, written as its layer's: `ctx`).
        guard let context = Self.appKitCurrentContext(node), let unwrapped = node.base, !node.isInAppleOnlyConditional else {
            return .visitChildren
        }
        let reason = "AppKit's current context there is the layer's"
        if node.parent?.parent?.is(OptionalBindingConditionSyntax.self) == true, unwrapped.is(OptionalChainingExprSyntax.self) {
            file.replace(node, with: "Optional(\(context))", kind: .uikitValue, reason: reason)
        } else if let chained = node.parent?.as(OptionalChainingExprSyntax.self) {
            // `current?.cgContext?.…` is not Swift; `(current?.cgContext)?` neither: the chain goes on plainly.
            file.replace(chained, with: context, kind: .uikitValue, reason: reason)
        } else {
            file.replace(node, with: context, kind: .uikitValue, reason: reason)
        }
        return .skipChildren
    }

    /// The context known at `node` when it is AppKit's `NSGraphicsContext.current?.cgContext`
    /// (or `!.cgContext`) where the current context is known and not an image's, else nil.
    private static func appKitCurrentContext(_ node: MemberAccessExprSyntax) -> String? {
        guard DrawingContext.appKitCurrentMember(node)?.name == "cgContext", let context = DrawingContext.at(node), context != "imageContext?"
        else { return nil }
        return context
    }

    /// Whether `node` (`NSGraphicsContext`) starts a current context's `cgContext` this pass writes.
    static func isAppKitCurrentContextRewritten(_ node: some SyntaxProtocol) -> Bool {
        let reference = node.as(DeclReferenceExprSyntax.self) ?? node.parent?.as(DeclReferenceExprSyntax.self)
        guard let reference, let access = DrawingContext.appKitCurrentAccess(startingAt: reference) else { return false }
        return appKitCurrentContext(access) != nil
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        // `UIGraphicsGetCurrentContext()` after a push: the context pushed.
        guard node.calledExpression.trimmedDescription == "UIGraphicsGetCurrentContext", node.arguments.isEmpty,
            let context = DrawingContext.at(node), context != "imageContext?", !node.isInAppleOnlyConditional
        else { return .visitChildren }
        // The pushed context is not optional: `?.` and `!` on it go, and a binding binds it.
        let reason = "UIKit's current context there is the one pushed"
        if let wrapper = node.parent, wrapper.is(OptionalChainingExprSyntax.self) || wrapper.is(ForceUnwrapExprSyntax.self) {
            file.replace(wrapper, with: context, kind: .uikitValue, reason: reason)
        } else if node.parent?.parent?.is(OptionalBindingConditionSyntax.self) == true {
            file.replace(node, with: "Optional(\(context))", kind: .uikitValue, reason: reason)
        } else if let references = Self.unwrappedLocal(initializedBy: node) {
            // `let context = UIGraphicsGetCurrentContext()`: the local holds the context. Where
            // it is only unwrapped (`context?.fill(r)`, `context!`), those unwraps go; else it
            // stays optional.
            if let references = references {
                file.replace(node, with: context, kind: .uikitValue, reason: reason)
                for reference in references {
                    guard let wrapper = reference.parent else { continue }
                    file.replace(wrapper, with: reference.baseName.text, kind: .uikitValue, reason: reason)
                }
            } else {
                file.replace(node, with: "Optional(\(context))", kind: .uikitValue, reason: reason)
            }
        } else {
            file.replace(node, with: context, kind: .uikitValue, reason: reason)
        }
        return .skipChildren
    }

    /// For `call` the value of a local declared without a type (`let context =
    /// UIGraphicsGetCurrentContext()`): the local's references after it in its block where each
    /// unwraps it (`context?.…`, `context!`), else `.some(nil)`. Nil when `call` is no such value.
    private static func unwrappedLocal(initializedBy call: FunctionCallExprSyntax) -> [DeclReferenceExprSyntax]?? {
        guard let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self), binding.typeAnnotation == nil,
            let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            let item = binding.parent?.parent?.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self)
        else { return nil }
        // An array of the block's own statements: the collection's `filter` would make a new tree.
        let later = Array(list).filter { $0.position > item.position }.map(Syntax.init)
        guard let references = NameReferences.find(pattern.identifier.text, in: later, except: pattern.id),
            references.allSatisfy({ reference in
                !reference.isMemberName
                    && (reference.parent?.is(OptionalChainingExprSyntax.self) == true || reference.parent?.is(ForceUnwrapExprSyntax.self) == true)
            })
        else { return .some(nil) }
        return references
    }

    /// Why a statement is written: system colours say which appearance they keep.
    private static func reason(for node: CodeBlockItemSyntax, _ reason: String) -> String {
        UIKitValueRewriter.reason(for: node, reason)
    }

    /// Whether `node` is in a statement this pass writes.
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let statement = ancestor.as(CodeBlockItemSyntax.self) {
                if let call = statement.item.as(FunctionCallExprSyntax.self), textDrawing(call) != nil, DrawingContext.at(statement) != nil {
                    return true
                }
                return rewrite(statement) != nil
            }
            current = ancestor.parent
        }
        return false
    }

    /// The statements that replace `node` (none: it goes), or nil when it is not one this pass
    /// writes.
    /// `writing` gives the text written for a rectangle the statement draws (its own, or the
    /// porting file's placeholder for it).
    static func rewrite(_ node: CodeBlockItemSyntax, writing: (ExprSyntax) -> String = { $0.trimmedDescription }) -> [String]? {
        // AppKit's current context made from a CGContext, saved before and restored after: the
        // drawing between names the CGContext, and the three statements go.
        if DrawingContext.appKitCurrent(node) != nil { return appKitRestored(after: node) ? [] : nil }
        // `let graphics = NSGraphicsContext(cgContext: ctx, flipped: false)` made current so
        // after it: it goes with that statement.
        if let current = DrawingContext.appKitCurrentMaking(declaredBy: node) { return appKitRestored(after: current) ? [] : nil }
        // `let previous = NSGraphicsContext.current` before such a context, made current again
        // after it (`NSGraphicsContext.current = previous`, deferred or not): both go.
        if let saved = DrawingContext.appKitSaved(node), let list = node.parent?.as(CodeBlockItemListSyntax.self),
            let next = list.first(where: { $0.position > node.position }), DrawingContext.appKitCurrent(next) != nil,
            appKitRestored(after: next), restoresSaved(saved, in: list), !usesSaved(saved, in: list)
        {
            return []
        }
        if let restored = DrawingContext.appKitRestore(node), let list = node.parent?.as(CodeBlockItemListSyntax.self) {
            if list.contains(where: { $0.position < node.position && DrawingContext.appKitSaved($0) == restored }) {
                return DrawingContext.at(node).map { _ in [] }
            }
            // The one statement of a deferred restore that goes.
            if let deferred = list.parent?.parent?.parent?.as(CodeBlockItemSyntax.self), isDeferredAppKitRestore(deferred) {
                return DrawingContext.at(deferred).map { _ in [] }
            }
        }
        guard let call = node.item.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        let callee = call.calledExpression.trimmedDescription
        if callee == "NSGraphicsContext.saveGraphicsState", call.arguments.isEmpty,
            let list = node.parent?.as(CodeBlockItemListSyntax.self),
            let next = list.first(where: { $0.position > node.position }), DrawingContext.appKitCurrent(next) != nil,
            appKitRestored(after: next)
        {
            return []
        }
        // A graphics state AppKit saves and restores while the context is current: the
        // context's own.
        if callee == "NSGraphicsContext.saveGraphicsState", call.arguments.isEmpty, let context = DrawingContext.at(node) {
            return ["\(context).saveGState()"]
        }
        if callee == "NSGraphicsContext.restoreGraphicsState", call.arguments.isEmpty {
            if DrawingContext.restoresSavedState(node), let context = DrawingContext.at(node) { return ["\(context).restoreGState()"] }
            return DrawingContext.at(node).map { _ in [] }
        }
        if callee == "UIGraphicsPushContext" {
            return DrawingContext.pushed(call) != nil && (popped(after: node) || isInFunctionBody(node)) ? [] : nil
        }
        if callee == "UIGraphicsPopContext" {
            return DrawingContext.at(node).map { _ in [] }
        }
        guard let context = DrawingContext.at(node) else { return nil }
        // `UIRectFill(r)` fills with the copy blend mode, as Apple documents;
        // `UIRectFillUsingBlendMode(r, mode)` with the mode given.
        if callee == "UIRectFill", call.arguments.count == 1, let rect = call.arguments.first, rect.label == nil {
            return filled(writing(rect.expression), blendMode: ".copy", in: context)
        }
        if callee == "UIRectFillUsingBlendMode", call.arguments.count == 2, call.arguments.allSatisfy({ $0.label == nil }) {
            let arguments = Array(call.arguments)
            return filled(writing(arguments[0].expression), blendMode: writing(arguments[1].expression), in: context)
        }
        if let filled = appKitRectangleDrawing(call, context: context, writing: writing) { return filled }
        guard call.arguments.isEmpty, let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else {
            return nil
        }
        switch access.declName.baseName.text {
        case "setFill", "setStroke", "set":
            guard let color = UIKitValueRewriter.color(base) else { return nil }
            return colorStatements(access.declName.baseName.text, color: color, context: context)
        case "fill":
            guard let path = drawnPath(base) else { return nil }
            return ["\(context).addPath(\(path))", "\(context).fillPath()"]
        case "stroke":
            guard let path = drawnPath(base) else { return nil }
            return strokeStatements(path: path, context: context, lineWidth: "1", lineCap: nil, lineJoin: nil)
        case "addClip":
            // A new path's fill rule is non-zero, as `clip()`'s default.
            guard let path = drawnPath(base) else { return nil }
            return ["\(context).addPath(\(path))", "\(context).clip()"]
        default:
            return nil
        }
    }

    /// AppKit's rectangle drawing in `context`: `NSRectFill(r)`, which fills with the fill
    /// colour copied (AppKit's `.copy` operation), and `NSBezierPath.fill(r)`, `r.fill()` and
    /// `r.fill(using: .sourceOver)` (the context's operation, source-over unless set), which
    /// fill as `CGContext.fill(_:)` does; `r.fill(using: .copy)` copies too, and another
    /// operation (`.sourceAtop`, `.multiply`) fills in its blend mode; `r.frame()` (AppKit's
    /// 1-point frame inside the rectangle, in the fill colour) and `NSBezierPath.stroke(r)` (a
    /// 1-point line on its edge). Nil for another call, or a receiver not known to be a
    /// rectangle (``isRectangle(_:)``).
    private static func appKitRectangleDrawing(
        _ call: FunctionCallExprSyntax, context: String, writing: (ExprSyntax) -> String
    ) -> [String]? {
        let arguments = Array(call.arguments)
        let copied = { (rect: String) in filled(rect, blendMode: ".copy", in: context) }
        switch call.calledExpression.trimmedDescription {
        case "NSRectFill", "__NSRectFill":
            guard arguments.count == 1, arguments[0].label == nil else { return nil }
            return copied(writing(arguments[0].expression))
        case "NSBezierPath.fill":
            guard arguments.count == 1, arguments[0].label == nil else { return nil }
            return ["\(context).fill(\(writing(arguments[0].expression)))"]
        case "NSBezierPath.stroke":
            guard arguments.count == 1, arguments[0].label == nil else { return nil }
            return ["\(context).saveGState()", "\(context).setLineWidth(1)", "\(context).stroke(\(writing(arguments[0].expression)))", "\(context).restoreGState()"]
        default:
            break
        }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base, isRectangle(base) else { return nil }
        let rect = writing(base)
        switch (access.declName.baseName.text, arguments.map { $0.label?.text ?? "_" }) {
        case ("fill", []):
            return ["\(context).fill(\(rect))"]
        case ("fill", ["using"]):
            guard let operation = compositingOperation(arguments[0].expression), let mode = compositingBlendModes[operation] else { return nil }
            return mode == "normal" ? ["\(context).fill(\(rect))"] : filled(rect, blendMode: "." + mode, in: context)
        case ("frame", []):
            return ["\(context).addRect(\(rect))", "\(context).addRect((\(rect)).insetBy(dx: 1, dy: 1))", "\(context).fillPath(using: .evenOdd)"]
        default:
            return nil
        }
    }

    /// `context` filling `rect` with `blendMode` in a saved graphics state.
    private static func filled(_ rect: String, blendMode: String, in context: String) -> [String] {
        ["\(context).saveGState()", "\(context).setBlendMode(\(blendMode))", "\(context).fill(\(rect))", "\(context).restoreGState()"]
    }

    /// AppKit's compositing operations (`NSCompositingOperation`) and the Core Graphics blend
    /// modes of the same names, which composite alike: the Porter-Duff operations (`.sourceAtop`
    /// is `sourceAtop`, `.sourceOver` the `normal` mode) and the blend modes AppKit took from
    /// Core Graphics (`.multiply`, `.luminosity`, …).
    static let compositingBlendModes: [String: String] = [
        "clear": "clear", "copy": "copy", "sourceOver": "normal", "sourceIn": "sourceIn", "sourceOut": "sourceOut",
        "sourceAtop": "sourceAtop", "destinationOver": "destinationOver", "destinationIn": "destinationIn",
        "destinationOut": "destinationOut", "destinationAtop": "destinationAtop", "xor": "xor", "plusDarker": "plusDarker",
        "plusLighter": "plusLighter", "multiply": "multiply", "screen": "screen", "overlay": "overlay", "darken": "darken",
        "lighten": "lighten", "colorDodge": "colorDodge", "colorBurn": "colorBurn", "softLight": "softLight",
        "hardLight": "hardLight", "difference": "difference", "exclusion": "exclusion", "hue": "hue", "saturation": "saturation",
        "color": "color", "luminosity": "luminosity",
    ]

    /// The name of the compositing operation `expression` spells (`.sourceAtop`,
    /// `NSCompositingOperation.sourceAtop`), or nil for another expression.
    private static func compositingOperation(_ expression: ExprSyntax) -> String? {
        guard let access = expression.as(MemberAccessExprSyntax.self), access.declName.argumentNames == nil,
            access.base == nil || access.base?.trimmedDescription == "NSCompositingOperation"
        else { return nil }
        return access.declName.baseName.text
    }

    /// Whether `expression` is known to be a rectangle: one made in place (`NSRect(…)`,
    /// `CGRect(…)`, `NSMakeRect(…)`), a layer's `bounds`, one of those inset, offset or made
    /// integral, or a name declared as one before (a local made so or typed `NSRect`/`CGRect`,
    /// a parameter typed so, an AppKit image's drawing-handler rectangle).
    static func isRectangle(_ expression: ExprSyntax) -> Bool {
        if let made = expression.as(FunctionCallExprSyntax.self) {
            if ["NSRect", "CGRect", "NSMakeRect", "CGRectMake"].contains(made.calledExpression.trimmedDescription) { return true }
            guard let access = made.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
                ["insetBy", "offsetBy"].contains(access.declName.baseName.text)
            else { return false }
            return isRectangle(base)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base, access.declName.baseName.text == "integral" {
            return isRectangle(base)
        }
        if ["bounds", "self.bounds"].contains(expression.trimmedDescription) { return true }
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
        let name = reference.baseName.text
        let rectTypes: Set<String> = ["NSRect", "CGRect"]
        if let declaration = NameReferences.declaration(of: name, before: expression), declaration.bindings.count == 1,
            let binding = declaration.bindings.first
        {
            if let type = binding.typeAnnotation?.type { return rectTypes.contains(type.trimmedDescription) }
            return binding.initializer.map { isRectangle($0.value) } ?? false
        }
        switch NameReferences.parameter(named: name, around: expression) {
        case .declared(let parameter)?:
            return rectTypes.contains(parameter.type.trimmedDescription)
        case .closure(let type)?:
            if let type { return rectTypes.contains(type.trimmedDescription) }
            // The rectangle of an AppKit image's drawing handler.
            var current = expression.parent
            while let ancestor = current, !ancestor.is(ClosureExprSyntax.self) { current = ancestor.parent }
            return current?.as(ClosureExprSyntax.self).flatMap(ImageDrawingHandlerRewriter.handlerContext(of:))?.rect == name
        case nil:
            return false
        }
    }

    /// The `CGPath` written for a path drawn in place: one made there (``UIKitValueRewriter``),
    /// or the call of a path function ``PathFunctionRewriter`` writes that sets none of the
    /// path's drawing settings (its path is drawn with a new path's).
    private static func drawnPath(_ base: ExprSyntax) -> String? {
        if let path = UIKitValueRewriter.path(base) { return path }
        guard base.is(FunctionCallExprSyntax.self), let declared = PathFunctionRewriter.value(base), !declared.carriesDrawingSettings else { return nil }
        return base.trimmedDescription
    }

    /// A string drawn with UIKit: `(s as NSString).draw(at: p, withAttributes: a)` (or
    /// `NSString(string: s)`, a string literal, `draw(in: rect, withAttributes: a)`).
    struct TextDrawing {
        var string: ExprSyntax
        /// The point (`at:`) or rectangle (`in:`, `with:`).
        var place: ExprSyntax
        var inRect: Bool
        /// The attributes given; nil for an attributed string, drawn with its own.
        var attributes: ExprSyntax?
        /// Whether a line's baseline (not its top) is at the place: `draw(with:options:context:)`
        /// without `.usesLineFragmentOrigin`, at the rectangle's origin.
        var baselineAtPlace = false
    }

    /// The string drawing `call` is, or nil.
    static func textDrawing(_ call: FunctionCallExprSyntax) -> TextDrawing? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "draw",
            let text = access.base, call.trailingClosure == nil
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let arguments = Array(call.arguments)
        if labels == ["at"] || labels == ["in"] || labels == ["with", "options", "context"], isAttributedString(text) {
            guard labels.count == 1 || arguments[2].expression.is(NilLiteralExprSyntax.self) else { return nil }
            let severalLines = labels.count == 3 && arguments[1].expression.tokens(viewMode: .sourceAccurate).contains { $0.text == "usesLineFragmentOrigin" }
            return TextDrawing(
                string: text, place: arguments[0].expression, inRect: labels == ["in"] || severalLines, attributes: nil,
                baselineAtPlace: labels.count == 3 && !severalLines)
        }
        guard let string = drawnString(text) else { return nil }
        if labels == ["with", "options", "attributes", "context"] {
            guard arguments[3].expression.is(NilLiteralExprSyntax.self) else { return nil }
            let severalLines = arguments[1].expression.tokens(viewMode: .sourceAccurate).contains { $0.text == "usesLineFragmentOrigin" }
            return TextDrawing(
                string: string, place: arguments[0].expression, inRect: severalLines, attributes: arguments[2].expression,
                baselineAtPlace: !severalLines)
        }
        guard labels == ["at", "withAttributes"] || labels == ["in", "withAttributes"] else { return nil }
        return TextDrawing(string: string, place: arguments[0].expression, inRect: labels[0] == "in", attributes: arguments[1].expression)
    }

    /// The bindings of the properties named `name` that the type around `node` declares (none
    /// where no type is around it).
    private static func propertyBindings(named name: String, around node: some SyntaxProtocol) -> [PatternBindingSyntax] {
        var current = node.parent
        while let ancestor = current {
            if let members = ancestor.as(MemberBlockSyntax.self)?.members {
                return members.compactMap { $0.decl.as(VariableDeclSyntax.self) }.flatMap(\.bindings)
                    .filter { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
            }
            current = ancestor.parent
        }
        return []
    }

    /// Whether `call` is NSString's drawing by its labels alone (`x.draw(at:withAttributes:)`,
    /// `draw(in:withAttributes:)`, `draw(with:options:attributes:context:)`), which no other
    /// type of Apple's declares.
    static func isStringDrawingCall(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "draw", access.base != nil
        else { return false }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        return [["at", "withAttributes"], ["in", "withAttributes"], ["with", "options", "attributes", "context"]].contains(labels)
    }

    /// Whether `expression` is an attributed string: `NSAttributedString(…)` or
    /// `NSMutableAttributedString(…)`, a name declared before it in an enclosing block as one
    /// (made so, or with that type), a parameter of that type of the enclosing function, or
    /// (`name` or `self.name`) a property of the type around it declared so.
    static func isAttributedString(_ expression: ExprSyntax) -> Bool {
        let types: Set<String> = ["NSAttributedString", "NSMutableAttributedString"]
        if let made = expression.as(FunctionCallExprSyntax.self) { return types.contains(made.calledExpression.trimmedDescription) }
        // `self.text`: a property of the type around it.
        if let access = expression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            guard let property = NameReferences.property(named: access.declName.baseName.text, around: expression) else { return false }
            return declaresAttributedString(property, types: types)
        }
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil else { return false }
        let name = reference.baseName.text
        // Bound by a cast (`if let text = string as? NSAttributedString`).
        if let binding = NameReferences.optionalBinding(named: name, around: expression),
            NameReferences.declaration(of: name, before: expression).map({ $0.position < binding.position }) ?? true
        {
            return DeclaredType.of(expression).map(types.contains) ?? false
        }
        let declaration: VariableDeclSyntax
        if let local = NameReferences.declaration(of: name, before: expression) {
            declaration = local
        } else {
            // A parameter of the function or initializer the expression is in.
            switch NameReferences.parameter(named: name, around: expression) {
            case .declared(let parameter)?: return types.contains(parameter.type.trimmedDescription)
            case .closure?: return false
            case nil: break
            }
            // A property of the type around it (`private let text = NSMutableAttributedString(…)`).
            guard let property = NameReferences.property(named: name, around: expression) else { return false }
            declaration = property
        }
        return declaresAttributedString(declaration, types: types)
    }

    /// Whether `declaration` declares one name of one of `types`, or made as one.
    private static func declaresAttributedString(_ declaration: VariableDeclSyntax, types: Set<String>) -> Bool {
        guard declaration.bindings.count == 1, let binding = declaration.bindings.first else { return false }
        if let type = binding.typeAnnotation?.type.trimmedDescription { return types.contains(type) }
        guard let made = binding.initializer?.value.as(FunctionCallExprSyntax.self) else { return false }
        return types.contains(made.calledExpression.trimmedDescription)
    }

    /// The string UIKit's string drawing or measurement is called on — `s as NSString` (in
    /// parentheses), `NSString(string: s)`, a literal, a name holding an `NSString`
    /// (``isNSStringName(_:)``) or a Swift `String` (``isStringName(_:)``) — or nil for
    /// another value.
    static func drawnString(_ base: ExprSyntax) -> ExprSyntax? {
        var text = base
        if let tuple = text.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first?.expression { text = inner }
        if let cast = text.as(AsExprSyntax.self), cast.type.trimmedDescription == "NSString" {
            return cast.expression
        }
        if let sequence = text.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            Array(sequence.elements)[1].is(UnresolvedAsExprSyntax.self), Array(sequence.elements)[2].trimmedDescription == "NSString",
            let first = sequence.elements.first
        {
            return first
        }
        if let made = text.as(FunctionCallExprSyntax.self), made.calledExpression.trimmedDescription == "NSString",
            made.arguments.count == 1, made.arguments.first?.label?.text == "string", let argument = made.arguments.first
        {
            return argument.expression
        }
        if text.is(StringLiteralExprSyntax.self) || isNSStringName(text) || isStringName(text) { return text }
        return nil
    }

    /// Whether `expression` names a Swift `String` (which UIKit draws and measures as an
    /// `NSString`): a local declared before it as `String` (or `String!`) or with a string
    /// literal or `String(…)`, a parameter of the function around it declared `String`,
    /// (`name` or `self.name`) a property of the type around it declared so, or `self` in an
    /// extension of `String` (outside closures).
    static func isStringName(_ expression: ExprSyntax) -> Bool {
        func declaresString(_ binding: PatternBindingSyntax) -> Bool {
            // `String!` reads as the string itself.
            if let type = binding.typeAnnotation?.type { return ["String", "String!"].contains(type.trimmedDescription) }
            guard let value = binding.initializer?.value else { return false }
            return value.is(StringLiteralExprSyntax.self)
                || value.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "String"
        }
        let name: String
        // `self` in an extension of `String` (`self.size(withAttributes: a)`).
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
            return expression.ancestorOrSelf(mapping: { $0.as(ExtensionDeclSyntax.self) })?.extendedType.trimmedDescription == "String"
                && expression.ancestorOrSelf(mapping: { $0.as(ClosureExprSyntax.self) }) == nil
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            name = reference.baseName.text
            if let declaration = NameReferences.declaration(of: name, before: expression) {
                return declaration.bindings.count == 1 && declaration.bindings.first.map(declaresString) == true
            }
            // A parameter of the function (or initializer) around it; a closure's is not known
            // to be a string.
            switch NameReferences.parameter(named: name, around: expression) {
            case .declared(let parameter)?: return parameter.type.trimmedDescription == "String" && parameter.ellipsis == nil
            case .closure?: return false
            case nil: break
            }
        } else if let access = expression.as(MemberAccessExprSyntax.self), access.base?.trimmedDescription == "self" {
            name = access.declName.baseName.text
        } else {
            return false
        }
        // A stored or computed property of the type around it.
        let bindings = propertyBindings(named: name, around: expression)
        return bindings.count == 1 && bindings.allSatisfy(declaresString)
    }

    /// What follows the string ``drawnString(_:)`` gives where a `String` is wanted: `as
    /// String` for a name holding an `NSString`, nothing otherwise.
    static func asString(_ string: ExprSyntax) -> String { isNSStringName(string) ? " as String" : "" }

    /// Whether `expression` is a name declared before it in an enclosing block as an
    /// `NSString`: `let s = "…" as NSString`, `let s: NSString = …` or `let s = NSString(string: …)`.
    static func isNSStringName(_ expression: ExprSyntax) -> Bool {
        guard let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            let declaration = NameReferences.declaration(of: reference.baseName.text, before: expression),
            declaration.bindings.count == 1, let binding = declaration.bindings.first
        else { return false }
        if binding.typeAnnotation?.type.trimmedDescription == "NSString" { return true }
        guard let value = binding.initializer?.value, binding.typeAnnotation == nil else { return false }
        if let made = value.as(FunctionCallExprSyntax.self) { return made.calledExpression.trimmedDescription == "NSString" }
        if let cast = value.as(AsExprSyntax.self) { return cast.type.trimmedDescription == "NSString" }
        if let sequence = value.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            Array(sequence.elements)[1].is(UnresolvedAsExprSyntax.self)
        {
            return Array(sequence.elements)[2].trimmedDescription == "NSString"
        }
        return false
    }

    /// Writes `drawing` (the statement `node`) as the Core Text line or frame UIKit sets,
    /// against `context` (y down, as UIKit's contexts are): a line's top at the point, its
    /// baseline the font's ascent below; a rectangle's text wrapped in it from its top. In a
    /// y-up bitmap of AppKit's (``DrawingContext/isYUp(at:)``), where AppKit puts the line's
    /// bottom at the point, its baseline is the font's descent above; a rectangle's text still
    /// starts at its top, which is its maximum y there. The
    /// string, place and attributes keep their text (and the edits other passes make in it),
    /// each bound to a name in the order the source gives them.
    private func writeText(_ drawing: TextDrawing, at node: CodeBlockItemSyntax, context: String) -> Bool {
        // The names it binds must not be the ones the statement reads.
        let bound: Set<String> = [
            "textToDraw", "textOrigin", "textRect", "textAttributes", "attributed", "line", "ascent", "descent", "framesetter", "frame",
            "textContext", "textShadow",
        ]
        // A property of the type around read by such a name (`withAttributes: textAttributes`)
        // is read through `self`; another name so read leaves the statement.
        var qualified: [DeclReferenceExprSyntax] = []
        // The place given as a local or parameter of the name it would be bound to
        // (`draw(in: textRect)`): already bound, and read as it is.
        let placeName = drawing.inRect || drawing.baselineAtPlace ? "textRect" : "textOrigin"
        let placeIsBound = drawing.place.as(DeclReferenceExprSyntax.self).map {
            $0.baseName.text == placeName && $0.argumentNames == nil && ViewMembers.isLocal(placeName, at: $0)
        } ?? false
        for token in node.tokens(viewMode: .sourceAccurate) where bound.contains(token.text) {
            if placeIsBound, token.parent?.id == drawing.place.id { continue }
            guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), !reference.isMemberName,
                !ViewMembers.isLocal(token.text, at: reference), !Self.propertyBindings(named: token.text, around: reference).isEmpty
            else { return false }
            qualified.append(reference)
        }
        for reference in qualified {
            file.replace(reference, with: "self." + reference.baseName.text, kind: .uikitValue, reason: "the Core Text drawing written here binds this name")
        }
        let indentation = node.statementIndentation
        let inner = "\n" + indentation + "    "
        // An optional context (an image context's) is bound first.
        let (drawn, opening) = DrawingContext.block(for: context, binding: "textContext")
        let statement = file.trimmedRange(node)
        let string = file.trimmedRange(drawing.string), place = file.trimmedRange(drawing.place)
        let reason = "UIKit's string drawing goes to its current context, which Linux does not have; it is the Core Text \(drawing.inRect ? "frame" : "line") UIKit sets, in the CGContext current there"
        let placeBinding = placeIsBound ? "" : inner + "let " + placeName + (drawing.inRect || drawing.baselineAtPlace ? ": CGRect = " : ": CGPoint = ")
        let placeRead = placeIsBound ? place.upperBound : place.lowerBound
        var body: [String] = []
        let end: Int
        if let attributeExpression = drawing.attributes {
            let attributes = file.trimmedRange(attributeExpression)
            file.replace(statement.lowerBound..<string.lowerBound, with: opening + inner + "let textToDraw: String = ", kind: .uikitValue, reason: reason)
            file.replace(string.upperBound..<placeRead, with: Self.asString(drawing.string) + placeBinding, kind: .uikitValue, reason: reason)
            file.replace(
                place.upperBound..<attributes.lowerBound, with: inner + "let textAttributes: [NSAttributedString.Key: Any] = ", kind: .uikitValue,
                reason: reason)
            if attributeExpression.is(NilLiteralExprSyntax.self) {
                file.replace(attributes, with: "[:]", kind: .uikitValue, reason: "UIKit's default attributes: Core Text's are the same (Helvetica 12, black)")
            }
            body.append("let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)")
            end = attributes.upperBound
        } else {
            // An attributed string, drawn with its own attributes.
            file.replace(statement.lowerBound..<string.lowerBound, with: opening + inner + "let attributed: NSAttributedString = ", kind: .uikitValue, reason: reason)
            file.replace(string.upperBound..<placeRead, with: placeBinding, kind: .uikitValue, reason: reason)
            end = place.upperBound
        }
        // UIKit draws the attributes' shadow, which Core Text does not: set on the context for
        // the text, its offset down and to the right on screen (y up in a bitmap's base space).
        let yUp = DrawingContext.isYUp(at: node)
        let shadow: [String] = drawing.attributes.map(Self.mayHoldShadow) == true
            ? [
                "if let textShadow = textAttributes[.shadow] as? NSShadow {",
                "    \(drawn).setShadow(offset: "
                    + (DrawingContext.isBitmap(at: node) && !yUp
                        ? "CGSize(width: textShadow.shadowOffset.width, height: -textShadow.shadowOffset.height)" : "textShadow.shadowOffset")
                    + ", blur: textShadow.shadowBlurRadius, color: textShadow.shadowColor as? CGColor)",
                "}",
            ] : []
        if drawing.inRect {
            body += [
                "let framesetter = CTFramesetterCreateWithAttributedString(attributed)",
                "let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), CGPath(rect: textRect, transform: nil), nil)",
            ]
            let frameDrawing = shadow + ["\(drawn).textMatrix = .identity", "CTFrameDraw(frame, \(drawn))"]
            // In a y-up context Core Text's frame already fills the rectangle from its top.
            body += yUp ? ["\(drawn).saveGState()"] + frameDrawing + ["\(drawn).restoreGState()"] : DrawingContext.flipped(about: "textRect", in: drawn, frameDrawing)
        } else {
            // One line: its top at the point (its baseline the ascent below), or its baseline
            // at the rectangle's origin; in a y-up context (AppKit's unflipped), its bottom at
            // the point (its baseline the descent above).
            body.append("let line = CTLineCreateWithAttributedString(attributed)")
            if !drawing.baselineAtPlace {
                body += yUp
                    ? ["var descent: CGFloat = 0", "_ = CTLineGetTypographicBounds(line, nil, &descent, nil)"]
                    : ["var ascent: CGFloat = 0", "_ = CTLineGetTypographicBounds(line, &ascent, nil, nil)"]
            }
            let baseline = yUp ? "CGPoint(x: textOrigin.x, y: textOrigin.y + descent)" : "CGPoint(x: textOrigin.x, y: textOrigin.y + ascent)"
            body += ["\(drawn).saveGState()"] + shadow + [
                "\(drawn).textMatrix = " + (yUp ? ".identity" : "CGAffineTransform(scaleX: 1, y: -1)"),
                "\(drawn).textPosition = " + (drawing.baselineAtPlace ? "textRect.origin" : baseline),
                "CTLineDraw(line, \(drawn))",
                "\(drawn).restoreGState()",
            ]
        }
        file.replace(
            end..<statement.upperBound, with: body.map { inner + $0 }.joined() + "\n" + indentation + "}",
            kind: .uikitValue, reason: reason)
        return true
    }

    /// Whether the attributes UIKit draws a string with may hold a shadow: a dictionary literal
    /// with a `.shadow` entry, a name declared before as one (or as a variable, which may be
    /// given one later), or attributes whose making the file does not show (a parameter).
    static func mayHoldShadow(_ attributes: ExprSyntax) -> Bool {
        func hasShadowKey(_ literal: DictionaryExprSyntax) -> Bool {
            guard case .elements(let elements) = literal.content else { return false }
            return elements.contains {
                [".shadow", "NSAttributedString.Key.shadow", "NSShadowAttributeName"].contains($0.key.trimmedDescription)
            }
        }
        if attributes.is(NilLiteralExprSyntax.self) { return false }
        // A `var` may be given a shadow after it is declared.
        if let (literal, declaration) = attributeLiteral(attributes), (declaration?.bindingSpecifier.text ?? "let") == "let" {
            return hasShadowKey(literal)
        }
        return true
    }

    /// The dictionary literal `attributes` is, or that the name `attributes` was declared with
    /// before it (with that declaration); nil for another expression.
    private static func attributeLiteral(_ attributes: ExprSyntax) -> (literal: DictionaryExprSyntax, declaration: VariableDeclSyntax?)? {
        if let literal = attributes.as(DictionaryExprSyntax.self) { return (literal, nil) }
        guard let reference = attributes.as(DeclReferenceExprSyntax.self),
            let declaration = NameReferences.declaration(of: reference.baseName.text, before: attributes),
            let literal = declaration.bindings.first?.initializer?.value.as(DictionaryExprSyntax.self)
        else { return nil }
        return (literal, declaration)
    }

    /// The attributes UIKit's string drawing draws and Core Text does not, by key (TextKit's
    /// strikethrough, background colour, obliqueness, expansion, attachments and text effects),
    /// that `attributes` sets: a dictionary literal's keys, or those of the literal a name was
    /// declared with before and of the entries set on it (`attributes[.strikethroughStyle] =
    /// …`) in its block. None where the file does not show them.
    static func textKitOnlyKeys(_ attributes: ExprSyntax) -> [String] {
        let keys: [String: String] = [
            "strikethroughStyle": ".strikethroughStyle", "NSStrikethroughStyleAttributeName": ".strikethroughStyle",
            "backgroundColor": ".backgroundColor", "NSBackgroundColorAttributeName": ".backgroundColor",
            "obliqueness": ".obliqueness", "expansion": ".expansion", "attachment": ".attachment", "textEffect": ".textEffect",
        ]
        func key(_ expression: ExprSyntax) -> String? {
            let text = expression.trimmedDescription
            let last = text.split(separator: ".").last.map(String.init) ?? text
            return keys[last]
        }
        guard let (literal, declaration) = attributeLiteral(attributes) else { return [] }
        var setKeys: [ExprSyntax] = []
        if let declaration, let name = attributes.as(DeclReferenceExprSyntax.self)?.baseName.text {
            // `attributes[.strikethroughStyle] = …` in the statements after it.
            for use in NameReferences.statements(after: declaration).flatMap({ NameReferences.find(name, in: $0) }) ?? [] where !use.isMemberName {
                if let subscripted = use.parent?.as(SubscriptCallExprSyntax.self), subscripted.calledExpression.id == use.id,
                    ExprSyntax(subscripted).assignedValue != nil, let argument = subscripted.arguments.first
                {
                    setKeys.append(argument.expression)
                }
            }
        }
        var found: [String] = []
        if case .elements(let elements) = literal.content {
            for element in elements { if let name = key(element.key), !found.contains(name) { found.append(name) } }
        }
        for expression in setKeys { if let name = key(expression), !found.contains(name) { found.append(name) } }
        return found
    }

    /// What a person does for the attributes `keys` (``textKitOnlyKeys(_:)``) that Core Text
    /// does not draw.
    static func textKitOnlyTodo(_ keys: [String]) -> String {
        var steps: [String] = []
        if keys.contains(".strikethroughStyle") { steps.append("stroke a line across the text for the strikethrough") }
        if keys.contains(".backgroundColor") { steps.append("fill a rectangle behind the text for the background colour") }
        if keys.contains(where: { ![".strikethroughStyle", ".backgroundColor"].contains($0) }) {
            steps.append("draw the text's other TextKit effects by hand, or drop them")
        }
        return steps.joined(separator: "; ") + ", in the same context"
    }

    /// A colour's `setFill()`, `setStroke()` or `set()` against `context`.
    static func colorStatements(_ method: String, color: String, context: String) -> [String] {
        switch method {
        case "setFill": return ["\(context).setFillColor(\(color))"]
        case "setStroke": return ["\(context).setStrokeColor(\(color))"]
        default: return ["\(context).setFillColor(\(color))", "\(context).setStrokeColor(\(color))"]
        }
    }

    /// A path stroked as UIKit strokes it: its line settings in a saved graphics state.
    static func strokeStatements(path: String, context: String, lineWidth: String, lineCap: String?, lineJoin: String?) -> [String] {
        var statements = ["\(context).saveGState()", "\(context).addPath(\(path))", "\(context).setLineWidth(\(lineWidth))"]
        if let lineCap { statements.append("\(context).setLineCap(\(lineCap))") }
        if let lineJoin { statements.append("\(context).setLineJoin(\(lineJoin))") }
        return statements + ["\(context).strokePath()", "\(context).restoreGState()"]
    }

    /// Whether a statement after `statement` in its block calls `callee` (or is `also`).
    private static func followed(
        _ statement: CodeBlockItemSyntax, byCallTo callee: String, or also: (CodeBlockItemSyntax) -> Bool = { _ in false }
    ) -> Bool {
        guard let list = statement.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        return list.contains {
            $0.position > statement.position
                && ($0.item.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == callee || also($0))
        }
    }

    /// Whether `NSGraphicsContext.restoreGraphicsState()` follows `current` in its block.
    private static func appKitRestored(after current: CodeBlockItemSyntax) -> Bool {
        if followed(current, byCallTo: "NSGraphicsContext.restoreGraphicsState") { return true }
        // The context saved before it made current again, after it or deferred.
        guard let list = current.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        let saved = Set(list.filter { $0.position < current.position }.compactMap(DrawingContext.appKitSaved))
        return list.contains {
            guard let restored = DrawingContext.appKitRestore($0) ?? DrawingContext.deferredAppKitRestore($0) else { return false }
            return saved.contains(restored) && ($0.position > current.position || $0.item.is(DeferStmtSyntax.self))
        }
    }

    /// Whether a statement of `list` makes the context saved in `saved` current again.
    private static func restoresSaved(_ saved: String, in list: CodeBlockItemListSyntax) -> Bool {
        list.contains { (DrawingContext.appKitRestore($0) ?? DrawingContext.deferredAppKitRestore($0)) == saved }
    }

    /// Whether `list` reads the saved context other than to make it current again.
    private static func usesSaved(_ saved: String, in list: CodeBlockItemListSyntax) -> Bool {
        list.contains { item in
            guard DrawingContext.appKitSaved(item) != saved, (DrawingContext.appKitRestore(item) ?? DrawingContext.deferredAppKitRestore(item)) != saved
            else { return false }
            return item.tokens(viewMode: .sourceAccurate).contains { $0.text == saved }
        }
    }

    /// Whether `node` is `defer { NSGraphicsContext.current = previous }` for a context saved
    /// before it in its block.
    static func isDeferredAppKitRestore(_ node: CodeBlockItemSyntax) -> Bool {
        guard let restored = DrawingContext.deferredAppKitRestore(node), let list = node.parent?.as(CodeBlockItemListSyntax.self) else {
            return false
        }
        return list.contains { $0.position < node.position && DrawingContext.appKitSaved($0) == restored }
    }

    /// Whether a `UIGraphicsPopContext()` follows `push` in its block, or is deferred there.
    private static func popped(after push: CodeBlockItemSyntax) -> Bool {
        followed(push, byCallTo: "UIGraphicsPopContext", or: isDeferredPop)
    }

    /// Whether `node` is a statement of a function's (or accessor's) own body that others follow:
    /// a push there that is never popped is made for the drawing after it in the body, which goes
    /// to the pushed context; that it stays pushed past the function's end nothing on Linux reads.
    /// (A push that ends its function is made for its callers, and is left.)
    private static func isInFunctionBody(_ node: CodeBlockItemSyntax) -> Bool {
        guard let list = node.parent?.as(CodeBlockItemListSyntax.self), list.last?.id != node.id,
            let body = list.parent?.as(CodeBlockSyntax.self)
        else { return false }
        return body.parent?.is(FunctionDeclSyntax.self) == true || body.parent?.is(AccessorDeclSyntax.self) == true
    }

    /// Whether `node` is `defer { UIGraphicsPopContext() }`.
    static func isDeferredPop(_ node: CodeBlockItemSyntax) -> Bool {
        guard let deferred = node.item.as(DeferStmtSyntax.self), deferred.body.statements.count == 1,
            let call = deferred.body.statements.first?.item.as(FunctionCallExprSyntax.self)
        else { return false }
        return call.calledExpression.trimmedDescription == "UIGraphicsPopContext" && call.arguments.isEmpty
    }
}
