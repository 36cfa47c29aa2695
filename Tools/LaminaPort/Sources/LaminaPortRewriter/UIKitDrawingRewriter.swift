import SwiftSyntax

/// UIKit's drawing calls, which draw into UIKit's current context, written against the
/// Core Graphics context that is current there (``DrawingContext``):
///
/// ```swift
/// UIGraphicsPushContext(ctx)                       (removed)
/// UIColor.systemRed.setFill()                      ctx.setFillColor(CGColor(red: 1, green: 59 / 255, …))
/// UIBezierPath(ovalIn: r).fill()          →        ctx.addPath(CGPath(ellipseIn: r, transform: nil))
///                                                  ctx.fillPath()
/// UIRectFill(r)                                    ctx.fill(r)
/// UIGraphicsPopContext()                           (removed)
/// ```
///
/// A colour's `setFill()`, `setStroke()` and `set()` (both) set the context's fill and stroke
/// colours to the `CGColor` the colour makes; `UIRectFill(_:)` fills with the fill colour, as
/// `CGContext.fill(_:)` does. A path made in place and filled adds that path and fills it;
/// stroked, it is stroked as UIKit strokes it: with the path's own line width, 1 point for a
/// new path, in a saved graphics state (UIKit saves and restores it around the stroke).
/// `UIGraphicsGetCurrentContext()` after `UIGraphicsPushContext(ctx)` is `ctx`, and the push
/// and pop go. Paths built step by step and then filled or stroked are
/// ``BezierPathBuilderRewriter``'s. Where the context is not known, or the colour or path is
/// not one the command writes, the call is left for a person.
final class UIKitDrawingRewriter: PortingPass {
    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let written = Self.rewrite(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        if written.isEmpty {
            file.remove(node, kind: .uikitValue, reason: "UIKit's current context does not exist on Linux: the drawing around it names its CGContext")
        } else {
            file.replace(
                node, with: written.joined(separator: "\n" + node.statementIndentation), kind: .uikitValue,
                reason: Self.reason(for: node, "UIKit's drawing goes to its current context, which Linux does not have; it is written against the CGContext current there"))
        }
        return .skipChildren
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
        } else {
            file.replace(node, with: context, kind: .uikitValue, reason: reason)
        }
        return .skipChildren
    }

    /// Why a statement is written: system colours say which appearance they keep.
    private static func reason(for node: CodeBlockItemSyntax, _ reason: String) -> String {
        UIKitValueRewriter.reason(for: node, reason)
    }

    /// Whether `node` is in a statement this pass writes.
    static func rewrites(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let statement = ancestor.as(CodeBlockItemSyntax.self) { return rewrite(statement) != nil }
            current = ancestor.parent
        }
        return false
    }

    /// The statements that replace `node` (none: it goes), or nil when it is not one this pass
    /// writes.
    static func rewrite(_ node: CodeBlockItemSyntax) -> [String]? {
        guard let call = node.item.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        let callee = call.calledExpression.trimmedDescription
        if callee == "UIGraphicsPushContext" {
            return DrawingContext.pushed(call) != nil && popped(after: node) ? [] : nil
        }
        if callee == "UIGraphicsPopContext" {
            return DrawingContext.at(node).map { _ in [] }
        }
        guard let context = DrawingContext.at(node) else { return nil }
        if callee == "UIRectFill", call.arguments.count == 1, let rect = call.arguments.first, rect.label == nil {
            return ["\(context).fill(\(rect.expression.trimmedDescription))"]
        }
        guard call.arguments.isEmpty, let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else {
            return nil
        }
        switch access.declName.baseName.text {
        case "setFill", "setStroke", "set":
            guard let color = UIKitValueRewriter.color(base) else { return nil }
            return colorStatements(access.declName.baseName.text, color: color, context: context)
        case "fill":
            guard let path = UIKitValueRewriter.path(base) else { return nil }
            return ["\(context).addPath(\(path))", "\(context).fillPath()"]
        case "stroke":
            guard let path = UIKitValueRewriter.path(base) else { return nil }
            return strokeStatements(path: path, context: context, lineWidth: "1", lineCap: nil, lineJoin: nil)
        default:
            return nil
        }
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

    /// Whether a `UIGraphicsPopContext()` follows `push` in its block.
    private static func popped(after push: CodeBlockItemSyntax) -> Bool {
        guard let list = push.parent?.as(CodeBlockItemListSyntax.self) else { return false }
        return list.contains {
            $0.position > push.position && $0.item.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "UIGraphicsPopContext"
        }
    }
}
