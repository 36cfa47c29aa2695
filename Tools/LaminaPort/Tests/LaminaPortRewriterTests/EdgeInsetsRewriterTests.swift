import LaminaPortRewriter
import XCTest

/// `rect.inset(by: UIEdgeInsets(top:left:bottom:right:))` is the rectangle UIKit's
/// `UIEdgeInsetsInsetRect` makes.
final class EdgeInsetsRewriterTests: XCTestCase {
    private let insetting = "{ (rect: CGRect, top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) -> CGRect in CGRect(x: rect.origin.x + left, y: rect.origin.y + top, width: rect.size.width - left - right, height: rect.size.height - top - bottom) }"

    func testInsetsMadeInPlaceBecomeTheRectangleUIKitMakes() {
        let source = """
            import UIKit

            func place(_ plot: CALayer, in host: CALayer, margin: CGFloat) {
                plot.frame = host.bounds.inset(by: UIEdgeInsets(top: 8, left: margin, bottom: 8 * 2, right: margin))
                plot.mask?.frame = UIBezierPath(rect: host.bounds).bounds.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func place(_ plot: CALayer, in host: CALayer, margin: CGFloat) {
                plot.frame = \(insetting)(host.bounds, 8, margin, 8 * 2, margin)
                plot.mask?.frame = \(insetting)(UIBezierPath(rect: host.bounds).bounds, 1, 2, 3, 4)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIBezierPath"], "only the path used for its bounds is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testInsetsKeptInANameOrZeroAreLeft() {
        for source in [
            "import UIKit\nlet insets = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)\nlet r = bounds.inset(by: insets)\n",
            "import UIKit\nlet r = bounds.inset(by: UIEdgeInsets.zero)\n",
        ] {
            let ported = Porter.port(source)
            XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
            XCTAssertEqual(ported.notes.map(\.construct), ["UIEdgeInsets"])
        }
    }
}
