import LaminaPortRewriter
import XCTest

final class RectCornerParameterRewriterTests: XCTestCase {
    /// The rounded rectangle `RoundedCornersPath` writes, each corner chosen by `mask` as the
    /// path is made, its lines indented for a statement at `indentation`.
    private func path(rect: String, radii: String, mask: String, indentation: String) -> String {
        let near = "0.447715"
        func corner(_ member: String, _ round: [String], _ square: String) -> [String] {
            ["if \(mask).contains(.\(member)) {"] + round.map { "    " + $0 } + ["} else {", "    " + square, "}"]
        }
        let lines =
            [
                "let rect = \(rect), radii = \(radii), rounded = CGMutablePath()",
                "let rx = min(radii.width, rect.width / 2), ry = min(radii.height, rect.height / 2)",
                "rounded.move(to: CGPoint(x: rect.minX + (\(mask).contains(.layerMinXMinYCorner) ? rx : 0), y: rect.minY))",
            ]
            + corner(
                "layerMaxXMinYCorner",
                [
                    "rounded.addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY))",
                    "rounded.addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + ry), control1: CGPoint(x: rect.maxX - rx * \(near), y: rect.minY), control2: CGPoint(x: rect.maxX, y: rect.minY + ry * \(near)))",
                ], "rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))")
            + corner(
                "layerMaxXMaxYCorner",
                [
                    "rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))",
                    "rounded.addCurve(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - ry * \(near)), control2: CGPoint(x: rect.maxX - rx * \(near), y: rect.maxY))",
                ], "rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))")
            + corner(
                "layerMinXMaxYCorner",
                [
                    "rounded.addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY))",
                    "rounded.addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - ry), control1: CGPoint(x: rect.minX + rx * \(near), y: rect.maxY), control2: CGPoint(x: rect.minX, y: rect.maxY - ry * \(near)))",
                ], "rounded.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))")
            + corner(
                "layerMinXMinYCorner",
                [
                    "rounded.addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))",
                    "rounded.addCurve(to: CGPoint(x: rect.minX + rx, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + ry * \(near)), control2: CGPoint(x: rect.minX + rx * \(near), y: rect.minY))",
                ], "rounded.addLine(to: CGPoint(x: rect.minX, y: rect.minY))")
            + ["rounded.closeSubpath()", "return rounded"]
        return "{\n" + lines.map { "\(indentation)    \($0)\n" }.joined() + "\(indentation)}()"
    }

    func testACornerParameterChoosingARoundedRectanglesCornersTakesTheCornerMask() {
        // In a y-down layer, as UIKit's, top-left is .layerMinXMinYCorner (Apple's maskedCorners
        // documentation); each corner is rounded where the mask holds it, as UIKit rounds those
        // the UIRectCorner holds.
        let source = """
            import UIKit

            extension CALayer {
                func roundCorners(_ corners: UIRectCorner, radius: CGFloat) {
                    let shape = CAShapeLayer()
                    shape.path = UIBezierPath(roundedRect: bounds, byRoundingCorners: corners, cornerRadii: CGSize(width: radius, height: radius)).cgPath
                    mask = shape
                }

                func roundTop(radius: CGFloat) { roundCorners([.topLeft, .topRight], radius: radius) }
            }

            func card() -> CALayer {
                let layer = CALayer()
                layer.roundCorners(.allCorners, radius: 12)
                layer.roundCorners(UIRectCorner.bottomRight, radius: 4)
                return layer
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CALayer {
                func roundCorners(_ corners: CACornerMask, radius: CGFloat) {
                    let shape = CAShapeLayer()
                    shape.path = \(path(rect: "bounds", radii: "CGSize(width: radius, height: radius)", mask: "corners", indentation: "        "))
                    mask = shape
                }

                func roundTop(radius: CGFloat) { roundCorners([.layerMinXMinYCorner, .layerMaxXMinYCorner], radius: radius) }
            }

            func card() -> CALayer {
                let layer = CALayer()
                layer.roundCorners([.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner], radius: 12)
                layer.roundCorners([.layerMaxXMaxYCorner], radius: 4)
                return layer
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testACornerParameterPassedOnForAnotherIsWrittenWithIt() {
        let source = """
            import UIKit

            final class Card: CALayer {
                func outline(_ corners: UIRectCorner) -> CGPath {
                    UIBezierPath(roundedRect: bounds, byRoundingCorners: corners, cornerRadii: CGSize(width: 8, height: 8)).cgPath
                }
                func border(_ corners: UIRectCorner) {
                    shadowPath = outline(corners)
                }
                func show() { border([.bottomLeft]) }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("func outline(_ corners: CACornerMask) -> CGPath {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("func border(_ corners: CACornerMask) {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("func show() { border([.layerMinXMaxYCorner]) }"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testACornerParameterUsedOtherwiseOrPassedCornersWorkedOutIsLeft() {
        let source = """
            import UIKit

            final class Card: CALayer {
                func outline(_ corners: UIRectCorner) -> CGPath {
                    if corners.contains(.topLeft) { cornerRadius = 0 }
                    return UIBezierPath(roundedRect: bounds, byRoundingCorners: corners, cornerRadii: CGSize(width: 8, height: 8)).cgPath
                }
                func clip(_ corners: UIRectCorner) -> CGPath {
                    UIBezierPath(roundedRect: bounds, byRoundingCorners: corners, cornerRadii: CGSize(width: 8, height: 8)).cgPath
                }
                func show(flag: Bool) { shadowPath = clip(flag ? .topLeft : .topRight) }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("func outline(_ corners: UIRectCorner) -> CGPath {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("func clip(_ corners: UIRectCorner) -> CGPath {"), ported.ported)
        XCTAssertTrue(ported.notes.map(\.construct).contains("UIRectCorner"))
    }

    func testACornerPropertyThatOnlyChoosesARoundedRectanglesCornersHoldsTheMask() {
        let source = """
            import UIKit

            final class TabLayer: CAShapeLayer {
                var corners: UIRectCorner = .allCorners {
                    didSet { setNeedsLayout() }
                }
                override init() { super.init() }
                override init(layer: Any) {
                    super.init(layer: layer)
                    if let other = layer as? TabLayer { corners = other.corners }
                }
                required init?(coder: NSCoder) { fatalError() }
                override func layoutSublayers() {
                    super.layoutSublayers()
                    path = UIBezierPath(roundedRect: bounds, byRoundingCorners: corners, cornerRadii: CGSize(width: 6, height: 6)).cgPath
                }
            }

            func makeTab() -> TabLayer {
                let tab = TabLayer()
                tab.corners = [.topLeft, UIRectCorner.topRight]
                return tab
            }
            """
        let ported = Porter.port(source, path: "Tab.swift")
        // Top-left is .layerMinXMinYCorner in a y-down layer: Apple's documentation of maskedCorners.
        XCTAssertTrue(
            ported.ported.contains(
                "var corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] {"),
            ported.ported)
        XCTAssertTrue(ported.ported.contains("tab.corners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]"), ported.ported)
        XCTAssertTrue(ported.ported.contains("if let other = layer as? TabLayer { corners = other.corners }"), ported.ported)
        // Each corner of the path is rounded where the mask holds it.
        for corner in ["layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"] {
            XCTAssertTrue(ported.ported.contains("if corners.contains(.\(corner)) {"), corner)
        }
        XCTAssertFalse(ported.ported.contains("UIBezierPath"), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIRectCorner"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testACornerPropertyReadOtherwiseOrGivenCornersWorkedOutIsLeft() {
        let source = """
            import UIKit

            final class TabLayer: CAShapeLayer {
                var corners: UIRectCorner = .allCorners
                var flipped = false
                override func layoutSublayers() {
                    super.layoutSublayers()
                    if corners.contains(.topLeft) { cornerRadius = 0 }
                    path = UIBezierPath(roundedRect: bounds, byRoundingCorners: corners, cornerRadii: CGSize(width: 6, height: 6)).cgPath
                }
            }

            final class SideLayer: CAShapeLayer {
                var side: UIRectCorner = .topLeft
                func flip(_ up: Bool) {
                    side = up ? .topLeft : .bottomLeft
                    path = UIBezierPath(roundedRect: bounds, byRoundingCorners: side, cornerRadii: CGSize(width: 6, height: 6)).cgPath
                }
            }
            """
        let ported = Porter.port(source, path: "Tab.swift")
        XCTAssertTrue(ported.ported.contains("var corners: UIRectCorner = .allCorners"), ported.ported)
        XCTAssertTrue(ported.ported.contains("var side: UIRectCorner = .topLeft"), ported.ported)
        XCTAssertTrue(ported.ported.contains("side = up ? .topLeft : .bottomLeft"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIRectCorner", "UIBezierPath"])
    }
}
