import LaminaPortRewriter
import XCTest

/// Functions and computed properties that make a `UIBezierPath` and return it, written to
/// return the Core Graphics path, with every use of them across the ported files.
final class PathFunctionRewriterTests: XCTestCase {
    func testAFunctionBuildingAPathReturnsItsCGMutablePathAndItsUsesInOtherFilesTakeIt() {
        let shapes = """
            import UIKit

            enum Shapes {
                static func star(center: CGPoint, radius: CGFloat) -> UIBezierPath {
                    let path = UIBezierPath()
                    for i in 0..<10 {
                        let r = i % 2 == 0 ? radius : radius * 0.4
                        let angle = CGFloat(i) * .pi / 5 - .pi / 2
                        let point = CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
                        if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
                    }
                    path.close()
                    return path
                }
            }

            """
        let layer = """
            import UIKit

            final class StarLayer: CAShapeLayer {
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let star = Shapes.star(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2)
                    star.addLine(to: .zero)
                    path = star.cgPath
                    shadowPath = Shapes.star(center: .zero, radius: 4).cgPath
                    let frameOfStar = Shapes.star(center: .zero, radius: 4).bounds
                    let both = UIBezierPath()
                    both.append(Shapes.star(center: .zero, radius: 8))
                    mask?.frame = frameOfStar
                    mask?.setValue(both.cgPath, forKey: "path")
                }
            }

            """
        let files = Porter(sources: [.init(path: "Shapes.swift", text: shapes), .init(path: "StarLayer.swift", text: layer)], addsMissingImports: false).port()
        XCTAssertEqual(files[0].ported, """
            import QuartzCore

            enum Shapes {
                static func star(center: CGPoint, radius: CGFloat) -> CGMutablePath {
                    let path = CGMutablePath()
                    for i in 0..<10 {
                        let r = i % 2 == 0 ? radius : radius * 0.4
                        let angle = CGFloat(i) * .pi / 5 - .pi / 2
                        let point = CGPoint(x: center.x + r * cos(angle), y: center.y + r * sin(angle))
                        if i == 0 { path.move(to: point) } else { path.addLine(to: point) }
                    }
                    path.closeSubpath()
                    return path
                }
            }

            """)
        XCTAssertEqual(files[1].ported, """
            import QuartzCore

            final class StarLayer: CAShapeLayer {
                override func layoutSublayers() {
                    super.layoutSublayers()
                    let star = Shapes.star(center: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2)
                    star.addLine(to: .zero)
                    path = star
                    shadowPath = Shapes.star(center: .zero, radius: 4)
                    let frameOfStar = Shapes.star(center: .zero, radius: 4).boundingBox
                    let both = CGMutablePath()
                    both.addPath(Shapes.star(center: .zero, radius: 8))
                    mask?.frame = frameOfStar
                    mask?.setValue(both, forKey: "path")
                }
            }

            """)
        XCTAssertEqual(files.flatMap(\.notes).map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing(files)
    }

    func testAPropertyReturningAShapeReturnsACGPathAndAPathReturningItStaysUnchanged() {
        let source = """
            import UIKit

            final class BadgeLayer: CAShapeLayer {
                var outline: UIBezierPath {
                    get { return UIBezierPath(roundedRect: bounds.insetBy(dx: 4, dy: 4), cornerRadius: 6) }
                }
                var ring: UIBezierPath { UIBezierPath(ovalIn: bounds) }
                func doubled() -> UIBezierPath {
                    if bounds.isEmpty { return ring }
                    return outline
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    let shape = self.outline
                    path = shape.cgPath
                    shadowPath = doubled().cgPath
                    if shape.contains(CGPoint(x: 1, y: 1)) { lineWidth = 2 }
                    frame.size = ring.bounds.size
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class BadgeLayer: CAShapeLayer {
                var outline: CGPath {
                    get { return CGPath(roundedRect: bounds.insetBy(dx: 4, dy: 4), cornerWidth: 6, cornerHeight: 6, transform: nil) }
                }
                var ring: CGPath { CGPath(ellipseIn: bounds, transform: nil) }
                func doubled() -> CGPath {
                    if bounds.isEmpty { return ring }
                    return outline
                }

                override func layoutSublayers() {
                    super.layoutSublayers()
                    let shape = self.outline
                    path = shape
                    shadowPath = doubled()
                    if shape.contains(CGPoint(x: 1, y: 1)) { lineWidth = 2 }
                    frame.size = ring.boundingBox.size
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAPathTestedForAPointKeepsItsEvenOddRule() {
        // UIKit's contains(_:) uses the path's usesEvenOddFillRule; Core Graphics' takes the
        // rule as an argument (nonzero when left out).
        let source = """
            func hit(_ point: CGPoint, in rect: CGRect, hollow: Bool) -> Bool {
                let ring = UIBezierPath(ovalIn: rect)
                ring.append(UIBezierPath(ovalIn: rect.insetBy(dx: 10, dy: 10)))
                ring.usesEvenOddFillRule = true
                let disc = UIBezierPath(ovalIn: rect)
                disc.usesEvenOddFillRule = hollow
                return ring.contains(point) && disc.contains(point)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func hit(_ point: CGPoint, in rect: CGRect, hollow: Bool) -> Bool {
                let ring = CGMutablePath()
                ring.addEllipse(in: rect)
                ring.addPath(CGPath(ellipseIn: rect.insetBy(dx: 10, dy: 10), transform: nil))
                let disc = CGMutablePath()
                disc.addEllipse(in: rect)
                return ring.contains(point, using: .evenOdd) && disc.contains(point, using: hollow ? .evenOdd : .winding)
            }
            """)
        assertSecondRunChangesNothing([ported])
    }

    func testFunctionsWithAUseTheCommandDoesNotWriteAreLeftWhole() {
        let cases: [(String, String)] = [
            // Handed to code that takes a UIBezierPath.
            ("passed on", """
            func circle(_ r: CGRect) -> UIBezierPath {
                let path = UIBezierPath(ovalIn: r)
                return path
            }
            func draw(_ path: UIBezierPath) {}
            func use() { draw(circle(.zero)) }
            """),
            // Kept in a property of UIKit's type.
            ("stored", """
            final class Holder {
                var saved: UIBezierPath?
                func circle() -> UIBezierPath { UIBezierPath(ovalIn: .zero) }
                func keep() { saved = circle() }
            }
            """),
            // Declared twice: which one a call means is the compiler's business.
            ("overloaded", """
            func circle(_ r: CGRect) -> UIBezierPath { UIBezierPath(ovalIn: r) }
            func circle(_ r: Int) -> Int { r }
            func use(_ layer: CAShapeLayer) { layer.path = circle(.zero).cgPath }
            """),
            // Another function of its name that a call with these labels may mean (one
            // argument left out).
            ("overloaded with a default", """
            func circle(in r: CGRect, inset: CGFloat = 0) -> UIBezierPath { UIBezierPath(ovalIn: r.insetBy(dx: inset, dy: inset)) }
            func circle(in r: CGRect) -> Int { 0 }
            func use(_ layer: CAShapeLayer) { layer.path = circle(in: .zero).cgPath }
            """),
            // A CGPath, changed after it is returned.
            ("changed", """
            func circle(_ r: CGRect) -> UIBezierPath { UIBezierPath(ovalIn: r) }
            func use(_ layer: CAShapeLayer) {
                let path = circle(.zero)
                path.addLine(to: .zero)
                layer.path = path.cgPath
            }
            """),
            // Its line width reaches the caller's stroke() in UIKit; a CGPath has none to carry.
            ("stroked with the function's width", """
            func thick(_ r: CGRect) -> UIBezierPath {
                let path = UIBezierPath(rect: r)
                path.lineWidth = 8
                return path
            }
            func draw(in context: CGContext) {
                UIGraphicsPushContext(context)
                let path = thick(.zero)
                path.stroke()
                UIGraphicsPopContext()
            }
            """),
        ]
        for (name, source) in cases {
            let ported = Porter.port(source)
            let signature = source.split(separator: "\n").first { $0.contains("-> UIBezierPath") }.map(String.init) ?? ""
            XCTAssertTrue(ported.ported.contains(signature), "\(name): the function is left as it was:\n\(ported.ported)")
            XCTAssertTrue(ported.notes.map(\.construct).contains("UIBezierPath"), "\(name): reported: \(ported.notes.map(\.construct))")
        }
    }

    func testFunctionsSharingANameWhoseLabelsTellTheirCallsApartAreEachWritten() {
        let source = """
            struct Heart {
                func path(in rect: CGRect) -> UIBezierPath {
                    let path = UIBezierPath()
                    path.move(to: CGPoint(x: rect.midX, y: rect.maxY))
                    path.close()
                    return path
                }
            }

            enum Confetti {
                case circle, square
                func path(size: CGFloat) -> UIBezierPath {
                    switch self {
                    case .circle: return UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: size, height: size))
                    case .square: return UIBezierPath(rect: CGRect(x: 0, y: 0, width: size, height: size))
                    }
                }
            }

            func makeLayers(in bounds: CGRect) -> [CAShapeLayer] {
                let heart = CAShapeLayer()
                heart.path = Heart().path(in: bounds).cgPath
                let piece = CAShapeLayer()
                piece.path = Confetti.circle.path(size: 8).cgPath
                return [heart, piece]
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            struct Heart {
                func path(in rect: CGRect) -> CGMutablePath {
                    let path = CGMutablePath()
                    path.move(to: CGPoint(x: rect.midX, y: rect.maxY))
                    path.closeSubpath()
                    return path
                }
            }

            enum Confetti {
                case circle, square
                func path(size: CGFloat) -> CGPath {
                    switch self {
                    case .circle: return CGPath(ellipseIn: CGRect(x: 0, y: 0, width: size, height: size), transform: nil)
                    case .square: return CGPath(rect: CGRect(x: 0, y: 0, width: size, height: size), transform: nil)
                    }
                }
            }

            func makeLayers(in bounds: CGRect) -> [CAShapeLayer] {
                let heart = CAShapeLayer()
                heart.path = Heart().path(in: bounds)
                let piece = CAShapeLayer()
                piece.path = Confetti.circle.path(size: 8)
                return [heart, piece]
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testStaticFunctionsOfOneNameOnTwoTypesAreToldApartByTheTypeTheirCallsName() {
        // The path's `circle` takes the layer's labels too (its last argument has a default):
        // only the type named tells the two apart.
        let source = """
            extension UIBezierPath {
                static func circle(radius: CGFloat, center: CGPoint, clockwise: Bool = true) -> UIBezierPath {
                    UIBezierPath(arcCenter: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
                }
            }

            extension CAShapeLayer {
                static func circle(radius: CGFloat, center: CGPoint) -> CAShapeLayer {
                    let layer = CAShapeLayer()
                    layer.path = UIBezierPath.circle(radius: radius, center: center).cgPath
                    return layer
                }
            }

            func makeRing() -> CAShapeLayer { CAShapeLayer.circle(radius: 20, center: .zero) }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            extension CGMutablePath {
                static func circle(radius: CGFloat, center: CGPoint, clockwise: Bool = true) -> CGPath {
                    { let arc = CGMutablePath(); arc.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: !clockwise); return arc }()
                }
            }

            extension CAShapeLayer {
                static func circle(radius: CGFloat, center: CGPoint) -> CAShapeLayer {
                    let layer = CAShapeLayer()
                    layer.path = CGMutablePath.circle(radius: radius, center: center)
                    return layer
                }
            }

            func makeRing() -> CAShapeLayer { CAShapeLayer.circle(radius: 20, center: .zero) }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A call that does not name its type (`.circle(…)` where a path is expected) could be
        // either's: the path's function is left.
        let unnamed = Porter.port(source + """

            func dot() -> CGPath {
                let path: UIBezierPath = .circle(radius: 2, center: .zero)
                return path.cgPath
            }
            """)
        XCTAssertTrue(
            unnamed.ported.contains("static func circle(radius: CGFloat, center: CGPoint, clockwise: Bool = true) -> UIBezierPath {"),
            unnamed.ported)
        XCTAssertTrue(unnamed.notes.map(\.construct).contains("UIBezierPath"), "\(unnamed.notes.map(\.construct))")
    }

    func testAGlobalPathPropertysUsesAreWrittenAndAnInitializerParameterOfItsNameHidesIt() {
        let source = """
            var badgeOutline: UIBezierPath { UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 8, height: 8)) }

            final class Framed {
                let shape = CAShapeLayer()
                init(badgeOutline: CGPath) {
                    shape.path = badgeOutline
                }
            }

            func frame() -> Framed { Framed(badgeOutline: badgeOutline.cgPath) }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            var badgeOutline: CGPath { CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil) }

            final class Framed {
                let shape = CAShapeLayer()
                init(badgeOutline: CGPath) {
                    shape.path = badgeOutline
                }
            }

            func frame() -> Framed { Framed(badgeOutline: badgeOutline) }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAPathMadeFromAPathFunctionsCGPathIsThatPath() {
        let source = """
            func star() -> UIBezierPath {
                let p = UIBezierPath()
                p.move(to: .zero)
                p.addLine(to: CGPoint(x: 4, y: 4))
                return p
            }
            func shade(_ shape: CAShapeLayer) {
                let copy = UIBezierPath(cgPath: star().cgPath)
                shape.path = copy.cgPath
                shape.shadowPath = UIBezierPath(cgPath: star().cgPath).cgPath
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("    let copy = CGMutablePath()\n    copy.addPath(star())\n"), ported)
        XCTAssertTrue(ported.contains("    shape.shadowPath = star()\n"), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported)
    }

    func testAPathFunctionsPathFilledOrStrokedInAKnownContextIsDrawnThere() {
        // UIKit fills with the current fill colour and strokes 1 point wide (a new path's
        // width) in a saved state; a path function's path drawn so is the CGPath drawn so.
        let source = """
            enum Shape {
                case circle, triangle
                func path(size: CGFloat) -> UIBezierPath {
                    switch self {
                    case .circle: return UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: size, height: size))
                    case .triangle:
                        let p = UIBezierPath()
                        p.move(to: CGPoint(x: size / 2, y: 0))
                        p.addLine(to: CGPoint(x: size, y: size))
                        p.close()
                        return p
                    }
                }
            }
            final class ShapeLayer: CALayer {
                var shape = Shape.circle
                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    shape.path(size: 10).fill()
                    shape.path(size: 20).stroke()
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("    func path(size: CGFloat) -> CGPath {\n"), ported)
        XCTAssertTrue(ported.contains("""
                override func draw(in ctx: CGContext) {
                    ctx.addPath(shape.path(size: 10))
                    ctx.fillPath()
                    ctx.saveGState()
                    ctx.addPath(shape.path(size: 20))
                    ctx.setLineWidth(1)
                    ctx.strokePath()
                    ctx.restoreGState()
                }
            """), ported)
        XCTAssertEqual(Porter.port(ported).ported, ported)

        // A path given a line width carries it to UIKit's stroke, which a CGPath cannot: left.
        let wide = source.replacingOccurrences(of: "p.close()", with: "p.close()\n            p.lineWidth = 3")
        let left = Porter.port(wide)
        XCTAssertTrue(left.ported.contains("func path(size: CGFloat) -> UIBezierPath {"), left.ported)
        XCTAssertTrue(left.ported.contains("shape.path(size: 20).stroke()"), left.ported)
        XCTAssertTrue(left.notes.contains { $0.construct == "UIBezierPath" })
    }

    func testAFunctionNamedAsTheShapeLayersPathIsWrittenAndTheLayersPropertyStays() {
        // `path = …` in a shape layer sets the layer's own property, which a function of the
        // name does not hide, and `if let path` binds a path of its own; the function (a
        // type's, called through it) is written.
        let source = """
            enum Heart {
                static func path(in rect: CGRect) -> UIBezierPath {
                    let path = UIBezierPath()
                    path.move(to: CGPoint(x: rect.midX, y: rect.maxY))
                    path.addLine(to: CGPoint(x: rect.minX, y: rect.minY))
                    path.close()
                    return path
                }
            }
            final class HeartLayer: CAShapeLayer {
                override func layoutSublayers() {
                    super.layoutSublayers()
                    path = Heart.path(in: bounds).cgPath
                }
            }
            func outline(_ ctx: CGContext, _ font: CTFont) {
                if let path = CTFontCreatePathForGlyph(font, 36, nil) { ctx.addPath(path) }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("    static func path(in rect: CGRect) -> CGMutablePath {\n        let path = CGMutablePath()\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("        path = Heart.path(in: bounds)\n"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAChoiceBetweenTwoPathFunctionsForItsCGPathIsThePathChosen() {
        let source = """
            final class PlayPause: CAShapeLayer {
                var isPlaying = false
                private func play(in rect: CGRect) -> UIBezierPath {
                    let path = UIBezierPath()
                    path.move(to: CGPoint(x: rect.minX, y: rect.minY))
                    path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
                    path.close()
                    return path
                }
                private func pause(in rect: CGRect) -> UIBezierPath {
                    let path = UIBezierPath(rect: rect.insetBy(dx: rect.width / 3, dy: 0))
                    return path
                }
                func morph() {
                    path = (isPlaying ? pause(in: bounds) : play(in: bounds)).cgPath
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("path = (isPlaying ? pause(in: bounds) : play(in: bounds))\n"), ported.ported)
        XCTAssertTrue(ported.ported.contains("private func pause(in rect: CGRect) -> CGMutablePath {"), ported.ported)
        XCTAssertTrue(ported.ported.contains("private func play(in rect: CGRect) -> CGMutablePath {"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }
}
