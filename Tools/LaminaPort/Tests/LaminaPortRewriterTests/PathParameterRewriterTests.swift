import LaminaPortRewriter
import XCTest

final class PathParameterRewriterTests: XCTestCase {
    func testAPathParameterOnlyReadAsAPathTakesTheCGPathItsCallersPass() {
        let source = """
            func shapeLayer(with path: UIBezierPath) -> CAShapeLayer {
                let layer = CAShapeLayer()
                layer.path = path.cgPath
                layer.bounds = path.bounds
                if path.isEmpty || path.contains(.zero) { layer.opacity = 0.5 }
                return layer
            }

            func morph(_ layer: CAShapeLayer, from: UIBezierPath, to: UIBezierPath) {
                let animation = CABasicAnimation(keyPath: "path")
                animation.fromValue = from.cgPath
                animation.toValue = to.cgPath
                layer.add(animation, forKey: "morph")
                _ = shapeLayer(with: to)
            }

            func demo() -> CAShapeLayer {
                let circle = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40))
                let layer = shapeLayer(with: circle)
                morph(layer, from: circle, to: UIBezierPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40)))
                return layer
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func shapeLayer(with path: CGPath) -> CAShapeLayer {
                let layer = CAShapeLayer()
                layer.path = path
                layer.bounds = path.boundingBox
                if path.isEmpty || path.contains(.zero) { layer.opacity = 0.5 }
                return layer
            }

            func morph(_ layer: CAShapeLayer, from: CGPath, to: CGPath) {
                let animation = CABasicAnimation(keyPath: "path")
                animation.fromValue = from
                animation.toValue = to
                layer.add(animation, forKey: "morph")
                _ = shapeLayer(with: to)
            }

            func demo() -> CAShapeLayer {
                let circle = CGMutablePath()
                circle.addEllipse(in: CGRect(x: 0, y: 0, width: 40, height: 40))
                let layer = shapeLayer(with: circle)
                morph(layer, from: circle, to: CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil))
                return layer
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAPathParameterChangedOrDrawnOrPassedSomethingElseIsLeft() {
        // Stroked (UIKit's drawing), changed in place, or passed a path the command does not
        // write (a property kept as UIKit's path): each is left, with the path variable passed.
        let source = """
            func outline(_ path: UIBezierPath) { path.stroke() }
            func grow(path: UIBezierPath) -> CGPath {
                path.apply(CGAffineTransform(scaleX: 2, y: 2))
                return path.cgPath
            }
            final class Holder {
                var kept = UIBezierPath()
                func mask(with path: UIBezierPath) -> CGPath { path.cgPath }
                func use() -> CGPath { mask(with: kept) }
            }
            func demo() {
                let dot = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 4, height: 4))
                outline(dot)
                _ = grow(path: UIBezierPath(rect: .zero))
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.construct), ["UIBezierPath"])
    }
}
