import LaminaPortRewriter
import XCTest

final class PathPropertyRewriterTests: XCTestCase {
    func testAPathPropertyOnlyReadAsAPathHoldsTheCGPath() {
        let source = """
            import UIKit

            final class RingLayer: CAShapeLayer {
                private var ringPath: UIBezierPath = UIBezierPath()
                var hitPath: UIBezierPath? {
                    didSet { shadowPath = hitPath?.cgPath }
                }
                var outline = UIBezierPath(rect: .zero)

                override func layoutSublayers() {
                    super.layoutSublayers()
                    ringPath = UIBezierPath(ovalIn: bounds)
                    path = ringPath.cgPath
                    frame.size = ringPath.bounds.size
                    hitPath = UIBezierPath(roundedRect: bounds, cornerRadius: 4)
                    if hitPath?.isEmpty == true { hitPath = nil }
                    outline = UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2))
                    if let hit = hitPath, hit.contains(.zero) { opacity = 0.5 }
                    mask?.frame = outline.bounds
                }
            }

            func hits(_ ring: RingLayer, _ point: CGPoint) -> Bool {
                ring.hitPath?.contains(point) ?? false
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class RingLayer: CAShapeLayer {
                private var ringPath: CGPath = CGMutablePath()
                var hitPath: CGPath? {
                    didSet { shadowPath = hitPath }
                }
                var outline: CGPath = CGPath(rect: .zero, transform: nil)

                override func layoutSublayers() {
                    super.layoutSublayers()
                    ringPath = CGPath(ellipseIn: bounds, transform: nil)
                    path = ringPath
                    frame.size = ringPath.boundingBox.size
                    hitPath = CGPath(roundedRect: bounds, cornerWidth: 4, cornerHeight: 4, transform: nil)
                    if hitPath?.isEmpty == true { hitPath = nil }
                    outline = CGPath(ellipseIn: bounds.insetBy(dx: 2, dy: 2), transform: nil)
                    if let hit = hitPath, hit.contains(.zero) { opacity = 0.5 }
                    mask?.frame = outline.boundingBox
                }
            }

            func hits(_ ring: RingLayer, _ point: CGPoint) -> Bool {
                ring.hitPath?.contains(point) ?? false
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAPathPropertyChangedDrawnOrGivenAnotherPathIsLeftAndReported() {
        let changed = """
            final class TrailLayer: CAShapeLayer {
                var trail = UIBezierPath()
                func extend(to point: CGPoint) {
                    trail.addLine(to: point)
                    path = trail.cgPath
                }
            }
            """
        XCTAssertTrue(Porter.port(changed).ported.contains("var trail = UIBezierPath()"), Porter.port(changed).ported)
        XCTAssertEqual(Porter.port(changed).notes.map(\.construct), ["UIBezierPath"])
        let given = """
            final class TrailLayer: CAShapeLayer {
                var trail: UIBezierPath?
                func show(_ shape: UIBezierPath) {
                    trail = shape
                    path = trail?.cgPath
                }
            }
            """
        XCTAssertTrue(Porter.port(given).ported.contains("var trail: UIBezierPath?"), Porter.port(given).ported)
    }
}
