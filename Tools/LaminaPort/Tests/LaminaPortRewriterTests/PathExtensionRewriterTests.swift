import LaminaPortRewriter
import XCTest

/// Extensions of `UIBezierPath` and `NSBezierPath` that make paths (convenience initializers
/// building one step by step, static functions returning one), written on `CGMutablePath` with
/// their uses across the ported files.
final class PathExtensionRewriterTests: XCTestCase {
    func testConvenienceInitializersBuildTheCGMutablePathAndTheirCallsInOtherFilesMakeIt() {
        let shapes = """
            import UIKit

            extension UIBezierPath {
                convenience init(heartIn rect: CGRect) {
                    self.init()
                    let radius = rect.width / 4
                    move(to: CGPoint(x: rect.midX, y: rect.maxY))
                    addArc(withCenter: CGPoint(x: rect.minX + radius, y: rect.minY + radius), radius: radius, startAngle: .pi, endAngle: 0, clockwise: true)
                    self.addArc(withCenter: CGPoint(x: rect.maxX - radius, y: rect.minY + radius), radius: radius, startAngle: .pi, endAngle: 0, clockwise: isUpright)
                    addQuadCurve(to: CGPoint(x: rect.midX, y: rect.maxY), controlPoint: CGPoint(x: rect.maxX, y: rect.midY))
                    close()
                }

                convenience init(polygonIn rect: CGRect, sides: Int = 6) {
                    self.init()
                    let bounds = rect.insetBy(dx: 1, dy: 1)
                    for i in 0..<sides {
                        let angle = CGFloat(i) * 2 * .pi / CGFloat(sides)
                        let point = CGPoint(x: bounds.midX + bounds.width / 2 * cos(angle), y: bounds.midY + bounds.height / 2 * sin(angle))
                        if i == 0 { move(to: point) } else { addLine(to: point) }
                    }
                    close()
                }

                convenience init(badgeIn rect: CGRect) {
                    self.init(ovalIn: rect)
                    append(UIBezierPath(rect: rect.insetBy(dx: 4, dy: 4)))
                    addCurve(to: currentPoint, controlPoint1: CGPoint(x: bounds.midX, y: 0), controlPoint2: .zero)
                }
            }

            """
        let layer = """
            import UIKit

            final class HeartLayer: CAShapeLayer {
                override func layoutSublayers() {
                    super.layoutSublayers()
                    path = UIBezierPath(heartIn: bounds).cgPath
                    let hex = UIBezierPath(polygonIn: bounds)
                    hex.append(UIBezierPath(badgeIn: bounds))
                    shadowPath = hex.cgPath
                }
            }

            """
        let ported = Porter(sources: [.init(path: "Shapes.swift", text: shapes), .init(path: "HeartLayer.swift", text: layer)], addsMissingImports: false).port()
        XCTAssertEqual(ported[0].ported, """
            import QuartzCore

            extension CGMutablePath {
                convenience init(heartIn rect: CGRect) {
                    self.init()
                    let radius = rect.width / 4
                    move(to: CGPoint(x: rect.midX, y: rect.maxY))
                    addArc(center: CGPoint(x: rect.minX + radius, y: rect.minY + radius), radius: radius, startAngle: .pi, endAngle: 0, clockwise: false)
                    self.addArc(center: CGPoint(x: rect.maxX - radius, y: rect.minY + radius), radius: radius, startAngle: .pi, endAngle: 0, clockwise: !isUpright)
                    addQuadCurve(to: CGPoint(x: rect.midX, y: rect.maxY), control: CGPoint(x: rect.maxX, y: rect.midY))
                    closeSubpath()
                }

                convenience init(polygonIn rect: CGRect, sides: Int = 6) {
                    self.init()
                    let bounds = rect.insetBy(dx: 1, dy: 1)
                    for i in 0..<sides {
                        let angle = CGFloat(i) * 2 * .pi / CGFloat(sides)
                        let point = CGPoint(x: bounds.midX + bounds.width / 2 * cos(angle), y: bounds.midY + bounds.height / 2 * sin(angle))
                        if i == 0 { move(to: point) } else { addLine(to: point) }
                    }
                    closeSubpath()
                }

                convenience init(badgeIn rect: CGRect) {
                    self.init()
                    addEllipse(in: rect)
                    addPath(CGPath(rect: rect.insetBy(dx: 4, dy: 4), transform: nil))
                    addCurve(to: currentPoint, control1: CGPoint(x: boundingBox.midX, y: 0), control2: .zero)
                }
            }

            """)
        XCTAssertEqual(ported[1].ported, """
            import QuartzCore

            final class HeartLayer: CAShapeLayer {
                override func layoutSublayers() {
                    super.layoutSublayers()
                    path = CGMutablePath(heartIn: bounds)
                    let hex = CGMutablePath(polygonIn: bounds)
                    hex.addPath(CGMutablePath(badgeIn: bounds))
                    shadowPath = hex
                }
            }

            """)
        XCTAssertEqual(ported.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing(ported)
    }

    func testStaticFunctionsOfAnAppKitPathExtensionAreCGMutablePaths() {
        let source = """
            import AppKit

            extension NSBezierPath {
                static func diamond(in rect: NSRect) -> NSBezierPath {
                    let path = NSBezierPath()
                    path.move(to: NSPoint(x: rect.midX, y: rect.minY))
                    path.line(to: NSPoint(x: rect.maxX, y: rect.midY))
                    path.line(to: NSPoint(x: rect.midX, y: rect.maxY))
                    path.close()
                    return path
                }
            }

            func mark(_ shape: CAShapeLayer) {
                shape.path = NSBezierPath.diamond(in: shape.bounds).cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CGMutablePath {
                static func diamond(in rect: NSRect) -> CGMutablePath {
                    let path = CGMutablePath()
                    path.move(to: NSPoint(x: rect.midX, y: rect.minY))
                    path.addLine(to: NSPoint(x: rect.maxX, y: rect.midY))
                    path.addLine(to: NSPoint(x: rect.midX, y: rect.maxY))
                    path.closeSubpath()
                    return path
                }
            }

            func mark(_ shape: CAShapeLayer) {
                shape.path = CGMutablePath.diamond(in: shape.bounds)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing([ported])
    }

    func testAStaticFunctionReturningSelfMadeWithSelfInitIsACGMutablePath() {
        // A macOS progress ring's path, as AppKit code writes it for subclasses: `-> Self`
        // made with `self.init()`. CGMutablePath is final, so Self is CGMutablePath itself.
        let source = """
            import AppKit

            extension NSBezierPath {
                static func progressCircle(radius: Double, center: CGPoint) -> Self {
                    let startAngle: CGFloat = 90
                    let path = self.init()
                    path.appendArc(withCenter: center, radius: CGFloat(radius), startAngle: startAngle, endAngle: startAngle - 360, clockwise: true)
                    return path
                }
            }

            final class RingLayer: CAShapeLayer {
                func reset(radius: Double) {
                    path = NSBezierPath.progressCircle(radius: radius, center: .zero).cgPath
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CGMutablePath {
                static func progressCircle(radius: Double, center: CGPoint) -> CGMutablePath {
                    let startAngle: CGFloat = 90
                    let path = CGMutablePath()
                    path.addArc(center: center, radius: CGFloat(radius), startAngle: startAngle * .pi / 180, endAngle: (startAngle - 360) * .pi / 180, clockwise: true)
                    return path
                }
            }

            final class RingLayer: CAShapeLayer {
                func reset(radius: Double) {
                    path = CGMutablePath.progressCircle(radius: radius, center: .zero)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing([ported])
        // `Self()` is the same; an instance method's `Self` is not a path this pass makes.
        let spelled = Porter.port(source.replacingOccurrences(of: "let path = self.init()", with: "let path = Self()"))
        XCTAssertTrue(spelled.ported.contains("        let path = CGMutablePath()\n"), spelled.ported)
        let instance = Porter.port(source.replacingOccurrences(of: "static func progressCircle", with: "func progressCircle"))
        XCTAssertTrue(instance.ported.contains("extension NSBezierPath {"), instance.ported)
    }

    func testAConversionToCGPathBesidePathMakingMembersGoesAndTheRestAreCGMutablePaths() {
        // macOS code before AppKit had `cgPath` carries the conversion in the same extension as
        // its helpers; a static function building a Core Graphics path of its own stays.
        let source = """
            import AppKit

            extension NSBezierPath {
                var cgPath: CGPath {
                    let path = CGMutablePath()
                    var points = [CGPoint](repeating: .zero, count: 3)
                    for index in 0..<elementCount {
                        switch element(at: index, associatedPoints: &points) {
                        case .moveTo: path.move(to: points[0])
                        case .lineTo: path.addLine(to: points[0])
                        case .curveTo: path.addCurve(to: points[2], control1: points[0], control2: points[1])
                        case .closePath: path.closeSubpath()
                        @unknown default: break
                        }
                    }
                    return path
                }

                convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
                    self.init(roundedRect: rect, xRadius: cornerRadius, yRadius: cornerRadius)
                }

                static func ring(radius: CGFloat, center: CGPoint) -> CGMutablePath {
                    let path = CGMutablePath()
                    path.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
                    return path
                }
            }

            func frame(_ shape: CAShapeLayer) {
                shape.path = NSBezierPath(roundedRect: shape.bounds, cornerRadius: 4).cgPath
                shape.mask = CAShapeLayer()
                (shape.mask as? CAShapeLayer)?.path = NSBezierPath.ring(radius: 8, center: .zero)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CGMutablePath {
                convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
                    self.init()
                    addRoundedRect(in: rect, cornerWidth: cornerRadius, cornerHeight: cornerRadius)
                }

                static func ring(radius: CGFloat, center: CGPoint) -> CGMutablePath {
                    let path = CGMutablePath()
                    path.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
                    return path
                }
            }

            func frame(_ shape: CAShapeLayer) {
                shape.path = CGMutablePath(roundedRect: shape.bounds, cornerRadius: 4)
                shape.mask = CAShapeLayer()
                (shape.mask as? CAShapeLayer)?.path = CGMutablePath.ring(radius: 8, center: .zero)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing([ported])
    }

    func testAnInitializersStrokeSettingsGoAndAreReported() {
        // UIKit's path keeps its line width and join for its own stroke() (UIBezierPath's
        // documentation); a CGPath keeps none, and a shape layer given the path's cgPath draws
        // with its own. The settings go, each reported, and the path is built as before.
        let source = """
            import UIKit

            extension UIBezierPath {
                convenience init(diamondIn rect: CGRect, lineWidth: CGFloat = 1) {
                    self.init()
                    move(to: CGPoint(x: rect.midX, y: rect.minY))
                    addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
                    addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
                    close()

                    self.lineWidth = lineWidth
                    lineJoinStyle = .round
                }
            }

            func outline(_ shape: CAShapeLayer) {
                shape.path = UIBezierPath(diamondIn: shape.bounds, lineWidth: 3).cgPath
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            extension CGMutablePath {
                convenience init(diamondIn rect: CGRect, lineWidth: CGFloat = 1) {
                    self.init()
                    move(to: CGPoint(x: rect.midX, y: rect.minY))
                    addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
                    addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
                    closeSubpath()
                }
            }

            func outline(_ shape: CAShapeLayer) {
                shape.path = CGMutablePath(diamondIn: shape.bounds, lineWidth: 3)
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["self.lineWidth = lineWidth", "lineJoinStyle = .round"])
        assertSecondRunChangesNothing([ported])
    }

    func testAnExtensionWithAMemberTheCommandCannotWriteIsLeftWithItsUses() {
        // An instance method and a transform in place leave the whole extension.
        for member in [
            "func addCross(at p: CGPoint) { move(to: p) }",
            "convenience init(tiltedIn rect: CGRect) { self.init(rect: rect); apply(CGAffineTransform(rotationAngle: 0.1)) }",
            "convenience init?(name: String) { self.init() }",
        ] {
            let source = """
                import UIKit

                extension UIBezierPath {
                    \(member)
                    convenience init(dotIn rect: CGRect) {
                        self.init(ovalIn: rect)
                    }
                }

                func dot(_ shape: CAShapeLayer) {
                    shape.path = UIBezierPath(dotIn: shape.bounds).cgPath
                }
                """
            let ported = Porter.port(source)
            XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"), member)
            XCTAssertEqual(ported.notes.map(\.construct), ["UIBezierPath"], member)
        }
    }
}
