import LaminaPortRewriter
import XCTest

// AppKit's images drawn by focusing them. Expected output follows AppKit's NSImage reference:
// `lockFocus()` makes the image's context current, unflipped (y up from the bottom-left, as a
// bitmap CGContext's base space is, so nothing is turned), and `unlockFocus()` ends it; the
// image's size is the one it was made with; `NSGraphicsContext.saveGraphicsState()` and
// `restoreGraphicsState()` save and restore the current context's graphics state.
final class ImageFocusRewriterTests: XCTestCase {
    /// The statements written for `NSImage(size: size)`: a bitmap context at 1 pixel a point,
    /// in sRGB with premultiplied alpha, not flipped.
    private func context(size: String, indentation: String = "        ") -> String {
        [
            "let imageSize = \(size)",
            "let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)",
        ].joined(separator: "\n" + indentation)
    }

    func testAFocusedImageIsTheUnflippedBitmapContextItDrawsIntoAndItsImage() {
        let source = """
            import AppKit

            func dotImage(diameter: CGFloat, color: NSColor) -> NSImage {
                let image = NSImage(size: NSSize(width: diameter, height: diameter))
                image.lockFocus()
                color.setFill()
                NSBezierPath(ovalIn: NSRect(x: 0, y: 0, width: diameter, height: diameter)).fill()
                image.unlockFocus()
                return image
            }

            func dotLayer() -> CALayer {
                let layer = CALayer()
                layer.contents = dotImage(diameter: 12, color: .black)
                return layer
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func dotImage(diameter: CGFloat, color: CGColor) -> CGImage? {
                \(context(size: "NSSize(width: diameter, height: diameter)", indentation: "    "))
                imageContext?.setFillColor(color)
                imageContext?.addPath(CGPath(ellipseIn: NSRect(x: 0, y: 0, width: diameter, height: diameter), transform: nil))
                imageContext?.fillPath()
                let image = imageContext?.makeImage()
                return image
            }

            func dotLayer() -> CALayer {
                let layer = CALayer()
                layer.contents = dotImage(diameter: 12, color: CGColor(gray: 0, alpha: 1))
                return layer
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAppKitsCurrentContextAndItsSavedStatesWhileFocusedAreTheBitmapContexts() {
        // The image unfocused early in a `guard` and returned there; the current context's
        // CGContext and interpolation; a state saved and restored, after which drawing still
        // goes to the image; a caller's uses of the image.
        let source = """
            final class SpinnerLayer: CALayer {
                func dotImage(diameter: CGFloat) -> NSImage {
                    let image = NSImage(size: NSSize(width: diameter, height: diameter))
                    image.lockFocus()
                    guard let context = NSGraphicsContext.current?.cgContext else {
                        image.unlockFocus()
                        return image
                    }
                    NSGraphicsContext.current?.imageInterpolation = .high
                    NSGraphicsContext.saveGraphicsState()
                    context.setAlpha(0.5)
                    NSColor.black.setFill()
                    NSBezierPath(ovalIn: NSRect(x: 0, y: 0, width: diameter, height: diameter)).fill()
                    NSGraphicsContext.restoreGraphicsState()
                    NSColor.white.setFill()
                    NSBezierPath(rect: NSRect(x: 2, y: 2, width: 2, height: 2)).fill()
                    image.unlockFocus()
                    return image
                }

                func show() {
                    let dot = dotImage(diameter: 12)
                    contents = dot.cgImage(forProposedRect: nil, context: nil, hints: nil)
                    bounds.size = dot.size
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class SpinnerLayer: CALayer {
                func dotImage(diameter: CGFloat) -> CGImage? {
                    \(context(size: "NSSize(width: diameter, height: diameter)"))
                    guard let context = imageContext else {
                        let image = imageContext?.makeImage()
                        return image
                    }
                    imageContext?.interpolationQuality = .high
                    imageContext?.saveGState()
                    context.setAlpha(0.5)
                    imageContext?.setFillColor(CGColor(gray: 0, alpha: 1))
                    imageContext?.addPath(CGPath(ellipseIn: NSRect(x: 0, y: 0, width: diameter, height: diameter), transform: nil))
                    imageContext?.fillPath()
                    imageContext?.restoreGState()
                    imageContext?.setFillColor(CGColor(gray: 1, alpha: 1))
                    imageContext?.addPath(CGPath(rect: NSRect(x: 2, y: 2, width: 2, height: 2), transform: nil))
                    imageContext?.fillPath()
                    let image = imageContext?.makeImage()
                    return image
                }

                func show() {
                    let dot = dotImage(diameter: 12)
                    contents = dot
                    bounds.size = (dot.map { CGSize(width: $0.width, height: $0.height) } ?? .zero)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testTheFocusedImagesSizeIsTheSizeItWasMadeWith() {
        let source = """
            func stamp(on layer: CALayer) {
                let image = NSImage(size: CGSize(width: 8, height: 4))
                image.lockFocus()
                NSColor.red.setFill()
                NSBezierPath(rect: NSRect(x: 0, y: 0, width: 8, height: 4)).fill()
                image.unlockFocus()
                layer.bounds = CGRect(origin: .zero, size: image.size)
                layer.contents = image.layerContents(forContentsScale: layer.contentsScale)
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(
            ported.ported.hasSuffix("""
                    let image = imageContext?.makeImage()
                    layer.bounds = CGRect(origin: .zero, size: imageSize)
                    layer.contents = image
                }
                """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testSavedStatesInAContextMadeFromALayersCGContextAreItsOwnAndDrawingGoesOnThere() {
        // Saved and restored inside the context (in a loop, and in its own block): the
        // CGContext's state; the restore matching the save before the context ends it.
        let source = """
            final class RingLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    for inset in [4, 8] as [CGFloat] {
                        NSGraphicsContext.saveGraphicsState()
                        NSBezierPath(rect: bounds.insetBy(dx: inset, dy: inset)).addClip()
                        NSGraphicsContext.restoreGraphicsState()
                        NSColor.blue.setFill()
                    }
                    NSGraphicsContext.saveGraphicsState()
                    NSColor.green.setFill()
                    NSGraphicsContext.restoreGraphicsState()
                    NSBezierPath(ovalIn: bounds).fill()
                    NSGraphicsContext.restoreGraphicsState()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class RingLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    for inset in [4, 8] as [CGFloat] {
                        ctx.saveGState()
                        ctx.addPath(CGPath(rect: bounds.insetBy(dx: inset, dy: inset), transform: nil))
                        ctx.clip()
                        ctx.restoreGState()
                        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                    }
                    ctx.saveGState()
                    ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
                    ctx.restoreGState()
                    ctx.addPath(CGPath(ellipseIn: bounds, transform: nil))
                    ctx.fillPath()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testImagesAndTextDrawnInAFocusedImageStandUprightInItsYUpContext() {
        // AppKit draws an image upright in an unflipped context as Core Graphics does, and a
        // string drawn at a point with the bottom of its line there (its baseline the font's
        // descent above). `NSRectFill` fills with AppKit's copy operation; `frame()` draws a
        // 1-point frame inside the rectangle.
        let source = """
            func labelImage(_ title: String, icon: CGImage, badge: NSImage) -> NSImage {
                let image = NSImage(size: NSSize(width: 120, height: 24))
                image.lockFocus()
                NSColor.white.setFill()
                NSRectFill(NSRect(x: 0, y: 0, width: 120, height: 24))
                NSColor.black.setFill()
                NSRect(x: 0, y: 0, width: 120, height: 24).frame()
                NSGraphicsContext.current?.cgContext.draw(icon, in: NSRect(x: 4, y: 4, width: 16, height: 16))
                badge.draw(in: NSRect(x: 100, y: 4, width: 16, height: 16))
                (title as NSString).draw(at: NSPoint(x: 24, y: 5), withAttributes: nil)
                image.unlockFocus()
                return image
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            func labelImage(_ title: String, icon: CGImage, badge: CGImage) -> CGImage? {
                \(context(size: "NSSize(width: 120, height: 24)", indentation: "    "))
                imageContext?.setFillColor(CGColor(gray: 1, alpha: 1))
                imageContext?.saveGState()
                imageContext?.setBlendMode(.copy)
                imageContext?.fill(NSRect(x: 0, y: 0, width: 120, height: 24))
                imageContext?.restoreGState()
                imageContext?.setFillColor(CGColor(gray: 0, alpha: 1))
                imageContext?.addRect(NSRect(x: 0, y: 0, width: 120, height: 24))
                imageContext?.addRect((NSRect(x: 0, y: 0, width: 120, height: 24)).insetBy(dx: 1, dy: 1))
                imageContext?.fillPath(using: .evenOdd)
                imageContext?.draw(icon, in: NSRect(x: 4, y: 4, width: 16, height: 16))
                if let imageDrawingContext = imageContext {
                    let imageRect: CGRect = NSRect(x: 100, y: 4, width: 16, height: 16)
                    imageDrawingContext.draw(badge, in: imageRect)
                }
                if let textContext = imageContext {
                    let textToDraw: String = title
                    let textOrigin: CGPoint = NSPoint(x: 24, y: 5)
                    let textAttributes: [NSAttributedString.Key: Any] = [:]
                    let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)
                    let line = CTLineCreateWithAttributedString(attributed)
                    var descent: CGFloat = 0
                    _ = CTLineGetTypographicBounds(line, nil, &descent, nil)
                    textContext.saveGState()
                    textContext.textMatrix = .identity
                    textContext.textPosition = CGPoint(x: textOrigin.x, y: textOrigin.y + descent)
                    CTLineDraw(line, textContext)
                    textContext.restoreGState()
                }
                let image = imageContext?.makeImage()
                return image
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAFocusedImageUsedOtherwiseIsLeft() {
        let cases = [
            // Used while focused.
            ("let image = NSImage(size: s)", "print(image.size)", "layer.contents = image"),
            // Made otherwise.
            ("let image = NSImage(named: \"dot\")!", "", "layer.contents = image"),
            // Used otherwise afterwards.
            ("let image = NSImage(size: s)", "", "image.isTemplate = true"),
            // Another use of AppKit's current context.
            ("let image = NSImage(size: s)", "NSGraphicsContext.current?.compositingOperation = .copy", "layer.contents = image"),
        ]
        for (made, drawn, used) in cases {
            let source = """
                func stamp(on layer: CALayer, s: CGSize) {
                    \(made)
                    image.lockFocus()
                    \(drawn)
                    image.unlockFocus()
                    \(used)
                }
                """
            let ported = Porter.port(source)
            XCTAssertTrue(ported.ported.contains("image.lockFocus()"), ported.ported)
            XCTAssertFalse(ported.ported.contains("imageContext"), ported.ported)
            XCTAssertTrue(ported.notes.contains { $0.construct == "image.lockFocus()" }, "\(ported.notes.map(\.construct)) for \(made); \(drawn); \(used)")
        }
    }
}
