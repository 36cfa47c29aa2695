import LaminaPortRewriter
import XCTest

final class PathConversionExtensionRewriterTests: XCTestCase {
    /// The element-walking conversion macOS code declares before AppKit had `cgPath`.
    static let conversion = """
        import AppKit

        extension NSBezierPath {
            var cgPathValue: CGPath {
                let path = CGMutablePath()
                var points = [CGPoint](repeating: .zero, count: 3)
                for i in 0..<elementCount {
                    switch element(at: i, associatedPoints: &points) {
                    case .moveTo: path.move(to: points[0])
                    case .lineTo: path.addLine(to: points[0])
                    case .curveTo: path.addCurve(to: points[2], control1: points[0], control2: points[1])
                    case .closePath: path.closeSubpath()
                    @unknown default: break
                    }
                }
                return path
            }

            func toCGPath() -> CGPath { cgPathValue }
        }

        """

    func testAPathsOwnConversionToCGPathGoesAndItsUsesAreThePath() {
        let uses = """
            func shapes(_ a: CAShapeLayer, _ b: CAShapeLayer, _ c: CAShapeLayer) {
                let ring = NSBezierPath(ovalIn: a.bounds)
                ring.line(to: .zero)
                a.path = ring.cgPathValue
                b.path = NSBezierPath(rect: b.bounds).cgPathValue
                let square = NSBezierPath()
                square.appendRect(c.bounds)
                c.path = square.toCGPath()
            }
            """
        let files = Porter(sources: [
            .init(path: "NSBezierPath+CGPath.swift", text: Self.conversion), .init(path: "Shapes.swift", text: uses),
        ], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, "import QuartzCore\n\n")
        XCTAssertEqual(files[1].ported, """
            func shapes(_ a: CAShapeLayer, _ b: CAShapeLayer, _ c: CAShapeLayer) {
                let ring = CGMutablePath()
                ring.addEllipse(in: a.bounds)
                ring.addLine(to: .zero)
                a.path = ring
                b.path = CGPath(rect: b.bounds, transform: nil)
                let square = CGMutablePath()
                square.addRect(c.bounds)
                c.path = square
            }
            """)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")
        let again = Porter(sources: files.map { .init(path: $0.path, text: $0.ported) }, addsMissingImports: false).port()
        XCTAssertEqual(again.map(\.ported), files.map(\.ported), "a second run changes nothing")
    }

    func testAnExtensionWithOtherMembersAndUsesOnOtherValuesAreLeft() {
        // A member that is not a conversion (a scale, a static path) keeps the extension, and a
        // conversion of a path the command does not write (returned by a function) stays.
        let source = """
            extension NSBezierPath {
                var cgPathValue: CGPath { CGMutablePath() }
                func scaled(by s: CGFloat) -> NSBezierPath { self }
            }
            func outline(_ layer: CAShapeLayer, from make: () -> NSBezierPath) {
                layer.path = make().cgPathValue
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source)
        XCTAssertEqual(ported.notes.map(\.line), [1], "NSBezierPath is reported where it is first used")
        let conversionOnly = "extension NSBezierPath {\n    var cgPathValue: CGPath { CGMutablePath() }\n}\nfunc f(_ p: NSBezierPath) -> CGPath { p.cgPathValue }\n"
        let kept = Porter.port(conversionOnly)
        XCTAssertEqual(kept.ported, "func f(_ p: NSBezierPath) -> CGPath { p.cgPathValue }\n")
        XCTAssertEqual(kept.notes.map(\.line), [4], "a path passed in is still reported")
    }
}
