import SwiftSyntax

/// UIKit's and AppKit's reading of a colour's components into variables —
/// `color.getRed(&r, green: &g, blue: &b, alpha: &a)` and
/// `color.getHue(&h, saturation: &s, brightness: &v, alpha: &a)` — written for the `CGColor` the
/// colour is on Linux: its components in sRGB (`converted(to:intent:options:)`), and for the
/// hue, saturation and brightness the HSB model UIKit's `init(hue:saturation:brightness:alpha:)`
/// inverts. Like UIKit's, the written code gives `false` and leaves the variables as they were
/// when the colour has no such components (a pattern colour). It is a closure called in place
/// with the components and the variables `inout`, as UIKit's method takes them (so a variable
/// the code never reads after is no more a warning than it was): as a statement, its result
/// ignored (`_ = …`); where the result is read (`if color.getRed(…)`, `guard`), in parentheses.
/// Inside a colour extension the command writes, the call may name no receiver
/// (`getRed(&r, …)`, the colour being `self`).
enum ColorComponents {
    /// The replacement for `call` (`receiver.getRed(…)` or `receiver.getHue(…)`, or either
    /// without a receiver), the colour being `color` (a `CGColor` expression), or nil when it
    /// is not one of them with `&name` arguments.
    static func read(_ call: FunctionCallExprSyntax, color: String) -> String? {
        guard let targets = targets(of: call), let method = methodName(call) else { return nil }
        let receiver = color.contains(" ") && !color.hasSuffix(")") ? "(\(color))" : color
        let components = "\(receiver).converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)?.components"
        let names: [String]
        let values: String
        switch method {
        case "getRed":
            names = ["red", "green", "blue", "alpha"]
            values = "(c[0], c[1], c[2], c[3])"
        default:
            // HSB from RGB: brightness the largest component, saturation the spread over it,
            // hue the sixth of the circle the largest component leads.
            names = ["hue", "saturation", "brightness", "alpha"]
            values = "{ let v = max(c[0], c[1], c[2]), d = v - min(c[0], c[1], c[2]); "
                + "let h = d == 0 ? 0 : v == c[0] ? (c[1] - c[2]) / d : v == c[1] ? 2 + (c[2] - c[0]) / d : 4 + (c[0] - c[1]) / d; "
                + "return (h < 0 ? h / 6 + 1 : h / 6, v == 0 ? 0 : d / v, v, c[3]) }()"
        }
        let parameters = names.map { "\($0): inout CGFloat" }.joined(separator: ", ")
        let reading = "{ (components: [CGFloat]?, \(parameters)) -> Bool in guard let c = components, c.count == 4 else { return false }; "
            + "(\(names.joined(separator: ", "))) = \(values); return true }(\(components), \(targets.map { "&\($0)" }.joined(separator: ", ")))"
        // In parentheses where the result is read: a closure in an `if` or `guard` condition must be.
        return call.parent?.is(CodeBlockItemSyntax.self) == true ? "_ = \(reading)" : "(\(reading))"
    }

    /// The variables `call` writes (`&r` → `r`), when it is `getRed(_:green:blue:alpha:)` or
    /// `getHue(_:saturation:brightness:alpha:)`.
    static func targets(of call: FunctionCallExprSyntax) -> [String]? {
        guard let method = methodName(call), call.trailingClosure == nil else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch method {
        case "getRed" where labels == ["_", "green", "blue", "alpha"]: break
        case "getHue" where labels == ["_", "saturation", "brightness", "alpha"]: break
        default: return nil
        }
        var targets: [String] = []
        for argument in call.arguments {
            guard let inout_ = argument.expression.as(InOutExprSyntax.self) else { return nil }
            targets.append(inout_.expression.trimmedDescription)
        }
        return targets
    }

    /// The name of the method `call` calls, on a receiver (`color.getRed`) or not (`getRed`).
    private static func methodName(_ call: FunctionCallExprSyntax) -> String? {
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base != nil {
            return access.declName.baseName.text
        }
        return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// The call `access` makes when it is `getRed(…)` or `getHue(…)` on its base.
    static func call(_ access: MemberAccessExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
            targets(of: call) != nil
        else { return nil }
        return call
    }
}
