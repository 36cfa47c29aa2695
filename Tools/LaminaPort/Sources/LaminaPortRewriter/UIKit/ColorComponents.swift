import SwiftSyntax

/// UIKit's and AppKit's reading of a colour's components into variables —
/// `color.getRed(&r, green: &g, blue: &b, alpha: &a)` and
/// `color.getHue(&h, saturation: &s, brightness: &v, alpha: &a)` — written for the `CGColor` the
/// colour is on Linux: its components in sRGB (`converted(to:intent:options:)`), and for the
/// hue, saturation and brightness the HSB model UIKit's `init(hue:saturation:brightness:alpha:)`
/// inverts. Like UIKit's, the written code gives `false` and leaves the variables as they were
/// when the colour has no such components (a pattern colour). A call used as a statement is
/// written as one (`if let … { … }`); one whose result is read (`if color.getRed(…)`, `guard`)
/// as a closure called in place, in parentheses.
enum ColorComponents {
    /// The replacement for `call` (`receiver.getRed(…)` or `receiver.getHue(…)`), the colour
    /// being `color` (a `CGColor` expression), or nil when it is not one of them with `&name`
    /// arguments.
    static func read(_ call: FunctionCallExprSyntax, color: String) -> String? {
        guard let targets = targets(of: call), let method = call.calledExpression.as(MemberAccessExprSyntax.self) else {
            return nil
        }
        let receiver = color.contains(" ") && !color.hasSuffix(")") ? "(\(color))" : color
        let components = "\(receiver).converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)?.components"
        let assigned = "(\(targets.joined(separator: ", ")))"
        let values: String
        switch method.declName.baseName.text {
        case "getRed":
            values = "(c[0], c[1], c[2], c[3])"
        default:
            // HSB from RGB: brightness the largest component, saturation the spread over it,
            // hue the sixth of the circle the largest component leads.
            values = "{ let v = max(c[0], c[1], c[2]), d = v - min(c[0], c[1], c[2]); "
                + "let h = d == 0 ? 0 : v == c[0] ? (c[1] - c[2]) / d : v == c[1] ? 2 + (c[2] - c[0]) / d : 4 + (c[0] - c[1]) / d; "
                + "return (h < 0 ? h / 6 + 1 : h / 6, v == 0 ? 0 : d / v, v, c[3]) }()"
        }
        if call.parent?.is(CodeBlockItemSyntax.self) == true {
            return "if let c = \(components), c.count == 4 { \(assigned) = \(values) }"
        }
        // In parentheses: a closure in an `if` or `guard` condition must be.
        return "({ () -> Bool in guard let c = \(components), c.count == 4 else { return false }; \(assigned) = \(values); return true }())"
    }

    /// The variables `call` writes (`&r` → `r`), when it is `getRed(_:green:blue:alpha:)` or
    /// `getHue(_:saturation:brightness:alpha:)`.
    static func targets(of call: FunctionCallExprSyntax) -> [String]? {
        guard let method = call.calledExpression.as(MemberAccessExprSyntax.self), call.trailingClosure == nil else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        switch method.declName.baseName.text {
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

    /// The call `access` makes when it is `getRed(…)` or `getHue(…)` on its base.
    static func call(_ access: MemberAccessExprSyntax) -> FunctionCallExprSyntax? {
        guard let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id,
            targets(of: call) != nil
        else { return nil }
        return call
    }
}
