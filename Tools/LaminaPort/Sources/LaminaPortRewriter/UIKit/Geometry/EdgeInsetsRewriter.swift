import SwiftSyntax

/// UIKit's `CGRect.inset(by:)` with the insets made in place, written as the rectangle UIKit's
/// inline `UIEdgeInsetsInsetRect` makes:
///
/// ```swift
/// bounds.inset(by: UIEdgeInsets(top: 8, left: 12, bottom: 8, right: 12))
///   →  { (rect: CGRect, top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) -> CGRect in
///          CGRect(x: rect.origin.x + left, y: rect.origin.y + top,
///                 width: rect.size.width - left - right, height: rect.size.height - top - bottom) }(bounds, 8, 12, 8, 12)
/// ```
///
/// (on one line): the origin moves by the top and left insets and the size shrinks by both
/// pairs, without standardizing, as UIKit's header defines it. The rectangle and the four
/// insets keep their text. Insets kept in a name are ``EdgeInsetsVariableRewriter``'s;
/// `UIEdgeInsets.zero` and other uses are left.
final class EdgeInsetsRewriter: PortingPass {
    static let insetting = "{ (rect: CGRect, top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) -> CGRect in CGRect(x: rect.origin.x + left, y: rect.origin.y + top, width: rect.size.width - left - right, height: rect.size.height - top - bottom) }("

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let (rect, insets) = Self.insetting(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        let reason = "UIKit does not exist on Linux, and Core Graphics has no inset(by:); this is the rectangle UIKit's UIEdgeInsetsInsetRect makes"
        let whole = file.trimmedRange(node), base = file.trimmedRange(rect)
        let values = insets.map { file.trimmedRange($0) }
        // Before the rectangle: nothing for `rect.inset(by:)`, `UIEdgeInsetsInsetRect(` for Swift 4's function.
        file.replace(whole.lowerBound..<base.lowerBound, with: Self.insetting, kind: .uikitValue, reason: reason)
        file.replace(base.upperBound..<values[0].lowerBound, with: ", ", kind: .uikitValue, reason: reason)
        for (before, after) in zip(values, values.dropFirst()) {
            file.replace(before.upperBound..<after.lowerBound, with: ", ", kind: .uikitValue, reason: reason)
        }
        file.replace(values[3].upperBound..<whole.upperBound, with: ")", kind: .uikitValue, reason: reason)
        return .visitChildren
    }

    /// The rectangle and the top, left, bottom and right insets of `rect.inset(by:
    /// UIEdgeInsets(top:left:bottom:right:))` (or Swift 4's `UIEdgeInsetsInsetRect(rect,
    /// UIEdgeInsetsMake(top, left, bottom, right))`), or nil for another call.
    static func insetting(_ call: FunctionCallExprSyntax) -> (ExprSyntax, [ExprSyntax])? {
        guard let (rect, given) = insetCall(call), let insets = given.as(FunctionCallExprSyntax.self), let sides = sides(of: insets)
        else { return nil }
        return (rect, sides)
    }

    /// The four sides of insets made in place, top, left, bottom and right:
    /// `UIEdgeInsets(top:left:bottom:right:)`, or Swift 4's `UIEdgeInsetsMake(_:_:_:_:)`, which
    /// takes them in that order (Apple's SDKs now mark it unavailable, naming the initializer).
    static func sides(of insets: FunctionCallExprSyntax) -> [ExprSyntax]? {
        guard insets.trailingClosure == nil else { return nil }
        let labels = insets.arguments.map { $0.label?.text ?? "_" }
        switch insets.calledExpression.trimmedDescription {
        case "UIEdgeInsets" where labels == ["top", "left", "bottom", "right"], "UIEdgeInsetsMake" where labels == ["_", "_", "_", "_"]:
            return insets.arguments.map(\.expression)
        default:
            return nil
        }
    }

    /// The rectangle and the insets of `rect.inset(by: insets)` (or Swift 4's
    /// `UIEdgeInsetsInsetRect(rect, insets)`), or nil for another call.
    static func insetCall(_ call: FunctionCallExprSyntax) -> (rect: ExprSyntax, insets: ExprSyntax)? {
        guard call.trailingClosure == nil else { return nil }
        if call.calledExpression.trimmedDescription == "UIEdgeInsetsInsetRect", call.arguments.count == 2,
            call.arguments.allSatisfy({ $0.label == nil })
        {
            let arguments = Array(call.arguments)
            return (arguments[0].expression, arguments[1].expression)
        }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "inset",
            let rect = access.base, call.arguments.count == 1, let argument = call.arguments.first, argument.label?.text == "by"
        else { return nil }
        return (rect, argument.expression)
    }

    /// Whether `node` (a use of `UIEdgeInsets` or `UIEdgeInsetsMake`, or Swift 4's
    /// `UIEdgeInsetsInsetRect`) is in insets this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        guard let made = node.parent?.as(FunctionCallExprSyntax.self), made.calledExpression.id == Syntax(node).id else { return false }
        // The function insetting the rectangle, written with insets made in place or kept in a name.
        if made.calledExpression.trimmedDescription == "UIEdgeInsetsInsetRect", let (_, insets) = insetCall(made) {
            if insetting(made) != nil { return true }
            guard let reference = insets.as(DeclReferenceExprSyntax.self),
                let declaration = NameReferences.variable(named: reference.baseName.text, seenFrom: reference)
            else { return false }
            return EdgeInsetsVariableRewriter.insets(declaration) != nil
        }
        guard let call = made.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
            Array(call.arguments).last?.expression.id == ExprSyntax(made).id
        else { return false }
        return insetting(call) != nil
    }
}
