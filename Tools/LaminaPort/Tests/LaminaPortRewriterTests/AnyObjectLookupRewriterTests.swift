import LaminaPortRewriter
import XCTest

final class AnyObjectLookupRewriterTests: XCTestCase {
    func testAPropertyLookedUpOnAnyObjectIsReadThroughACastToTheTypeAroundIt() {
        // Swift on Linux has no member lookup on AnyObject (it needs the Objective-C runtime).
        let source = """
            final class SliceLayer: CALayer {
                @NSManaged var endAngle: CGFloat
                var ink: UIColor = .black
                var width: CGFloat = 2

                override init(layer: Any) {
                    super.init(layer: layer)
                    if layer is SliceLayer {
                        endAngle = (layer as AnyObject).endAngle
                        ink = (layer as AnyObject).ink
                        width = (layer as AnyObject).width
                    }
                }

                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(ink.cgColor)
                    ctx.setLineWidth(width)
                }
            }
            """
        let ported = Porter.port(source, path: "SliceLayer.swift")
        XCTAssertEqual(ported.ported, """
            final class SliceLayer: CALayer {
                @CAManaged("endAngle") var endAngle: CGFloat = 0
                var ink: CGColor = CGColor(gray: 0, alpha: 1)
                var width: CGFloat = 2

                required init(layer: Any) {
                    super.init(layer: layer)
                    if layer is SliceLayer {
                        endAngle = (layer as! SliceLayer).endAngle
                        ink = (layer as! SliceLayer).ink
                        width = (layer as! SliceLayer).width
                    }
                }

                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(ink)
                    ctx.setLineWidth(width)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAMethodOrAnotherTypesMemberLookedUpOnAnyObjectIsLeft() {
        let source = """
            final class Ring: CALayer {
                var width: CGFloat = 2
                func copyFrom(_ other: Any) {
                    (other as AnyObject).removeAllAnimations()
                    width = (other as AnyObject).lineWidth
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.line), [4, 5], "each lookup is reported")
        XCTAssertTrue(ported.notes.allSatisfy { $0.why.contains("AnyObject") }, "\(ported.notes)")
    }
}
