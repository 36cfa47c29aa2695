import SwiftSyntax

/// The Core Graphics context UIKit's drawing at a place in the source goes to, where the
/// source says which it is: UIKit draws into its "current context", which Linux does not
/// have, so each drawing call is written against that context instead.
///
/// Known: after `UIGraphicsPushContext(ctx)` (until `UIGraphicsPopContext()`, or to the end of
/// the block where the pop is deferred) in the same or an enclosing block, `ctx` (UIKit's
/// contexts are a stack: an image context begun and ended in between leaves `ctx` current); after AppKit's
/// `NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: …)` (until
/// `NSGraphicsContext.restoreGraphicsState()`, or until the context saved before it, `let
/// previous = NSGraphicsContext.current`, is made current again), `ctx`; after a UIKit image context begun in such a block (until it
/// ends) that ``ImageContextRewriter`` writes, or an AppKit image focused (until it is
/// unfocused) that ``ImageFocusRewriter`` writes, or in an AppKit image's drawing handler
/// that ``ImageDrawingHandlerRewriter`` writes, `imageContext?`; in the closure of an image
/// renderer that ``ImageRendererRewriter`` writes, the closure's parameter; in a view's
/// `draw(_:)` that ``ViewClassRewriter`` writes as its layer's `draw(in ctx:)`, `ctx`. The
/// search stops at a function or another closure.
///
/// AppKit's `NSGraphicsContext.saveGraphicsState()` and `restoreGraphicsState()` pair up: a
/// restore ends AppKit's context only where it matches the save made before that context was
/// made current (or no save in its block); one matching a save made since (or in its own
/// block) restores the context's graphics state, and the context stays known.
enum DrawingContext {
    /// The context expression, ready to take a member (`ctx`, `imageContext?`), or nil.
    static func at(_ node: some SyntaxProtocol) -> String? {
        found(at: node)?.context
    }

    /// Whether the context known at `node` is a bitmap context the command makes for UIKit's
    /// image drawing (an image context's, an image renderer's), whose base space has y up —
    /// not one a layer draws in (y down).
    static func isBitmap(at node: some SyntaxProtocol) -> Bool {
        found(at: node)?.isBitmap ?? false
    }

    /// The context known at `node` (``at(_:)``) where it is AppKit's current one made with
    /// `NSGraphicsContext(cgContext: ctx, flipped: false)`, or a focused AppKit image's or a
    /// drawing handler's made with `flipped: false` (not flipped either); nil for another.
    static func unflippedAppKit(at node: some SyntaxProtocol) -> String? {
        guard let known = found(at: node), known.appKitFlipped == false else { return nil }
        return known.context
    }

    /// Whether the context known at `node` is a bitmap the command makes for AppKit's image
    /// drawing with y pointing up (a focused image's, an unflipped drawing handler's): images
    /// and text drawn there are not turned to stand upright, as they are in UIKit's y-down
    /// contexts.
    static func isYUp(at node: some SyntaxProtocol) -> Bool {
        guard let known = found(at: node) else { return false }
        return known.isBitmap && known.appKitFlipped == false
    }

    /// Whether `item`, AppKit's `NSGraphicsContext.restoreGraphicsState()`, restores a graphics
    /// state saved while the known context was current (in its block since the context was made
    /// current, or in its own block), so that the context stays current after it.
    static func restoresSavedState(_ item: CodeBlockItemSyntax) -> Bool {
        guard isCall(item, to: "NSGraphicsContext.restoreGraphicsState"), let list = item.parent?.as(CodeBlockItemListSyntax.self) else {
            return false
        }
        return context(in: list, before: Syntax(item)).saved > 0
    }

    private static func found(at node: some SyntaxProtocol) -> (context: String, isBitmap: Bool, appKitFlipped: Bool?)? {
        var child = Syntax(node)
        var current = node.parent
        while let ancestor = current {
            if let list = ancestor.as(CodeBlockItemListSyntax.self), let found = context(in: list, before: child).found {
                return found.context.isEmpty ? nil : (found.context, found.context == "imageContext?", found.appKitFlipped)
            }
            if let closure = ancestor.as(ClosureExprSyntax.self) {
                if let handler = ImageDrawingHandlerRewriter.handlerContext(of: closure) { return ("imageContext?", true, handler.flipped) }
                guard let call = closure.parent?.as(FunctionCallExprSyntax.self) ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                    ImageRendererRewriter.isImageCall(call), let plan = ImageRendererRewriter.plan(call), plan.closure.id == closure.id
                else { return nil }
                return (plan.context, true, nil)
            }
            // A view's `draw(_:)` written as its layer's `draw(in ctx:)`: UIKit's current context is `ctx`.
            if let function = ancestor.as(FunctionDeclSyntax.self), ViewClassRewriter.drawsInContext(function) { return ("ctx", false, nil) }
            if ancestor.is(FunctionDeclSyntax.self) || ancestor.is(AccessorBlockSyntax.self) || ancestor.is(InitializerDeclSyntax.self) {
                return nil
            }
            child = ancestor
            current = ancestor.parent
        }
        return nil
    }

    /// The context the statements of `list` before `child` leave current (nil where they say
    /// nothing, "" where they end one) and, for AppKit's made from a `CGContext` or a focused
    /// image's, its `flipped:` argument where it is `true` or `false`; and how many AppKit
    /// graphics states saved since (or in the block) are not yet restored.
    private static func context(in list: CodeBlockItemListSyntax, before child: Syntax) -> (found: (context: String, appKitFlipped: Bool?)?, saved: Int) {
        var found: (context: String, appKitFlipped: Bool?)?
        var saved = 0
        // What was current before each UIKit push or image context begun in the block and not
        // yet ended (nil: what the enclosing blocks make current).
        var uikitStack: [(context: String, appKitFlipped: Bool?)?] = []
        for item in list where item.position < child.position {
            // AppKit's: `NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: …)`
            // until `NSGraphicsContext.restoreGraphicsState()`.
            if let context = appKitCurrent(item) {
                let flipped = item.item.as(SequenceExprSyntax.self)?.elements.last.flatMap { appKitContextMade($0) }?.arguments.last
                found = (context, ["true": true, "false": false][flipped?.expression.trimmedDescription ?? ""])
                saved = 0
                continue
            }
            if isCall(item, to: "NSGraphicsContext.saveGraphicsState") {
                saved += 1
                continue
            }
            if isCall(item, to: "NSGraphicsContext.restoreGraphicsState") {
                if saved > 0 {
                    saved -= 1
                } else {
                    found = ("", nil)
                }
                continue
            }
            if appKitRestore(item) != nil {
                found = ("", nil)
                continue
            }
            // An AppKit image focused until it is unfocused: AppKit's current context, not flipped.
            if let focused = ImageFocusRewriter.focusCall(item) {
                if focused.locks {
                    found = (ImageFocusRewriter.plan(item) != nil ? "imageContext?" : "", false)
                    saved = 0
                } else {
                    found = ("", nil)
                }
                continue
            }
            guard let call = item.item.as(FunctionCallExprSyntax.self),
                let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { continue }
            // UIKit keeps its contexts on a stack: a pop or an image context's end makes the
            // one current before the push or the begin current again.
            switch name {
            case "UIGraphicsPushContext":
                uikitStack.append(found)
                found = (pushed(call) ?? "", nil)
            case "UIGraphicsPopContext", "UIGraphicsEndImageContext":
                found = uikitStack.popLast() ?? ("", nil)
            case _ where ImageContextRewriter.beginFunctions.contains(name):
                uikitStack.append(found)
                found = (ImageContextRewriter.plan(item) != nil ? "imageContext?" : "", nil)
            default:
                continue
            }
        }
        return (found, saved)
    }

    /// The member read from AppKit's current context at `access` (`cgContext` of
    /// `NSGraphicsContext.current?.cgContext`, or of `NSGraphicsContext.current!.cgContext`):
    /// the member's name and whether the current context is force-unwrapped; nil where
    /// `access` reads no member of AppKit's current context.
    static func appKitCurrentMember(_ access: MemberAccessExprSyntax) -> (name: String, forced: Bool)? {
        guard let unwrapped = access.base else { return nil }
        let forced = unwrapped.is(ForceUnwrapExprSyntax.self)
        guard let current = (unwrapped.as(OptionalChainingExprSyntax.self)?.expression ?? unwrapped.as(ForceUnwrapExprSyntax.self)?.expression)?
            .as(MemberAccessExprSyntax.self), current.declName.baseName.text == "current",
            current.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "NSGraphicsContext"
        else { return nil }
        return (access.declName.baseName.text, forced)
    }

    /// The member access reading AppKit's current context that `reference` (`NSGraphicsContext`)
    /// starts (``appKitCurrentMember(_:)``), or nil.
    static func appKitCurrentAccess(startingAt reference: DeclReferenceExprSyntax) -> MemberAccessExprSyntax? {
        guard let current = reference.parent?.as(MemberAccessExprSyntax.self), current.base?.id == ExprSyntax(reference).id,
            let unwrapped = current.parent, let access = unwrapped.parent?.as(MemberAccessExprSyntax.self), access.base?.id == unwrapped.id,
            appKitCurrentMember(access) != nil
        else { return nil }
        return access
    }

    /// Whether `item` calls `callee` (written so) with no arguments.
    static func isCall(_ item: CodeBlockItemSyntax, to callee: String) -> Bool {
        guard let call = item.item.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil else { return false }
        return call.calledExpression.trimmedDescription == callee
    }

    /// The context `item` makes AppKit's current one — `NSGraphicsContext.current =
    /// NSGraphicsContext(cgContext: ctx, flipped: …)` — when it is a name the command can repeat.
    static func appKitCurrent(_ item: CodeBlockItemSyntax) -> String? {
        guard let (target, value) = item.item.as(SequenceExprSyntax.self)?.elements.simpleAssignment,
            target.trimmedDescription == "NSGraphicsContext.current", let made = appKitContextMade(value),
            let context = made.arguments.first
        else { return nil }
        let text = context.expression.trimmedDescription
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? text : nil
    }

    /// The `NSGraphicsContext(cgContext: ctx, flipped: …)` call `value` is, or that the local
    /// `value` names: declared with it (`let graphics = NSGraphicsContext(…)`) before, in the
    /// same block, and read nowhere else. Nil otherwise.
    static func appKitContextMade(_ value: ExprSyntax) -> FunctionCallExprSyntax? {
        if let made = appKitContextCall(value) { return made }
        guard let reference = value.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
            let item = value.parent?.parent?.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
            let declaration = list.last(where: { $0.position < item.position && appKitContextLocal($0)?.name == reference.baseName.text }),
            let (name, made) = appKitContextLocal(declaration),
            // An array of the block's own statements: the collection's `filter` would make a new tree.
            let references = NameReferences.find(name, in: Array(list).filter { $0.position > declaration.position }.map(Syntax.init)),
            references.count == 1, references.first?.id == value.id
        else { return nil }
        return made
    }

    /// The local `item` declares with AppKit's context made from a `CGContext` (`let graphics =
    /// NSGraphicsContext(cgContext: ctx, flipped: false)`, typed or not), and that call.
    static func appKitContextLocal(_ item: CodeBlockItemSyntax) -> (name: String, made: FunctionCallExprSyntax)? {
        guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            let binding = declaration.bindings.first, let pattern = binding.pattern.as(IdentifierPatternSyntax.self),
            binding.typeAnnotation == nil || binding.typeAnnotation?.type.trimmedDescription == "NSGraphicsContext",
            let made = appKitContextCall(binding.initializer?.value)
        else { return nil }
        return (pattern.identifier.text, made)
    }

    /// `expression` when it is `NSGraphicsContext(cgContext: ctx, flipped: …)`, else nil.
    private static func appKitContextCall(_ expression: ExprSyntax?) -> FunctionCallExprSyntax? {
        guard let made = expression?.as(FunctionCallExprSyntax.self), made.calledExpression.trimmedDescription == "NSGraphicsContext",
            made.trailingClosure == nil, made.arguments.map({ $0.label?.text ?? "_" }) == ["cgContext", "flipped"]
        else { return nil }
        return made
    }

    /// The statement after `item` in its block that makes the context `item` declares
    /// (``appKitContextLocal(_:)``) AppKit's current one, or nil.
    static func appKitCurrentMaking(declaredBy item: CodeBlockItemSyntax) -> CodeBlockItemSyntax? {
        guard let (name, _) = appKitContextLocal(item), let list = item.parent?.as(CodeBlockItemListSyntax.self) else { return nil }
        return list.first {
            $0.position > item.position && appKitCurrent($0) != nil
                && $0.item.as(SequenceExprSyntax.self)?.elements.simpleAssignment?.value.trimmedDescription == name
        }
    }

    /// The name `item` saves AppKit's current context in — `let previous =
    /// NSGraphicsContext.current` — or nil for another statement.
    static func appKitSaved(_ item: CodeBlockItemSyntax) -> String? {
        guard let declaration = item.item.as(VariableDeclSyntax.self), declaration.bindings.count == 1,
            let binding = declaration.bindings.first, binding.typeAnnotation == nil,
            binding.initializer?.value.trimmedDescription == "NSGraphicsContext.current"
        else { return nil }
        return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// The name `item` makes AppKit's current context again — `NSGraphicsContext.current =
    /// previous` — or nil for another statement.
    static func appKitRestore(_ item: CodeBlockItemSyntax) -> String? {
        guard let sequence = item.item.as(SequenceExprSyntax.self) else { return nil }
        return appKitRestore(sequence)
    }

    /// The name a deferred `NSGraphicsContext.current = previous` makes current again, or nil
    /// for another statement.
    static func deferredAppKitRestore(_ item: CodeBlockItemSyntax) -> String? {
        guard let deferred = item.item.as(DeferStmtSyntax.self), deferred.body.statements.count == 1,
            let sequence = deferred.body.statements.first?.item.as(SequenceExprSyntax.self)
        else { return nil }
        return appKitRestore(sequence)
    }

    private static func appKitRestore(_ sequence: SequenceExprSyntax) -> String? {
        guard let (target, value) = sequence.elements.simpleAssignment, target.trimmedDescription == "NSGraphicsContext.current",
            let restored = value.as(DeclReferenceExprSyntax.self), restored.argumentNames == nil
        else { return nil }
        return restored.baseName.text
    }

    /// The name drawing statements use for `context`, and the line opening their block: an
    /// optional context (an image context's, `imageContext?`) is bound to `binding` first.
    static func block(for context: String, binding: String) -> (name: String, opening: String) {
        context.hasSuffix("?") ? (binding, "if let \(binding) = \(context.dropLast()) {") : (context, "do {")
    }

    /// `drawing` done in `context` flipped about the rectangle named `rect`, in a saved
    /// graphics state: what UIKit's y-down contexts need for images and text frames to stand
    /// upright.
    static func flipped(about rect: String, in context: String, _ drawing: [String]) -> [String] {
        ["\(context).saveGState()", "\(context).translateBy(x: 0, y: \(rect).minY + \(rect).maxY)", "\(context).scaleBy(x: 1, y: -1)"]
            + drawing + ["\(context).restoreGState()"]
    }

    /// The context `UIGraphicsPushContext(ctx)` makes current, when it is a name (or a
    /// member of one) the command can repeat.
    static func pushed(_ call: FunctionCallExprSyntax) -> String? {
        guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil else { return nil }
        let text = argument.expression.trimmedDescription
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? text : nil
    }
}
