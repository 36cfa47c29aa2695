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

    func testSwift4sInsetFunctionsAreWrittenAsTheirSwift42Counterparts() {
        // `UIEdgeInsetsMake(top, left, bottom, right)` and `UIEdgeInsetsInsetRect(rect, insets)`,
        // which Apple's SDKs now mark unavailable: the same insets and rectangle.
        let source = """
            import UIKit

            func place(_ ring: CALayer, in host: CALayer, inset it: CGFloat) {
                ring.frame = UIEdgeInsetsInsetRect(host.bounds, UIEdgeInsetsMake(1, 2, 3, 4))
                let padding = UIEdgeInsetsMake(it, it, it, it)
                ring.mask?.frame = UIEdgeInsetsInsetRect(host.bounds, padding)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func place(_ ring: CALayer, in host: CALayer, inset it: CGFloat) {
                ring.frame = \(insetting)(host.bounds, 1, 2, 3, 4)
                let padding: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) = (top: it, left: it, bottom: it, right: it)
                ring.mask?.frame = \(insetting)(host.bounds, padding.top, padding.left, padding.bottom, padding.right)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testInsetsKeptInANameAreATupleOfTheirSides() {
        let source = """
            import UIKit

            final class PaddedLayer: CALayer {
                var insets = UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8) { didSet { setNeedsLayout() } }
                private var extra: UIEdgeInsets = .zero
                let content = CALayer()

                override func layoutSublayers() {
                    super.layoutSublayers()
                    content.frame = bounds.inset(by: insets)
                    extra = .init(top: 1, left: 2, bottom: 3, right: 4)
                    extra.left += insets.left
                }

                func width(for text: CGFloat) -> CGFloat {
                    let margins = UIEdgeInsets(top: 0, left: 6, bottom: 0, right: 6)
                    return text + margins.left + margins.right + extra.left
                }
            }
            """
        let ported = Porter.port(source)
        let tuple = "(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat)"
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class PaddedLayer: CALayer {
                var insets: \(tuple) = (top: 4, left: 8, bottom: 4, right: 8) { didSet { setNeedsLayout() } }
                private var extra: \(tuple) = (top: 0, left: 0, bottom: 0, right: 0)
                let content = CALayer()

                override func layoutSublayers() {
                    super.layoutSublayers()
                    content.frame = \(insetting)(bounds, insets.top, insets.left, insets.bottom, insets.right)
                    extra = (top: 1, left: 2, bottom: 3, right: 4)
                    extra.left += insets.left
                }

                func width(for text: CGFloat) -> CGFloat {
                    let margins: \(tuple) = (top: 0, left: 6, bottom: 0, right: 6)
                    return text + margins.left + margins.right + extra.left
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testInsetsCopiedForAPresentationCopyFallBackOnTheTupleOfZeros() {
        let source = """
            final class PaddedLayer: CALayer {
                var padding = UIEdgeInsets(top: 6, left: 10, bottom: 6, right: 10)
                required init(layer: Any) {
                    super.init(layer: layer)
                    padding = (layer as? PaddedLayer)?.padding ?? .zero
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class PaddedLayer: CALayer {
                var padding: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) = (top: 6, left: 10, bottom: 6, right: 10)
                required init(layer: Any) {
                    super.init(layer: layer)
                    padding = (layer as? PaddedLayer)?.padding ?? (top: 0, left: 0, bottom: 0, right: 0)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testInsetsPassedOnOrZeroInPlaceAreLeft() {
        for source in [
            "import UIKit\nlet insets = UIEdgeInsets(top: 1, left: 1, bottom: 1, right: 1)\nlayout(insets)\n",
            "import UIKit\nlet r = bounds.inset(by: UIEdgeInsets.zero)\n",
        ] {
            let ported = Porter.port(source)
            XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
            XCTAssertEqual(ported.notes.map(\.construct), ["UIEdgeInsets"])
        }
    }
}
