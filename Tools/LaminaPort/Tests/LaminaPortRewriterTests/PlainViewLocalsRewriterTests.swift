import LaminaPortRewriter
import XCTest

final class PlainViewLocalsRewriterTests: XCTestCase {
    func testPlainViewsAFreeFunctionMakesAreTheLayersTheyHost() {
        // A listing's function that makes views only to show their layers (UIView's `layer`,
        // `backgroundColor` and `alpha` are its layer's background colour and opacity).
        let source = """
            import UIKit

            func roundedBadge() {
                let rect = CGRect(x: 0, y: 0, width: 40, height: 40)
                let badge = UIView(frame: rect) // the badge
                badge.backgroundColor = UIColor.orange
                badge.layer.cornerRadius = 20
                let dot: UIView = UIView()
                dot.frame = CGRect(x: 15, y: 15, width: 10, height: 10)
                dot.alpha = 0.5
                badge.addSubview(dot)
            } // a badge
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func roundedBadge() {
                let rect = CGRect(x: 0, y: 0, width: 40, height: 40)
                let badge = PlainViewLayer(frame: rect) // the badge
                badge.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
                badge.cornerRadius = 20
                let dot: PlainViewLayer = PlainViewLayer()
                dot.frame = CGRect(x: 15, y: 15, width: 10, height: 10)
                dot.opacity = Float(0.5)
                badge.addSublayer(dot)
            } // a badge

            /// UIKit's plain view, written as the layer it hosts: like a view's own layer, it does not
            /// animate changes to itself (UIKit's view, its delegate, gives it no action outside its
            /// animation blocks).
            private final class PlainViewLayer: CALayer {
                /// A layer with `frame` as its frame, as `UIView(frame:)` makes a view.
                convenience init(frame: CGRect) {
                    self.init()
                    self.frame = frame
                }

                override func action(forKey event: String) -> (any CAAction)? {
                    nil
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")

        // A label made there is a PlainLabelLayer, added once to the files.
        let labelled = Porter.port(source.replacingOccurrences(
            of: "    badge.addSubview(dot)\n", with: "    badge.addSubview(dot)\n    let count = UILabel()\n    count.text = \"3\"\n    badge.addSubview(count)\n"))
        XCTAssertTrue(labelled.ported.contains("let count = PlainLabelLayer()\n    count.text = \"3\"\n    badge.addSublayer(count)"), labelled.ported)
        XCTAssertTrue(labelled.ported.contains("class PlainLabelLayer: CALayer {"), labelled.ported)

        // A view handed on or returned, or used for a member its layer lacks, is left: the
        // function as it is, UIView reported.
        for changed in [
            source.replacingOccurrences(of: "func roundedBadge() {", with: "func roundedBadge() -> UIView {")
                .replacingOccurrences(of: "    badge.addSubview(dot)\n", with: "    badge.addSubview(dot)\n    return badge\n"),
            source.replacingOccurrences(of: "dot.alpha = 0.5", with: "dot.tag = 5"),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("let badge = UIView(frame: rect)"), left.ported)
            XCTAssertTrue(left.notes.map(\.construct).contains("UIView"), "\(left.notes)")
        }
    }
}
