import LaminaPortRewriter
import XCTest

// AppKit's gradients drawn in a context made from a layer's CGContext. Expected drawings
// follow AppKit's NSGradient reference: `draw(in:angle:)` changes colour along the angle,
// counter-clockwise from the x axis in degrees, with the start and end colours in opposite
// corners of the rectangle (at 90 degrees, from the bottom edge to the top in an unflipped
// context); a gradient from colours without locations spaces them evenly, as a CGGradient
// without locations does.
final class GradientDrawingRewriterTests: XCTestCase {
    /// The statements written for `draw(in:angle:)` across the rectangle `rect` (or, given a
    /// path, its bounding box), clipped by `clip`, indented by `indentation`.
    private func angled(_ gradient: String, angle: String, setUp: [String], clip: [String], indentation: String) -> String {
        let lines = ["do {"] + (setUp + [
            "let gradientAngle: CGFloat = (\(angle)) * .pi / 180",
            "let gradientReach = (abs(cos(gradientAngle)) * gradientRect.width + abs(sin(gradientAngle)) * gradientRect.height) / 2",
            "ctx.saveGState()",
        ] + clip + [
            "ctx.drawLinearGradient(\(gradient), start: CGPoint(x: gradientRect.midX - cos(gradientAngle) * gradientReach, y: gradientRect.midY - sin(gradientAngle) * gradientReach), end: CGPoint(x: gradientRect.midX + cos(gradientAngle) * gradientReach, y: gradientRect.midY + sin(gradientAngle) * gradientReach), options: [])",
            "ctx.restoreGState()",
        ]).map { "    " + $0 } + ["}"]
        return lines.joined(separator: "\n" + indentation)
    }

    func testAGradientDrawnAcrossARectangleAtAnAngleIsTheCGGradientDrawnCornerToCorner() {
        let source = """
            import AppKit

            final class SunsetLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    guard let sky = NSGradient(colors: [.orange, NSColor(calibratedWhite: 1, alpha: 0.5), NSColor.purple]) else { return }
                    sky.draw(in: bounds.insetBy(dx: 4, dy: 4), angle: 90)
                    NSGraphicsContext.restoreGraphicsState()
                }
            }
            """
        let ported = Porter.port(source)
        let drawn = angled("sky", angle: "90", setUp: ["let gradientRect: CGRect = bounds.insetBy(dx: 4, dy: 4)"], clip: ["ctx.clip(to: gradientRect)"], indentation: "        ")
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class SunsetLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    guard let sky = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: [CGColor(red: 1, green: 0.5, blue: 0, alpha: 1), CGColor(gray: 1, alpha: 0.5), CGColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)], locations: nil) else { return }
                    \(drawn)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAGradientDrawnBetweenPointsInAPathOrRadiallyIsCoreGraphicsDrawingOfIt() {
        let source = """
            final class ButtonLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    let previous = NSGraphicsContext.current
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    defer { NSGraphicsContext.current = previous }
                    let shine = NSGradient(starting: .white, ending: NSColor(srgbRed: 0.2, green: 0.4, blue: 0.8, alpha: 1))!
                    shine.draw(in: NSBezierPath(roundedRect: bounds, xRadius: 6, yRadius: 6), angle: 270)
                    shine.draw(from: .zero, to: CGPoint(x: 0, y: bounds.height), options: [.drawsBeforeStartingLocation, .drawsAfterEndingLocation])
                    if let glow = NSGradient(colorsAndLocations: (.yellow, 0), (NSColor.clear, 0.8)) {
                        glow.draw(fromCenter: center, radius: 0, toCenter: center, radius: 20, options: [])
                    }
                    let stops = NSGradient(colors: [.red, .blue], atLocations: [0, 0.25], colorSpace: .sRGB)!
                    stops.draw(from: .zero, to: CGPoint(x: 10, y: 0), options: NSGradient.DrawingOptions.drawsAfterEndingLocation)
                }
                var center: CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }
            }
            """
        let ported = Porter.port(source)
        let rounded = angled(
            "shine", angle: "270",
            setUp: ["let gradientPath: CGPath = CGPath(roundedRect: bounds, cornerWidth: 6, cornerHeight: 6, transform: nil)", "let gradientRect = gradientPath.boundingBoxOfPath"],
            clip: ["ctx.addPath(gradientPath)", "ctx.clip()"], indentation: "        ")
        XCTAssertEqual(ported.ported, """
            final class ButtonLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    let shine = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: [CGColor(gray: 1, alpha: 1), CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)], locations: nil)!
                    \(rounded)
                    ctx.drawLinearGradient(shine, start: .zero, end: CGPoint(x: 0, y: bounds.height), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
                    if let glow = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: [CGColor(red: 1, green: 1, blue: 0, alpha: 1), CGColor(gray: 0, alpha: 0)], locations: [0, 0.8]) {
                        ctx.drawRadialGradient(glow, startCenter: center, startRadius: 0, endCenter: center, endRadius: 20, options: [])
                    }
                    let stops = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)], locations: [0, 0.25])!
                    ctx.drawLinearGradient(stops, start: .zero, end: CGPoint(x: 10, y: 0), options: .drawsAfterEndLocation)
                }
                var center: CGPoint { CGPoint(x: bounds.midX, y: bounds.midY) }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAPathsGradientAtAChoiceOfRightAnglesIsDrawnAcrossItsBoundingBox() {
        // Along either axis a path reaches exactly as far as its bounding box.
        let source = """
            final class Pill: CALayer {
                var isPressed = false
                override func draw(in ctx: CGContext) {
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    let face = NSGradient(starting: .gray, ending: .white)!
                    face.draw(in: NSBezierPath(ovalIn: bounds), angle: isPressed ? -90 : 180)
                    NSGraphicsContext.restoreGraphicsState()
                }
            }
            """
        let ported = Porter.port(source)
        let drawn = angled(
            "face", angle: "isPressed ? -90 : 180",
            setUp: ["let gradientPath: CGPath = CGPath(ellipseIn: bounds, transform: nil)", "let gradientRect = gradientPath.boundingBoxOfPath"],
            clip: ["ctx.addPath(gradientPath)", "ctx.clip()"], indentation: "        ")
        XCTAssertEqual(ported.ported, """
            final class Pill: CALayer {
                var isPressed = false
                override func draw(in ctx: CGContext) {
                    let face = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: [CGColor(gray: 0.5, alpha: 1), CGColor(gray: 1, alpha: 1)], locations: nil)!
                    \(drawn)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAGradientUsedOtherwiseOrDrawnWhereTheAngleCannotBeKeptIsLeft() {
        // Each gradient is left whole, and the first AppKit type named is reported.
        let cases = [
            // A flipped context: which corner the angle starts from there is AppKit's own.
            ("NSGraphicsContext(cgContext: ctx, flipped: true)", "g.draw(in: bounds, angle: 90)"),
            // A path's bounding box reaches farther than the path along a diagonal.
            ("NSGraphicsContext(cgContext: ctx, flipped: false)", "g.draw(in: NSBezierPath(ovalIn: bounds), angle: 45)"),
            ("NSGraphicsContext(cgContext: ctx, flipped: false)", "g.draw(in: NSBezierPath(ovalIn: bounds), angle: choice.isEmpty ? 90 : 30)"),
            // A path kept in a name is not a rectangle.
            ("NSGraphicsContext(cgContext: ctx, flipped: false)", "let oval = NSBezierPath(ovalIn: bounds)\n        g.draw(in: oval, angle: 90)"),
            // Another use of the gradient.
            ("NSGraphicsContext(cgContext: ctx, flipped: false)", "print(g.numberOfColorStops)"),
            // Options AppKit's and Core Graphics' do not both name.
            ("NSGraphicsContext(cgContext: ctx, flipped: false)", "g.draw(from: .zero, to: .zero, options: choice)"),
        ]
        for (made, drawn) in cases {
            let source = """
                final class Sky: CALayer {
                    var choice: NSGradient.DrawingOptions = []
                    override func draw(in ctx: CGContext) {
                        NSGraphicsContext.saveGraphicsState()
                        NSGraphicsContext.current = \(made)
                        let g = NSGradient(starting: .red, ending: .blue)!
                        \(drawn)
                        NSGraphicsContext.restoreGraphicsState()
                    }
                }
                """
            let ported = Porter.port(source)
            XCTAssertTrue(ported.ported.contains("let g = NSGradient(starting: .red, ending: .blue)!"), ported.ported)
            XCTAssertFalse(ported.ported.contains("drawLinearGradient"), ported.ported)
            XCTAssertTrue(ported.notes.contains { $0.construct == "NSGradient" }, "\(ported.notes.map(\.construct)) for \(drawn)")
        }
    }
}
