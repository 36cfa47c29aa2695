import SwiftSyntax

/// UIKit's `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` written as the Core
/// Graphics path it makes, for corners the source names (`[.topLeft, .topRight]`,
/// `.allCorners`, `UIRectCorner.bottomLeft`).
///
/// Apple's documentation: each rounded corner is a quarter of an oval `cornerRadii` wide and
/// high, clamped to half the rectangle's width and height. The path starts on the top edge
/// after the top-left corner and goes round as the corners look in UIKit's y-down space:
/// top-right, bottom-right, bottom-left, top-left. Each quarter oval is the cubic Bézier
/// curve that approximates it (control points 0.552285 of the radius from the ends), so a
/// corner is circular where the radii are equal; UIKit's own corners are smoother by a
/// fraction of a point, as for `UIBezierPath(roundedRect:cornerRadius:)`.
enum RoundedCornersPath {
    /// UIRectCorner's members, in the order the path rounds them.
    static let corners = ["topRight", "bottomRight", "bottomLeft", "topLeft"]

    /// The path as a Swift expression (an immediately applied closure, its lines indented
    /// four spaces more than the statement it is in), or nil when the call
    /// is not that initializer or its corners are not named in the source.
    static func code(_ call: FunctionCallExprSyntax) -> String? {
        guard call.arguments.map({ $0.label?.text ?? "_" }) == ["roundedRect", "byRoundingCorners", "cornerRadii"] else {
            return nil
        }
        let arguments = Array(call.arguments)
        guard let roundedCorners = cornerNames(arguments[1].expression) else { return nil }
        let rect = arguments[0].expression.trimmedDescription
        let radii = arguments[2].expression.trimmedDescription
        // How far a control point sits from its corner, as a share of the radius: 1 − 0.552285.
        let near = "0.447715"
        let indentation = call.statementIndentation
        var statements = [
            "let rect = \(rect), radii = \(radii), rounded = CGMutablePath()",
            "let rx = min(radii.width, rect.width / 2), ry = min(radii.height, rect.height / 2)",
            "rounded.move(to: CGPoint(x: rect.minX\(roundedCorners.contains("topLeft") ? " + rx" : ""), y: rect.minY))",
        ]
        for corner in corners {
            guard roundedCorners.contains(corner) else {
                let x = corner.hasSuffix("Right") ? "rect.maxX" : "rect.minX"
                let y = corner.hasPrefix("top") ? "rect.minY" : "rect.maxY"
                statements.append("rounded.addLine(to: CGPoint(x: \(x), y: \(y)))")
                continue
            }
            switch corner {
            case "topRight":
                statements.append("rounded.addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY))")
                statements.append(
                    "rounded.addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + ry), control1: CGPoint(x: rect.maxX - rx * \(near), y: rect.minY), control2: CGPoint(x: rect.maxX, y: rect.minY + ry * \(near)))")
            case "bottomRight":
                statements.append("rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))")
                statements.append(
                    "rounded.addCurve(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - ry * \(near)), control2: CGPoint(x: rect.maxX - rx * \(near), y: rect.maxY))")
            case "bottomLeft":
                statements.append("rounded.addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY))")
                statements.append(
                    "rounded.addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - ry), control1: CGPoint(x: rect.minX + rx * \(near), y: rect.maxY), control2: CGPoint(x: rect.minX, y: rect.maxY - ry * \(near)))")
            default:
                statements.append("rounded.addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))")
                statements.append(
                    "rounded.addCurve(to: CGPoint(x: rect.minX + rx, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + ry * \(near)), control2: CGPoint(x: rect.minX + rx * \(near), y: rect.minY))")
            }
        }
        statements.append("rounded.closeSubpath()")
        statements.append("return rounded")
        return "{\n" + statements.map { "\(indentation)    \($0)\n" }.joined() + "\(indentation)}()"
    }

    /// The corners an option set names (`[.topLeft, .topRight]`, `.allCorners`,
    /// `UIRectCorner.bottomLeft`), or nil for one computed at run time.
    static func cornerNames(_ expression: ExprSyntax) -> Set<String>? {
        let elements: [ExprSyntax]
        if let array = expression.as(ArrayExprSyntax.self) {
            elements = array.elements.map(\.expression)
        } else {
            elements = [expression]
        }
        var names = Set<String>()
        for element in elements {
            guard let access = element.as(MemberAccessExprSyntax.self),
                access.base == nil || access.base?.trimmedDescription == "UIRectCorner"
            else { return nil }
            let name = access.declName.baseName.text
            if name == "allCorners" {
                names.formUnion(corners)
            } else if corners.contains(name) {
                names.insert(name)
            } else {
                return nil
            }
        }
        return names
    }
}
