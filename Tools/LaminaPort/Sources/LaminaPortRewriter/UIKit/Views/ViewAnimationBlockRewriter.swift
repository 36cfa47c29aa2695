import SwiftSyntax

/// UIKit's animation block, which animates the changes a view's layer makes in it, written as
/// the transaction that does so for the layers the command writes for views:
///
/// ```swift
/// UIView.animate(withDuration: 0.3, animations: {       do {
///     self.box.alpha = 0                                     let viewAnimation = CABasicAnimation()
/// }, completion: { _ in                                       viewAnimation.duration = 0.3
///     self.box.removeFromSuperview()               →          viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
/// })                                                          CATransaction.begin()
///                                                             CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
///                                                             let completion: (Bool) -> Void = { _ in … }
///                                                             CATransaction.setCompletionBlock { completion(true) }
///                                                             self.box.opacity = Float(0)
///                                                             CATransaction.commit()
///                                                         }
/// ```
///
/// A view gives its own layer an action only inside such a block: one with the block's
/// duration and curve (UIKit's default `.curveEaseInOut`, or `.curveLinear`, `.curveEaseIn`,
/// `.curveEaseOut` in its options). Where the files run animation blocks, the layers written
/// for views (``ViewClassRewriter``, ``ViewControllerClassRewriter``, ``PlainViews``) answer
/// `action(forKey:)` with that animation while the transaction holds it, and with none
/// otherwise; other layers animate as they do anyway. The completion runs when the
/// transaction's animations end, told they finished. Forms written:
/// `animate(withDuration:animations:)`, with `completion:`, and with `delay: 0, options:` a
/// curve (and `.allowUserInteraction` or `.beginFromCurrentState`, which change nothing here),
/// the closures as arguments or trailing. Left for a person: a delay, repeating or reversing
/// options, options held in a variable, and the spring and keyframe forms.
final class ViewAnimationBlockRewriter: PortingPass {
    /// The transaction's key for the animation a block gives the layers written for views.
    static let transactionKey = "UIView.animate"

    /// UIKit's curve options and the timing function names they are.
    static let curves = [
        "curveEaseInOut": ".easeInEaseOut", "curveLinear": ".linear", "curveEaseIn": ".easeIn", "curveEaseOut": ".easeOut",
    ]
    /// Options that change nothing here.
    static let neutralOptions: Set<String> = ["allowUserInteraction", "beginFromCurrentState"]

    /// Whether `call` is UIKit's animation block (`UIView.animate(withDuration:…)`), in any form.
    static func isAnimationBlock(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "animate",
            access.base?.trimmedDescription == "UIView"
        else { return false }
        return call.arguments.first?.label?.text == "withDuration"
    }

    /// Whether `node` (`UIView` in `UIView.animate`) is in the callee of a block this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        // The token, or the reference it names.
        let reference = node.as(DeclReferenceExprSyntax.self).map(Syntax.init) ?? node.parent
        guard let reference, let access = reference.parent?.as(MemberAccessExprSyntax.self), access.base?.id == reference.id,
            let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == ExprSyntax(access).id,
            call.parent?.is(CodeBlockItemSyntax.self) == true, isAnimationBlock(call)
        else { return false }
        return block(call) != nil
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind {
        guard let call = node.item.as(FunctionCallExprSyntax.self), Self.isAnimationBlock(call), !node.isInAppleOnlyConditional else {
            return .visitChildren
        }
        guard let block = Self.block(call) else {
            file.note(
                call, why: "UIKit's animation blocks do not exist on Linux, and this one has a delay, options or a form the command cannot write",
                todo: "run the changes in a CATransaction with the block's duration, or add a CABasicAnimation to each layer")
            return .visitChildren
        }
        let indentation = node.statementIndentation
        var lines = [
            "do {",
            "    let viewAnimation = CABasicAnimation()",
            "    viewAnimation.duration = \(file.placeholder(for: block.duration))",
            "    viewAnimation.timingFunction = CAMediaTimingFunction(name: \(block.curve))",
            "    CATransaction.begin()",
            "    CATransaction.setValue(viewAnimation, forKey: \"\(Self.transactionKey)\")",
        ]
        if let completion = block.completion {
            lines += [
                "    let completion: (Bool) -> Void = \(file.placeholder(for: completion))",
                "    CATransaction.setCompletionBlock { completion(true) }",
            ]
        }
        let statements = block.animations.statements
        if !statements.isEmpty { lines.append("    " + file.placeholder(for: statements)) }
        lines += ["    CATransaction.commit()", "}"]
        file.replace(
            node, with: lines.enumerated().map { $0.offset == 0 ? $0.element : indentation + $0.element }.joined(separator: "\n"),
            kind: .uikitValue,
            reason: "UIKit's animation blocks do not exist on Linux; the layers written for views animate the block's changes with its duration and curve, as a view's layer does in one")
        return .skipChildren
    }

    struct Block {
        var duration: ExprSyntax
        var curve: String
        var animations: ClosureExprSyntax
        var completion: ClosureExprSyntax?
    }

    /// The parts of an animation block this pass writes, or nil for one it leaves.
    static func block(_ call: FunctionCallExprSyntax) -> Block? {
        // The closures, whether arguments or trailing.
        var labeled = Array(call.arguments).map { ($0.label?.text ?? "_", $0.expression) }
        if let trailing = call.trailingClosure {
            labeled.append((labeled.contains { $0.0 == "animations" } ? "completion" : "animations", ExprSyntax(trailing)))
        }
        for extra in call.additionalTrailingClosures { labeled.append((extra.label.text, ExprSyntax(extra.closure))) }
        let labels = labeled.map(\.0)
        guard [["withDuration", "animations"], ["withDuration", "animations", "completion"], ["withDuration", "delay", "options", "animations"],
            ["withDuration", "delay", "options", "animations", "completion"]].contains(labels)
        else { return nil }
        let values = Dictionary(labeled, uniquingKeysWith: { first, _ in first })
        guard let duration = values["withDuration"], let animations = values["animations"]?.as(ClosureExprSyntax.self),
            animations.signature == nil
        else { return nil }
        var curve = ".easeInEaseOut"
        if let delay = values["delay"] {
            guard ["0", "0.0"].contains(delay.trimmedDescription), let options = values["options"], let chosen = Self.curve(options) else { return nil }
            curve = chosen
        }
        var completion: ClosureExprSyntax?
        if let value = values["completion"] {
            if value.is(NilLiteralExprSyntax.self) {
                completion = nil
            } else {
                guard let closure = value.as(ClosureExprSyntax.self) else { return nil }
                completion = closure
            }
        }
        return Block(duration: duration, curve: curve, animations: animations, completion: completion)
    }

    /// The timing function name an options literal chooses (`.curveLinear`, `[.curveEaseOut,
    /// .allowUserInteraction]`, `[]`), or nil for options it does not spell out so.
    private static func curve(_ options: ExprSyntax) -> String? {
        let elements: [ExprSyntax]
        if let array = options.as(ArrayExprSyntax.self) {
            elements = array.elements.map(\.expression)
        } else {
            elements = [options]
        }
        var chosen = ".easeInEaseOut"
        var count = 0
        for element in elements {
            guard let member = element.as(MemberAccessExprSyntax.self),
                member.base == nil || member.base?.trimmedDescription == "UIView.AnimationOptions"
            else { return nil }
            let name = member.declName.baseName.text
            if let curve = curves[name] {
                chosen = curve
                count += 1
            } else if !neutralOptions.contains(name) {
                return nil
            }
        }
        return count <= 1 ? chosen : nil
    }
}
