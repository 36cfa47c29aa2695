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

    func testAPathPropertyBuiltStepByStepHoldsACGMutablePathReadAsACopy() {
        // UIKit's cgPath is an immutable copy of the path as it is then: a layer given it keeps
        // that path when more is added later, so the CGMutablePath is read through copy().
        let source = """
            import UIKit

            final class TrailLayer: CAShapeLayer {
                var trail = UIBezierPath()
                var outline: UIBezierPath!

                func extend(to point: CGPoint) {
                    if trail.isEmpty { trail.move(to: .zero) }
                    trail.addLine(to: point)
                    path = trail.cgPath
                }

                func makeOutline() {
                    outline = UIBezierPath()
                    outline.move(to: CGPoint(x: 2, y: 0))
                    outline.addQuadCurve(to: CGPoint(x: 40, y: 0), controlPoint: CGPoint(x: 20, y: 20))
                    outline.addArc(withCenter: CGPoint(x: 20, y: 30), radius: 20, startAngle: 0, endAngle: .pi, clockwise: true)
                    outline.close()
                    shadowPath = self.outline.cgPath
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class TrailLayer: CAShapeLayer {
                var trail: CGMutablePath = CGMutablePath()
                var outline: CGMutablePath!

                func extend(to point: CGPoint) {
                    if trail.isEmpty { trail.move(to: .zero) }
                    trail.addLine(to: point)
                    path = trail.copy()!
                }

                func makeOutline() {
                    outline = CGMutablePath()
                    outline.move(to: CGPoint(x: 2, y: 0))
                    outline.addQuadCurve(to: CGPoint(x: 40, y: 0), control: CGPoint(x: 20, y: 20))
                    outline.addArc(center: CGPoint(x: 20, y: 30), radius: 20, startAngle: 0, endAngle: .pi, clockwise: false)
                    outline.closeSubpath()
                    shadowPath = self.outline.copy()!
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAPathPropertyChangedDrawnOrGivenAnotherPathIsLeftAndReported() {
        // Built in place, it must start empty each time: a CGMutablePath cannot hold a shape
        // written as an immutable CGPath.
        let changed = """
            final class TrailLayer: CAShapeLayer {
                var trail = UIBezierPath()
                func extend(to point: CGPoint) {
                    trail = UIBezierPath(ovalIn: bounds)
                    trail.addLine(to: point)
                    path = trail.cgPath
                }
            }
            """
        XCTAssertTrue(Porter.port(changed).ported.contains("var trail = UIBezierPath()"), Porter.port(changed).ported)
        XCTAssertEqual(Porter.port(changed).notes.map(\.construct), ["UIBezierPath"])
        let stroked = """
            final class TrailLayer: CAShapeLayer {
                var trail = UIBezierPath()
                func extend(to point: CGPoint) {
                    trail.addLine(to: point)
                    trail.stroke()
                }
            }
            """
        XCTAssertTrue(Porter.port(stroked).ported.contains("var trail = UIBezierPath()"), Porter.port(stroked).ported)
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
