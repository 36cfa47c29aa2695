import LaminaPortRewriter
import XCTest

/// A layer extension's static function making `Self`, which Swift makes only through a
/// `required` initializer: written to make the class, where it is only called on the class.
final class LayerFactoryRewriterTests: XCTestCase {
    private let shapes = Porter.Source(path: "Shapes.swift", text: """
        import QuartzCore

        extension CAShapeLayer {
            static func ring(radius: CGFloat) -> Self {
                let layer = self.init()
                layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2 * radius, height: 2 * radius), transform: nil)
                layer.fillColor = nil
                return layer
            }

            class func dot() -> Self {
                let dot = Self()
                dot.lineWidth = 0
                return dot
            }
        }
        """)

    func testAStaticFunctionMakingSelfCalledOnItsClassMakesTheClass() {
        let scene = Porter.Source(path: "Scene.swift", text: """
            import QuartzCore

            final class BadgeLayer: CALayer {
                func build() {
                    addSublayer(CAShapeLayer.ring(radius: 12))
                    addSublayer(CAShapeLayer.dot())
                }
            }
            """)
        let files = Porter(sources: [shapes, scene], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, """
            import QuartzCore

            extension CAShapeLayer {
                static func ring(radius: CGFloat) -> CAShapeLayer {
                    let layer = CAShapeLayer()
                    layer.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2 * radius, height: 2 * radius), transform: nil)
                    layer.fillColor = nil
                    return layer
                }

                class func dot() -> CAShapeLayer {
                    let dot = CAShapeLayer()
                    dot.lineWidth = 0
                    return dot
                }
            }
            """)
        XCTAssertEqual(files[1].ported, scene.text)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [])
        assertSecondRunChangesNothing(files)
    }

    func testOneCalledOnASubclassOrOnSelfIsLeft() {
        // On a subclass, Self is that subclass: making the class instead would change what the
        // call makes. Another type's member of the name (`Path.ring`) is not a call of it.
        let scene = Porter.Source(path: "Scene.swift", text: """
            import QuartzCore

            final class ProgressRing: CAShapeLayer {}
            enum Path { static func ring(radius: CGFloat) -> CGPath { CGMutablePath() } }

            func build(in host: CALayer) {
                host.addSublayer(ProgressRing.ring(radius: 12))
                host.addSublayer(CAShapeLayer.dot())
                _ = Path.ring(radius: 2)
            }
            """)
        let files = Porter(sources: [shapes, scene], addsMissingImports: false).port()
        XCTAssertTrue(files[0].ported.contains("    static func ring(radius: CGFloat) -> Self {\n        let layer = self.init()\n"), files[0].ported)
        XCTAssertTrue(files[0].ported.contains("    class func dot() -> CAShapeLayer {\n        let dot = CAShapeLayer()\n"), files[0].ported)

        let onSelf = Porter.Source(path: "Scene.swift", text: """
            import QuartzCore

            extension CAShapeLayer {
                static func twoRings() -> [CAShapeLayer] { [Self.ring(radius: 4), CAShapeLayer.ring(radius: 8)] }
            }
            """)
        let left = Porter(sources: [shapes, onSelf], addsMissingImports: false).port()
        XCTAssertTrue(left[0].ported.contains("-> Self {\n        let layer = self.init()\n"), left[0].ported)
    }
}
