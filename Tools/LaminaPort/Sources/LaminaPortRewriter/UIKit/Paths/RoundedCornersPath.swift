import SwiftSyntax

/// UIKit's `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` written as the Core
/// Graphics path it makes, for corners the source names (`[.topLeft, .topRight]`,
/// `.allCorners`, `UIRectCorner.bottomLeft`), or a corner parameter or property that holds a
/// `CACornerMask` (``RectCornerParameterRewriter``, ``RectCornerPropertyRewriter``), each
/// corner rounded where it holds it.
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
    /// is not that initializer or its corners are neither named in the source nor a corner
    /// parameter the command writes.
    static func code(_ call: FunctionCallExprSyntax) -> String? {
        guard call.arguments.map({ $0.label?.text ?? "_" }) == ["roundedRect", "byRoundingCorners", "cornerRadii"] else {
            return nil
        }
        let arguments = Array(call.arguments)
        // The corners named, or (`mask`) a corner parameter written as a CACornerMask, whose
        // corners are chosen as the path is made.
        let named = cornerNames(arguments[1].expression)
        let chosen = arguments[1].expression
        let mask = named == nil && (RectCornerParameterRewriter.isWrittenParameter(chosen) || RectCornerPropertyRewriter.isWrittenProperty(chosen))
            ? chosen.trimmedDescription : nil
        guard named != nil || mask != nil else { return nil }
        let roundedCorners = named ?? []
        let rect = arguments[0].expression.trimmedDescription
        let radii = arguments[2].expression.trimmedDescription
        // How far a control point sits from its corner, as a share of the radius: 1 − 0.552285.
        let near = "0.447715"
        let indentation = call.statementIndentation
        let topLeftInset = mask.map { " + (\($0).contains(.\(RectCornerParameterRewriter.maskCorners["topLeft"]!)) ? rx : 0)" }
            ?? (roundedCorners.contains("topLeft") ? " + rx" : "")
        var statements = [
            "let rect = \(rect), radii = \(radii), rounded = CGMutablePath()",
            "let rx = min(radii.width, rect.width / 2), ry = min(radii.height, rect.height / 2)",
            "rounded.move(to: CGPoint(x: rect.minX\(topLeftInset), y: rect.minY))",
        ]
        for corner in corners {
            let x = corner.hasSuffix("Right") ? "rect.maxX" : "rect.minX"
            let y = corner.hasPrefix("top") ? "rect.minY" : "rect.maxY"
            let square = "rounded.addLine(to: CGPoint(x: \(x), y: \(y)))"
            let round: [String]
            switch corner {
            case "topRight":
                round = [
                    "rounded.addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY))",
                    "rounded.addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + ry), control1: CGPoint(x: rect.maxX - rx * \(near), y: rect.minY), control2: CGPoint(x: rect.maxX, y: rect.minY + ry * \(near)))",
                ]
            case "bottomRight":
                round = [
                    "rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))",
                    "rounded.addCurve(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - ry * \(near)), control2: CGPoint(x: rect.maxX - rx * \(near), y: rect.maxY))",
                ]
            case "bottomLeft":
                round = [
                    "rounded.addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY))",
                    "rounded.addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - ry), control1: CGPoint(x: rect.minX + rx * \(near), y: rect.maxY), control2: CGPoint(x: rect.minX, y: rect.maxY - ry * \(near)))",
                ]
            default:
                round = [
                    "rounded.addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))",
                    "rounded.addCurve(to: CGPoint(x: rect.minX + rx, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + ry * \(near)), control2: CGPoint(x: rect.minX + rx * \(near), y: rect.minY))",
                ]
            }
            if let mask, let member = RectCornerParameterRewriter.maskCorners[corner] {
                statements.append("if \(mask).contains(.\(member)) {")
                statements += round.map { "    " + $0 }
                statements += ["} else {", "    " + square, "}"]
            } else {
                statements += roundedCorners.contains(corner) ? round : [square]
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
