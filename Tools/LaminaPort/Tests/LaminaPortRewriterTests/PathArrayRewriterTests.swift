import LaminaPortRewriter
import XCTest

final class PathArrayRewriterTests: XCTestCase {
    func testALocalArrayOfShapesReadForItsCGPathsHoldsTheCGPaths() {
        let source = """
            import UIKit

            func morph(_ layer: CAShapeLayer, in rect: CGRect) {
                let shapes = [
                    UIBezierPath(ovalIn: rect),
                    UIBezierPath(rect: rect),
                ]
                layer.path = shapes.first?.cgPath
                layer.shadowPath = shapes[1].cgPath
                let animation = CAKeyframeAnimation(keyPath: "path")
                animation.values = shapes.map { $0.cgPath }
                animation.keyTimes = shapes.indices.map { NSNumber(value: Double($0) / Double(shapes.count - 1)) }
                for shape in shapes {
                    let outline = CAShapeLayer()
                    outline.path = shape.cgPath
                    outline.frame = shape.bounds
                    layer.addSublayer(outline)
                }
                layer.add(animation, forKey: "morph")
            }
            """
        let ported = Porter.port(source, path: "Morph.swift")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func morph(_ layer: CAShapeLayer, in rect: CGRect) {
                let shapes = [
                    CGPath(ellipseIn: rect, transform: nil),
                    CGPath(rect: rect, transform: nil),
                ]
                layer.path = shapes.first
                layer.shadowPath = shapes[1]
                let animation = CAKeyframeAnimation(keyPath: "path")
                animation.values = shapes
                animation.keyTimes = shapes.indices.map { NSNumber(value: Double($0) / Double(shapes.count - 1)) }
                for shape in shapes {
                    let outline = CAShapeLayer()
                    outline.path = shape
                    outline.frame = shape.boundingBox
                    layer.addSublayer(outline)
                }
                layer.add(animation, forKey: "morph")
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAPropertyArrayOfShapesGivenAndAppendedShapesHoldsTheCGPaths() {
        let source = """
            final class BlobLayer: CAShapeLayer {
                private var shapes: [UIBezierPath] = []

                override init(layer: Any) {
                    super.init(layer: layer)
                    shapes = (layer as? BlobLayer)?.shapes ?? []
                }

                func setUp(in rect: CGRect) {
                    shapes = [UIBezierPath(ovalIn: rect), UIBezierPath(roundedRect: rect, cornerRadius: 8)]
                    shapes.append(UIBezierPath(rect: rect))
                    path = shapes.last!.cgPath
                    let animation = CAKeyframeAnimation(keyPath: "path")
                    animation.values = shapes.map(\\.cgPath)
                    add(animation, forKey: nil)
                }
            }
            """
        let ported = Porter.port(source, path: "Blob.swift")
        XCTAssertEqual(ported.ported, """
            final class BlobLayer: CAShapeLayer {
                private var shapes: [CGPath] = []

                required init(layer: Any) {
                    super.init(layer: layer)
                    shapes = (layer as? BlobLayer)?.shapes ?? []
                }

                func setUp(in rect: CGRect) {
                    shapes = [CGPath(ellipseIn: rect, transform: nil), CGPath(roundedRect: rect, cornerWidth: 8, cornerHeight: 8, transform: nil)]
                    shapes.append(CGPath(rect: rect, transform: nil))
                    path = shapes.last!
                    let animation = CAKeyframeAnimation(keyPath: "path")
                    animation.values = shapes
                    add(animation, forKey: nil)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnArrayGivenAnotherPathOrUsedOtherwiseIsLeft() {
        // An element that is not a shape made in place, or an element filled (which needs a
        // current context), leaves the array.
        for source in [
            "let shapes = [UIBezierPath(ovalIn: r), custom]\nlayer.path = shapes[0].cgPath\n",
            "let shapes = [UIBezierPath(ovalIn: r)]\nshapes[0].fill()\n",
            "let shapes = [UIBezierPath(ovalIn: r)]\nstyle(shapes)\n",
        ] {
            let ported = Porter.port(source, path: "Left.swift")
            XCTAssertEqual(ported.ported, source)
            XCTAssertEqual(ported.notes.map(\.construct), ["UIBezierPath"], source)
        }
    }
}
