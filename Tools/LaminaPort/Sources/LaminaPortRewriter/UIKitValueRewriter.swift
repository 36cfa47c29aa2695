import SwiftSyntax

/// UIKit and AppKit colours and paths that Core Animation code turns straight into Core
/// Graphics values, written as those values:
///
/// - `UIColor.red.cgColor` (a named colour) → `CGColor(red: 1, green: 0, blue: 0, alpha: 1)`,
///   `UIColor.white.cgColor` → `CGColor(gray: 1, alpha: 1)`, with the components Apple's
///   documentation gives each (`orange` is 1, 0.5, 0; `darkGray` a gray of 1/3; `clear` a gray
///   of 0 with alpha 0); `UIColor.red.withAlphaComponent(0.5).cgColor` takes that alpha;
/// - `UIColor(red: r, green: g, blue: b, alpha: a).cgColor` → `CGColor(red: r, green: g,
///   blue: b, alpha: a)`, and `UIColor(white: w, alpha: a).cgColor` → `CGColor(gray: w, alpha: a)`
///   (`NSColor` alike);
/// - `UIBezierPath(rect: r).cgPath` → `CGPath(rect: r, transform: nil)`,
///   `UIBezierPath(ovalIn: r).cgPath` → `CGPath(ellipseIn: r, transform: nil)`, and
///   `UIBezierPath(roundedRect: r, cornerRadius: c).cgPath` → `CGPath(roundedRect: r,
///   cornerWidth: c, cornerHeight: c, transform: nil)` (circular corners, where UIKit's are
///   smoother: the change's reason says so);
/// - `UIBezierPath(arcCenter: c, radius: r, startAngle: s, endAngle: e, clockwise: cw).cgPath`
///   → a `CGMutablePath` with that arc, `clockwise` flipped (UIKit's is as the arc looks with y
///   down, Core Graphics' with y up).
///
/// - `[.foregroundColor: UIColor.white]` (and `.strokeColor`) → `[.foregroundColor: CGColor(gray: 1,
///   alpha: 1)]`: Core Text takes text colours as `CGColor`s.
///
/// Paths built step by step in a variable are `BezierPathBuilderRewriter`'s, fonts
/// `UIFontRewriter`'s.
///
/// Other uses (a `UIColor` kept in a variable, system colours, which change with the
/// appearance) are reported for a person.
final class UIKitValueRewriter: PortingPass {
    static let colorTypes: Set<String> = ["UIColor", "NSColor"]

    /// Apple's named colours: a gray level or red, green and blue (alpha 1 unless given).
    static let namedColors: [String: (components: [String], alpha: String)] = [
        "black": (["0"], "1"), "darkGray": (["1 / 3"], "1"), "lightGray": (["2 / 3"], "1"), "white": (["1"], "1"),
        "gray": (["0.5"], "1"), "clear": (["0"], "0"),
        "red": (["1", "0", "0"], "1"), "green": (["0", "1", "0"], "1"), "blue": (["0", "0", "1"], "1"),
        "cyan": (["0", "1", "1"], "1"), "yellow": (["1", "1", "0"], "1"), "magenta": (["1", "0", "1"], "1"),
        "orange": (["1", "0.5", "0"], "1"), "purple": (["0.5", "0", "0.5"], "1"), "brown": (["0.6", "0.4", "0.2"], "1"),
    ]

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let base = node.base, !node.isInAppleOnlyConditional else { return .visitChildren }
        let member = node.declName.baseName.text
        if member == "cgColor", let replacement = Self.color(base) {
            file.replace(
                node, with: replacement, kind: .uikitValue,
                reason: "UIKit and AppKit do not exist on Linux; the colour is written as the CGColor it makes")
            return .skipChildren
        }
        if member == "cgPath", let replacement = Self.path(base) {
            file.replace(
                node, with: replacement, kind: .uikitValue,
                reason: replacement.hasPrefix("CGPath(roundedRect:")
                    ? "UIKit does not exist on Linux; the rounded rectangle is written with circular corners, which UIKit's smoother corners leave by a fraction of a point"
                    : "UIKit and AppKit do not exist on Linux; the path is written as the CGPath it makes")
            return .skipChildren
        }
        return .visitChildren
    }

    /// Text attributes whose value Lamina's Core Text reads as a `CGColor` (UIKit's take a
    /// `UIColor`), by the spellings Apple code keys them with.
    static let colorAttributeKeys: Set<String> = [
        ".foregroundColor", ".strokeColor", "NSAttributedString.Key.foregroundColor", "NSAttributedString.Key.strokeColor",
        "NSForegroundColorAttributeName", "NSStrokeColorAttributeName",
    ]

    override func visit(_ node: DictionaryElementSyntax) -> SyntaxVisitorContinueKind {
        guard let replacement = Self.attributeColor(node), !node.isInAppleOnlyConditional else { return .visitChildren }
        file.replace(
            node.value, with: replacement, kind: .uikitValue,
            reason: "UIKit and AppKit do not exist on Linux; the text colour is written as the CGColor Core Text takes")
        return .skipChildren
    }

    /// The CGColor for a colour attribute's UIKit colour (`[.foregroundColor: UIColor.white]`),
    /// if the element is one this pass writes.
    static func attributeColor(_ element: DictionaryElementSyntax) -> String? {
        guard colorAttributeKeys.contains(element.key.trimmedDescription) else { return nil }
        return color(element.value)
    }

    /// Whether `node` (a use of a UIKit or AppKit type name) is inside a value this pass writes.
    static func isRewritten(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        var depth = 0
        while let parent = current, depth < 6 {
            if let declaration = parent.as(VariableDeclSyntax.self) {
                return BezierPathBuilderRewriter.builder(declaration) != nil
            }
            if let expression = parent.as(ExprSyntax.self), UIFontRewriter.font(expression) != nil { return true }
            if let element = parent.as(DictionaryElementSyntax.self), attributeColor(element) != nil { return true }
            if let access = parent.as(MemberAccessExprSyntax.self), let base = access.base {
                let member = access.declName.baseName.text
                if member == "cgColor", color(base) != nil { return true }
                if member == "cgPath", path(base) != nil { return true }
            }
            current = parent.parent
            depth += 1
        }
        return false
    }

    /// The CGColor initializer for a colour expression, if it is one this pass writes.
    static func color(_ expression: ExprSyntax) -> String? {
        // `UIColor.red`
        if let access = expression.as(MemberAccessExprSyntax.self), isColorType(access.base),
            let named = namedColors[access.declName.baseName.text]
        {
            return cgColor(named.components, alpha: named.alpha)
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        // `UIColor.red.withAlphaComponent(0.5)`
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.declName.baseName.text == "withAlphaComponent", call.arguments.count == 1,
            call.arguments.first?.label == nil, let alpha = call.arguments.first?.expression.trimmedDescription,
            let colorAccess = access.base?.as(MemberAccessExprSyntax.self), isColorType(colorAccess.base),
            let named = namedColors[colorAccess.declName.baseName.text]
        {
            return cgColor(named.components, alpha: alpha)
        }
        // `UIColor(red:green:blue:alpha:)`, `UIColor(white:alpha:)`
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), colorTypes.contains(callee.baseName.text)
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map(\.expression.trimmedDescription)
        switch labels {
        case ["red", "green", "blue", "alpha"]:
            return "CGColor(red: \(values[0]), green: \(values[1]), blue: \(values[2]), alpha: \(values[3]))"
        case ["white", "alpha"]:
            return "CGColor(gray: \(values[0]), alpha: \(values[1]))"
        default:
            return nil
        }
    }

    /// The CGPath initializer for a path expression, if it is one this pass writes.
    static func path(_ expression: ExprSyntax) -> String? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            ["UIBezierPath", "NSBezierPath"].contains(callee.baseName.text)
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let values = call.arguments.map(\.expression.trimmedDescription)
        if callee.baseName.text == "UIBezierPath", labels == ["arcCenter", "radius", "startAngle", "endAngle", "clockwise"],
            let arc = BezierPathBuilderRewriter.shape(of: call)
        {
            return "{ let arc = CGMutablePath(); arc.\(arc); return arc }()"
        }
        if callee.baseName.text == "UIBezierPath", labels == ["roundedRect", "cornerRadius"] {
            return "CGPath(roundedRect: \(values[0]), cornerWidth: \(values[1]), cornerHeight: \(values[1]), transform: nil)"
        }
        guard labels.count == 1, let label = labels.first else { return nil }
        let value = values[0]
        switch label {
        case "rect": return "CGPath(rect: \(value), transform: nil)"
        case "ovalIn": return "CGPath(ellipseIn: \(value), transform: nil)"
        default: return nil
        }
    }

    private static func isColorType(_ base: ExprSyntax?) -> Bool {
        guard let name = base?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return colorTypes.contains(name)
    }

    private static func cgColor(_ components: [String], alpha: String) -> String {
        components.count == 1
            ? "CGColor(gray: \(components[0]), alpha: \(alpha))"
            : "CGColor(red: \(components[0]), green: \(components[1]), blue: \(components[2]), alpha: \(alpha))"
    }
}
