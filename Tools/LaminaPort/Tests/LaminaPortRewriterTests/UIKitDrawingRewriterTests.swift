import LaminaPortRewriter
import XCTest

final class UIKitDrawingRewriterTests: XCTestCase {
    func testDrawingBetweenAPushAndAPopGoesToThePushedContext() {
        let source = """
            import UIKit

            final class BadgeDrawer: NSObject, CALayerDelegate {
                func draw(_ layer: CALayer, in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    UIColor.systemRed.setFill()
                    UIBezierPath(ovalIn: layer.bounds).fill()
                    UIColor(white: 0, alpha: 0.5).set()
                    UIRectFill(CGRect(x: 0, y: 0, width: 4, height: 4))
                    UIBezierPath(rect: layer.bounds).stroke()
                    UIBezierPath(roundedRect: layer.bounds, cornerRadius: 4).addClip()
                    let ring = UIBezierPath(ovalIn: layer.bounds.insetBy(dx: 2, dy: 2))
                    ring.append(UIBezierPath(ovalIn: layer.bounds.insetBy(dx: 6, dy: 6)))
                    ring.usesEvenOddFillRule = true
                    ring.fill()
                    ring.lineWidth = 3
                    ring.lineCapStyle = .round
                    ring.stroke()
                    UIGraphicsGetCurrentContext()?.setShadow(offset: .zero, blur: 2)
                    guard let current = UIGraphicsGetCurrentContext() else { return }
                    current.setAlpha(0.5)
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class BadgeDrawer: NSObject, CALayerDelegate {
                func draw(_ layer: CALayer, in ctx: CGContext) {
                    ctx.setFillColor(CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1))
                    ctx.addPath(CGPath(ellipseIn: layer.bounds, transform: nil))
                    ctx.fillPath()
                    ctx.setFillColor(CGColor(gray: 0, alpha: 0.5))
                    ctx.setStrokeColor(CGColor(gray: 0, alpha: 0.5))
                    ctx.saveGState()
                    ctx.setBlendMode(.copy)
                    ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
                    ctx.restoreGState()
                    ctx.saveGState()
                    ctx.addPath(CGPath(rect: layer.bounds, transform: nil))
                    ctx.setLineWidth(1)
                    ctx.strokePath()
                    ctx.restoreGState()
                    ctx.addPath(CGPath(roundedRect: layer.bounds, cornerWidth: 4, cornerHeight: 4, transform: nil))
                    ctx.clip()
                    let ring = CGMutablePath()
                    ring.addEllipse(in: layer.bounds.insetBy(dx: 2, dy: 2))
                    ring.addPath(CGPath(ellipseIn: layer.bounds.insetBy(dx: 6, dy: 6), transform: nil))
                    ctx.addPath(ring)
                    ctx.fillPath(using: .evenOdd)
                    ctx.saveGState()
                    ctx.addPath(ring)
                    ctx.setLineWidth(3)
                    ctx.setLineCap(.round)
                    ctx.strokePath()
                    ctx.restoreGState()
                    ctx.setShadow(offset: .zero, blur: 2)
                    guard let current = Optional(ctx) else { return }
                    current.setAlpha(0.5)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testALocalHoldingTheCurrentContextIsThePushedContext() {
        // Unwrapped at each use, the local holds the context itself; used otherwise (bound,
        // compared with nil), it stays the optional UIGraphicsGetCurrentContext() returns.
        let source = """
            import UIKit

            final class TickDrawer: NSObject, CALayerDelegate {
                func draw(_ layer: CALayer, in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    let context = UIGraphicsGetCurrentContext()
                    context?.setStrokeColor(UIColor.darkGray.cgColor)
                    context!.stroke(layer.bounds)
                    var current = UIGraphicsGetCurrentContext()
                    guard let current else { return }
                    current.setAlpha(0.5)
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class TickDrawer: NSObject, CALayerDelegate {
                func draw(_ layer: CALayer, in ctx: CGContext) {
                    let context = ctx
                    context.setStrokeColor(CGColor(gray: 1 / 3, alpha: 1))
                    context.stroke(layer.bounds)
                    var current = Optional(ctx)
                    guard let current else { return }
                    current.setAlpha(0.5)
                }
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAStringPropertyDrawnWithAnAttributesPropertyOfTheBoundNameIsReadThroughSelf() {
        // The written Core Text drawing binds `textAttributes`; the property of that name is
        // read as self.textAttributes. An implicitly unwrapped String reads as the string.
        let source = """
            import UIKit

            final class CaptionDrawer: NSObject, CALayerDelegate {
                var caption: String! = "Hi"
                let textAttributes: [NSAttributedString.Key: Any] = [.foregroundColor: UIColor.white]

                func draw(_ layer: CALayer, in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    caption.draw(at: .zero, withAttributes: textAttributes)
                    title().draw(at: CGPoint(x: 0, y: 20), withAttributes: textAttributes)
                    UIGraphicsPopContext()
                }

                func title() -> String { "Title" }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    do {
                        let textToDraw: String = caption
                        let textOrigin: CGPoint = .zero
                        let textAttributes: [NSAttributedString.Key: Any] = self.textAttributes
                        let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)
            """), ported.ported)
        // The string a function returns is not known to be one: left, and reported.
        XCTAssertTrue(ported.ported.contains("title().draw(at: CGPoint(x: 0, y: 20), withAttributes: textAttributes)"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["title().draw(at: CGPoint(x: 0, y: 20), withAttributes: textAttributes)"])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testDrawingInAnImageContextOrARendererGoesToItsContext() {
        let source = """
            import UIKit

            func swatch(_ layer: CALayer) {
                UIGraphicsBeginImageContext(CGSize(width: 8, height: 8))
                UIColor.orange.setFill()
                UIRectFill(CGRect(x: 0, y: 0, width: 8, height: 8))
                layer.contents = UIGraphicsGetImageFromCurrentImageContext()?.cgImage
                UIGraphicsEndImageContext()
                layer.mask?.contents = UIGraphicsImageRenderer(size: CGSize(width: 8, height: 8)).image { context in
                    UIColor.black.setFill()
                    context.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
                }.cgImage
            }
            """
        let ported = Porter.port(source).ported
        XCTAssertTrue(ported.contains("""
                imageContext?.setFillColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
                imageContext?.saveGState()
                imageContext?.setBlendMode(.copy)
                imageContext?.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
                imageContext?.restoreGState()
                layer.contents = imageContext?.makeImage()
            """), ported)
        XCTAssertTrue(ported.contains("""
                    context.setFillColor(CGColor(gray: 0, alpha: 1))
                    context.fill(CGRect(x: 2, y: 2, width: 4, height: 4))
                    return context.makeImage()
            """), ported)
    }

    func testStringsDrawnWithUIKitAreTheCoreTextLineOrFrameUIKitSets() {
        let source = """
            import UIKit

            func label(_ ctx: CGContext, title: String, width: CGFloat) {
                UIGraphicsPushContext(ctx)
                (title as NSString).draw(at: CGPoint(x: 4, y: 2), withAttributes: [.foregroundColor: UIColor.white])
                "Subtitle".draw(in: CGRect(x: 0, y: 20, width: width, height: 40), withAttributes: nil)
                UIGraphicsPopContext()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func label(_ ctx: CGContext, title: String, width: CGFloat) {
                do {
                    let textToDraw: String = title
                    let textOrigin: CGPoint = CGPoint(x: 4, y: 2)
                    let textAttributes: [NSAttributedString.Key: Any] = [.foregroundColor: CGColor(gray: 1, alpha: 1)]
                    let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)
                    let line = CTLineCreateWithAttributedString(attributed)
                    var ascent: CGFloat = 0
                    _ = CTLineGetTypographicBounds(line, &ascent, nil, nil)
                    ctx.saveGState()
                    ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
                    ctx.textPosition = CGPoint(x: textOrigin.x, y: textOrigin.y + ascent)
                    CTLineDraw(line, ctx)
                    ctx.restoreGState()
                }
                do {
                    let textToDraw: String = "Subtitle"
                    let textRect: CGRect = CGRect(x: 0, y: 20, width: width, height: 40)
                    let textAttributes: [NSAttributedString.Key: Any] = [:]
                    let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)
                    let framesetter = CTFramesetterCreateWithAttributedString(attributed)
                    let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), CGPath(rect: textRect, transform: nil), nil)
                    ctx.saveGState()
                    ctx.translateBy(x: 0, y: textRect.minY + textRect.maxY)
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.textMatrix = .identity
                    CTFrameDraw(frame, ctx)
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // A statement reading a name the drawing binds: left.
        let clash = Porter.port("""
            import UIKit

            func label(_ ctx: CGContext, line: String) {
                UIGraphicsPushContext(ctx)
                (line as NSString).draw(at: .zero, withAttributes: nil)
                UIGraphicsPopContext()
            }
            """)
        XCTAssertEqual(clash.notes.map(\.construct), ["(line as NSString).draw(at: .zero, withAttributes: nil)"])
    }

    func testAttributedStringsDrawnWithUIKitAreTheCoreTextLineOrFrameUIKitSets() {
        // UIKit: draw(at:) puts the line's top at the point; draw(in:), and
        // draw(with:options:context:) with .usesLineFragmentOrigin, fill the rectangle from its
        // top; without it, the rectangle's origin is the first line's baseline.
        let source = """
            import UIKit

            func caption(_ ctx: CGContext, text: NSAttributedString) {
                UIGraphicsPushContext(ctx)
                let title = NSAttributedString(string: "Title")
                title.draw(at: CGPoint(x: 4, y: 2))
                text.draw(in: CGRect(x: 0, y: 20, width: 80, height: 40))
                NSAttributedString(string: "x").draw(with: CGRect(x: 5, y: 90, width: 50, height: 20), options: [], context: nil)
                image.draw(at: .zero)
                UIGraphicsPopContext()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func caption(_ ctx: CGContext, text: NSAttributedString) {
                let title = NSAttributedString(string: "Title")
                do {
                    let attributed: NSAttributedString = title
                    let textOrigin: CGPoint = CGPoint(x: 4, y: 2)
                    let line = CTLineCreateWithAttributedString(attributed)
                    var ascent: CGFloat = 0
                    _ = CTLineGetTypographicBounds(line, &ascent, nil, nil)
                    ctx.saveGState()
                    ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
                    ctx.textPosition = CGPoint(x: textOrigin.x, y: textOrigin.y + ascent)
                    CTLineDraw(line, ctx)
                    ctx.restoreGState()
                }
                do {
                    let attributed: NSAttributedString = text
                    let textRect: CGRect = CGRect(x: 0, y: 20, width: 80, height: 40)
                    let framesetter = CTFramesetterCreateWithAttributedString(attributed)
                    let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), CGPath(rect: textRect, transform: nil), nil)
                    ctx.saveGState()
                    ctx.translateBy(x: 0, y: textRect.minY + textRect.maxY)
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.textMatrix = .identity
                    CTFrameDraw(frame, ctx)
                    ctx.restoreGState()
                }
                do {
                    let attributed: NSAttributedString = NSAttributedString(string: "x")
                    let textRect: CGRect = CGRect(x: 5, y: 90, width: 50, height: 20)
                    let line = CTLineCreateWithAttributedString(attributed)
                    ctx.saveGState()
                    ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
                    ctx.textPosition = textRect.origin
                    CTLineDraw(line, ctx)
                    ctx.restoreGState()
                }
                image.draw(at: .zero)
            }
            """)
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAStringDrawnWithOptionsIsAFrameOrALineOnItsBaseline() {
        // UIKit's draw(with:options:attributes:context:): a frame in the rectangle with
        // .usesLineFragmentOrigin, else one line whose baseline starts at its origin.
        let source = """
            import UIKit

            func note(_ ctx: CGContext, text: String, box: CGRect) {
                UIGraphicsPushContext(ctx)
                (text as NSString).draw(with: box, options: .usesLineFragmentOrigin, attributes: [:], context: nil)
                "Base".draw(with: box, options: [], attributes: [:], context: nil)
                UIGraphicsPopContext()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func note(_ ctx: CGContext, text: String, box: CGRect) {
                do {
                    let textToDraw: String = text
                    let textRect: CGRect = box
                    let textAttributes: [NSAttributedString.Key: Any] = [:]
                    let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)
                    let framesetter = CTFramesetterCreateWithAttributedString(attributed)
                    let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), CGPath(rect: textRect, transform: nil), nil)
                    ctx.saveGState()
                    ctx.translateBy(x: 0, y: textRect.minY + textRect.maxY)
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.textMatrix = .identity
                    CTFrameDraw(frame, ctx)
                    ctx.restoreGState()
                }
                do {
                    let textToDraw: String = "Base"
                    let textRect: CGRect = box
                    let textAttributes: [NSAttributedString.Key: Any] = [:]
                    let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)
                    let line = CTLineCreateWithAttributedString(attributed)
                    ctx.saveGState()
                    ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
                    ctx.textPosition = textRect.origin
                    CTLineDraw(line, ctx)
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAColourKeptInAPropertyAndAnImageAreDrawnInTheKnownContext() {
        let source = """
            import UIKit

            final class StampLayer: CALayer {
                var tint = UIColor.systemOrange

                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    tint.setFill()
                    UIRectFill(bounds)
                    guard let stamp = UIImage(data: stampData) else { return }
                    stamp.draw(in: bounds.insetBy(dx: 8, dy: 8))
                    stamp.draw(at: .zero)
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source)
        let decode = "CGImageSourceCreateWithData(stampData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            final class StampLayer: CALayer {
                var tint = CGColor(red: 1, green: 149 / 255, blue: 0, alpha: 1)

                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(tint)
                    ctx.saveGState()
                    ctx.setBlendMode(.copy)
                    ctx.fill(bounds)
                    ctx.restoreGState()
                    guard let stamp = (\(decode)) else { return }
                    do {
                        let imageRect: CGRect = bounds.insetBy(dx: 8, dy: 8)
                        ctx.saveGState()
                        ctx.translateBy(x: 0, y: imageRect.minY + imageRect.maxY)
                        ctx.scaleBy(x: 1, y: -1)
                        ctx.draw(stamp, in: imageRect)
                        ctx.restoreGState()
                    }
                    do {
                        let imageOrigin: CGPoint = .zero
                        let imageRect = CGRect(origin: imageOrigin, size: CGSize(width: stamp.width, height: stamp.height))
                        ctx.saveGState()
                        ctx.translateBy(x: 0, y: imageRect.minY + imageRect.maxY)
                        ctx.scaleBy(x: 1, y: -1)
                        ctx.draw(stamp, in: imageRect)
                        ctx.restoreGState()
                    }
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAnOptionalImageDrawnThroughOptionalChainingIsDrawnWhereItIsNotNil() {
        // `image?.draw(in: r)` draws nothing when the image is nil (Swift's optional chaining).
        let source = """
            import UIKit

            final class BadgeView: UIView {
                override func draw(_ rect: CGRect) {
                    let badge = UIImage(named: "badge")
                    badge?.draw(in: bounds.insetBy(dx: 4, dy: 4))
                }
            }

            func stamped(_ size: CGSize) -> UIImage? {
                UIGraphicsBeginImageContextWithOptions(size, false, 1)
                let mark = UIImage(named: "mark")
                mark?.draw(at: .zero)
                let image = UIGraphicsGetImageFromCurrentImageContext()
                UIGraphicsEndImageContext()
                return image
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    if let badge {
                        let imageRect: CGRect = bounds.insetBy(dx: 4, dy: 4)
                        ctx.saveGState()
                        ctx.translateBy(x: 0, y: imageRect.minY + imageRect.maxY)
                        ctx.scaleBy(x: 1, y: -1)
                        ctx.draw(badge, in: imageRect)
                        ctx.restoreGState()
                    }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                if let imageDrawingContext = imageContext, let mark {
                    let imageOrigin: CGPoint = .zero
                    let imageRect = CGRect(origin: imageOrigin, size: CGSize(width: mark.width, height: mark.height))
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        assertSecondRunChangesNothing([ported])
    }

    func testADeferredPopGoesWithThePushAndAStringKeptAsNSStringIsMeasuredAndDrawn() {
        let source = """
            import UIKit

            func label(_ layer: CALayer, in ctx: CGContext) {
                UIGraphicsPushContext(ctx)
                defer { UIGraphicsPopContext() }
                UIColor.red.setFill()
                let title = "max" as NSString
                let size = title.size(withAttributes: nil)
                title.draw(at: CGPoint(x: size.width, y: 0), withAttributes: nil)
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func label(_ layer: CALayer, in ctx: CGContext) {
                ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                let title = "max" as NSString
                let size = { () -> CGSize in let measured = CTLineCreateWithAttributedString(NSAttributedString(string: title as String, attributes: [:])); var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0; let measuredWidth = CTLineGetTypographicBounds(measured, &ascent, &descent, &leading); return CGSize(width: measuredWidth, height: ascent + descent + leading) }()
                do {
                    let textToDraw: String = title as String
                    let textOrigin: CGPoint = CGPoint(x: size.width, y: 0)
                    let textAttributes: [NSAttributedString.Key: Any] = [:]
                    let attributed = NSAttributedString(string: textToDraw, attributes: textAttributes)
                    let line = CTLineCreateWithAttributedString(attributed)
                    var ascent: CGFloat = 0
                    _ = CTLineGetTypographicBounds(line, &ascent, nil, nil)
                    ctx.saveGState()
                    ctx.textMatrix = CGAffineTransform(scaleX: 1, y: -1)
                    ctx.textPosition = CGPoint(x: textOrigin.x, y: textOrigin.y + ascent)
                    CTLineDraw(line, ctx)
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // A name of another type is not drawn.
        let other = "import UIKit\nfunc f(_ ctx: CGContext, title: Label) {\n    UIGraphicsPushContext(ctx)\n    defer { UIGraphicsPopContext() }\n    title.draw(at: .zero, withAttributes: nil)\n}\n"
        XCTAssertTrue(Porter.port(other).ported.contains("    title.draw(at: .zero, withAttributes: nil)\n"))
    }

    func testAnImageDrawnWithABlendModeAndAlphaSetsThemForTheDrawOnly() {
        let source = """
            import UIKit

            func tint(_ ctx: CGContext, _ area: CGRect) {
                UIGraphicsPushContext(ctx)
                guard let stamp = UIImage(data: stampData) else { return }
                stamp.draw(in: area, blendMode: .multiply, alpha: 0.5)
                stamp.draw(at: CGPoint(x: 4, y: 4), blendMode: .sourceAtop, alpha: fade)
                UIGraphicsPopContext()
            }
            """
        let ported = Porter.port(source)
        let decode = "CGImageSourceCreateWithData(stampData, nil).flatMap { CGImageSourceCreateImageAtIndex($0, 0, nil) }"
        XCTAssertEqual(ported.ported, """
            import QuartzCore
            import ImageIO

            func tint(_ ctx: CGContext, _ area: CGRect) {
                guard let stamp = (\(decode)) else { return }
                do {
                    let imageRect: CGRect = area
                    let imageBlendMode: CGBlendMode = .multiply
                    let imageAlpha: CGFloat = 0.5
                    ctx.saveGState()
                    ctx.translateBy(x: 0, y: imageRect.minY + imageRect.maxY)
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.setBlendMode(imageBlendMode)
                    ctx.setAlpha(imageAlpha)
                    ctx.draw(stamp, in: imageRect)
                    ctx.restoreGState()
                }
                do {
                    let imageOrigin: CGPoint = CGPoint(x: 4, y: 4)
                    let imageBlendMode: CGBlendMode = .sourceAtop
                    let imageAlpha: CGFloat = fade
                    let imageRect = CGRect(origin: imageOrigin, size: CGSize(width: stamp.width, height: stamp.height))
                    ctx.saveGState()
                    ctx.translateBy(x: 0, y: imageRect.minY + imageRect.maxY)
                    ctx.scaleBy(x: 1, y: -1)
                    ctx.setBlendMode(imageBlendMode)
                    ctx.setAlpha(imageAlpha)
                    ctx.draw(stamp, in: imageRect)
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testColoursAndPathsMadeFromCoreGraphicsOnesAreThoseAndAPathClips() {
        let source = """
            import UIKit

            func clipped(_ ctx: CGContext, outline: CGPath, shade: CGColor, shape: CAShapeLayer) {
                UIGraphicsPushContext(ctx)
                let path = UIBezierPath(cgPath: outline)
                path.usesEvenOddFillRule = true
                path.addClip()
                UIColor(cgColor: shade).setFill()
                UIRectFill(path.bounds)
                shape.path = UIBezierPath(cgPath: outline).cgPath
                UIGraphicsPopContext()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func clipped(_ ctx: CGContext, outline: CGPath, shade: CGColor, shape: CAShapeLayer) {
                let path = CGMutablePath()
                path.addPath(outline)
                ctx.addPath(path)
                ctx.clip(using: .evenOdd)
                ctx.setFillColor(shade)
                ctx.saveGState()
                ctx.setBlendMode(.copy)
                ctx.fill(path.boundingBox)
                ctx.restoreGState()
                shape.path = outline
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
    }

    func testAPathDrawnInALoopOrConditionIsDrawnWithTheSettingsGivenBefore() {
        // A gauge's tick marks: one path, filled at each turn of a loop, and stroked with its
        // line width in a branch. UIKit draws into the current context where each call runs.
        let source = """
            import UIKit

            func ticks(_ ctx: CGContext, count: Int) {
                UIGraphicsPushContext(ctx)
                let mark = UIBezierPath(rect: CGRect(x: -2, y: 0, width: 4, height: 8))
                mark.lineWidth = 3
                for i in 0...count {
                    ctx.saveGState()
                    ctx.rotate(by: CGFloat(i) * .pi / 6)
                    if i % 2 == 0 { mark.fill() } else { mark.stroke() }
                    ctx.restoreGState()
                }
                UIGraphicsPopContext()
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            func ticks(_ ctx: CGContext, count: Int) {
                let mark = CGMutablePath()
                mark.addRect(CGRect(x: -2, y: 0, width: 4, height: 8))
                for i in 0...count {
                    ctx.saveGState()
                    ctx.rotate(by: CGFloat(i) * .pi / 6)
                    if i % 2 == 0 { ctx.addPath(mark); ctx.fillPath() } else { ctx.saveGState(); ctx.addPath(mark); ctx.setLineWidth(3); ctx.strokePath(); ctx.restoreGState() }
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [], "nothing is left for a person")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
        // Stroked in a `defer` block, which runs as the function ends, after the line width
        // set below it: left.
        let deferred = Porter.port(source.replacingOccurrences(
            of: "    mark.lineWidth = 3\n", with: "    defer { mark.stroke() }\n    mark.lineWidth = 3\n"))
        XCTAssertTrue(deferred.ported.contains("let mark = UIBezierPath(rect:"), deferred.ported)
        XCTAssertEqual(deferred.notes.map(\.construct), ["UIBezierPath"])
    }

    func testDrawingWhereNoContextIsKnownIsLeft() {
        let source = """
            import UIKit

            final class Swatch: UIView {
                override func draw(_ rect: CGRect) {
                    UIColor.red.setFill()
                    UIRectFill(rect)
                    let path = UIBezierPath(ovalIn: rect)
                    path.fill()
                }

                func hold(_ label: UIView) {
                    addSubview(label)
                }
            }
            """
        // A view that holds other views stays a view, whose drawing context is UIKit's.
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, source.replacingOccurrences(of: "import UIKit", with: "import QuartzCore"))
        XCTAssertEqual(ported.notes.map(\.construct), ["Swatch", "UIView", "UIColor", "UIBezierPath"])
        XCTAssertEqual(
            ported.notes.first?.why,
            "the view is not written as a layer: it uses `addSubview` (`addSubview(label)`), a view member the command does not write on its layer")
        // A push without its pop in the block: reported.
        let unpopped = Porter.port("import UIKit\nfunc begin(_ ctx: CGContext) {\n    UIGraphicsPushContext(ctx)\n}\n")
        XCTAssertEqual(unpopped.notes.map(\.construct), ["UIGraphicsPushContext(ctx)"])
        // A Swift string drawn where no context is known names no UIKit type: the call itself
        // is reported.
        let caption = Porter.port("func caption(_ text: String) {\n    text.draw(at: .zero, withAttributes: nil)\n}\n")
        XCTAssertEqual(caption.ported, "func caption(_ text: String) {\n    text.draw(at: .zero, withAttributes: nil)\n}\n")
        XCTAssertEqual(caption.notes.map(\.construct), ["text.draw(at: .zero, withAttributes: nil)"])
    }

    func testASwiftStringIsDrawnAndMeasuredAsTheSameNSStringIs() {
        // UIKit draws and measures a String as the NSString it bridges to: the code written
        // for `text` declared String is the code written for `text as NSString`.
        func ported(_ receiver: String, declaring declaration: String) -> String {
            Porter.port("""
                final class Gauge: CALayer {
                    var title = "SPEED"
                    override func draw(in ctx: CGContext) {
                        UIGraphicsPushContext(ctx)
                        \(declaration)
                        let size = \(receiver).size(withAttributes: [.kern: 1])
                        \(receiver).draw(at: CGPoint(x: -size.width / 2, y: 0), withAttributes: [.kern: 1])
                        \(receiver).draw(in: bounds, withAttributes: nil)
                        UIGraphicsPopContext()
                    }
                }
                """).ported
        }
        let reference = ported("(text as NSString)", declaring: "let text = \"\\(Int(bounds.width))%\"")
        XCTAssertTrue(reference.contains("CTLineDraw"), reference)
        XCTAssertEqual(ported("text", declaring: "let text = \"\\(Int(bounds.width))%\""), reference)
        XCTAssertEqual(ported("text", declaring: "let text: String = \"\\(Int(bounds.width))%\""), reference.replacingOccurrences(of: "let text = ", with: "let text: String = "))
        let property = ported("(title as NSString)", declaring: "")
        XCTAssertEqual(ported("title", declaring: ""), property)
        XCTAssertEqual(
            ported("self.title", declaring: ""),
            property.replacingOccurrences(of: "= title", with: "= self.title").replacingOccurrences(of: "string: title,", with: "string: self.title,"))
        // A parameter declared String.
        let parameter = "func f(_ ctx: CGContext, title: String) {\n    UIGraphicsPushContext(ctx)\n    defer { UIGraphicsPopContext() }\n    title.draw(at: .zero, withAttributes: nil)\n}\n"
        XCTAssertEqual(Porter.port(parameter).ported, Porter.port(parameter.replacingOccurrences(of: "    title.draw", with: "    (title as NSString).draw")).ported)
    }

    func testAppKitDrawingInACurrentContextMadeFromTheLayersGoesToIt() {
        // AppKit draws into its current graphics context; one made from the layer's CGContext
        // (saved before, restored after) is that CGContext. NSBezierPath strokes with its own
        // line width in a saved state, as UIKit's path does.
        let source = """
            final class Frame: CALayer {
                override func draw(in ctx: CGContext) {
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    NSColor.systemBlue.setFill()
                    let path = NSBezierPath(roundedRect: bounds, xRadius: 4, yRadius: 4)
                    path.lineWidth = 3
                    path.fill()
                    path.stroke()
                    NSGraphicsContext.restoreGraphicsState()
                    NSColor.red.setFill()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Frame: CALayer {
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1))
                    let path = CGMutablePath()
                    path.addRoundedRect(in: bounds, cornerWidth: 4, cornerHeight: 4)
                    ctx.addPath(path)
                    ctx.fillPath()
                    ctx.saveGState()
                    ctx.addPath(path)
                    ctx.setLineWidth(3)
                    ctx.strokePath()
                    ctx.restoreGState()
                    NSColor.red.setFill()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["NSColor"], "after the restore no context is known")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAppKitDrawingInAContextMadeCurrentUntilTheSavedOneIsAgainGoesToIt() {
        // The previous current context kept in a name and made current again (after the
        // drawing, or deferred) bounds AppKit's current context as save and restore do.
        let source = """
            final class Dot: CALayer {
                override func draw(in ctx: CGContext) {
                    let previous = NSGraphicsContext.current
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: true)
                    defer { NSGraphicsContext.current = previous }
                    NSColor.systemBlue.setFill()
                    NSBezierPath(ovalIn: bounds).fill()
                }
            }

            final class Ring: CALayer {
                override func draw(in ctx: CGContext) {
                    let saved = NSGraphicsContext.current
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    NSColor.white.setStroke()
                    NSBezierPath(ovalIn: bounds).stroke()
                    NSGraphicsContext.current = saved
                    NSColor.red.setFill()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Dot: CALayer {
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(CGColor(red: 0, green: 122 / 255, blue: 1, alpha: 1))
                    ctx.addPath(CGPath(ellipseIn: bounds, transform: nil))
                    ctx.fillPath()
                }
            }

            final class Ring: CALayer {
                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(CGColor(gray: 1, alpha: 1))
                    ctx.saveGState()
                    ctx.addPath(CGPath(ellipseIn: bounds, transform: nil))
                    ctx.setLineWidth(1)
                    ctx.strokePath()
                    ctx.restoreGState()
                    NSColor.red.setFill()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), ["NSColor"], "after the saved context is current again no context is known")
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)

        // The saved context read otherwise: the statements stay, reported.
        let kept = """
            final class Dot: CALayer {
                override func draw(in ctx: CGContext) {
                    let previous = NSGraphicsContext.current
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: true)
                    NSColor.systemBlue.setFill()
                    NSGraphicsContext.current = previous
                    log(previous)
                }
            }
            """
        let left = Porter.port(kept)
        XCTAssertTrue(left.ported.contains("let previous = NSGraphicsContext.current"), left.ported)
        XCTAssertEqual(left.notes.map(\.construct), ["NSGraphicsContext"])
    }

    func testAStringsShadowIsSetOnTheContextForTheTextDownOnScreen() {
        // UIKit draws an NSShadow attribute, Core Text does not: the drawing written sets the
        // shadow for the text. Its offset is down and to the right on screen: as it is in a
        // layer's context (y down), negated in a bitmap's base space (y up).
        let source = """
            final class Title: CALayer {
                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    let shadow = NSShadow()
                    shadow.shadowColor = UIColor.black.withAlphaComponent(0.4)
                    shadow.shadowOffset = CGSize(width: 0, height: 2)
                    ("Hi" as NSString).draw(at: .zero, withAttributes: [.shadow: shadow])
                    ("Plain" as NSString).draw(at: .zero, withAttributes: [.kern: 1])
                    UIGraphicsPopContext()
                }
            }

            func badge(_ shadow: NSShadow) -> UIImage {
                UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20)).image { _ in
                    ("Go" as NSString).draw(in: CGRect(x: 0, y: 0, width: 40, height: 20), withAttributes: [.shadow: shadow])
                }
            }
            """
        let ported = Porter.port(source)
        let layerShadow = """
                        if let textShadow = textAttributes[.shadow] as? NSShadow {
                            ctx.setShadow(offset: textShadow.shadowOffset, blur: textShadow.shadowBlurRadius, color: textShadow.shadowColor as? CGColor)
                        }
            """
        XCTAssertTrue(ported.ported.contains("shadow.shadowColor = CGColor(gray: 0, alpha: 0.4)"), ported.ported)
        XCTAssertTrue(ported.ported.contains("ctx.saveGState()\n" + layerShadow + "\n            ctx.textMatrix"), ported.ported)
        let layerPart = ported.ported.components(separatedBy: "func badge").first ?? ""
        XCTAssertEqual(layerPart.components(separatedBy: "if let textShadow").count, 2, "the string drawn without a shadow sets none")
        XCTAssertTrue(
            ported.ported.contains("setShadow(offset: CGSize(width: textShadow.shadowOffset.width, height: -textShadow.shadowOffset.height)"),
            ported.ported)
        XCTAssertFalse(ported.notes.map(\.construct).contains("NSShadow"))
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnInitializersAttributedStringParameterIsDrawnWithCoreText() {
        let source = """
            final class CaptionLayer: CALayer {
                init(caption: NSAttributedString) {
                    super.init()
                    contents = UIGraphicsImageRenderer(size: CGSize(width: 100, height: 20)).image { _ in
                        caption.draw(at: .zero)
                    }.cgImage
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("let attributed: NSAttributedString = caption"), ported.ported)
        XCTAssertTrue(ported.ported.contains("CTLineDraw(line, rendererContext)"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAppKitsRectangleFillsAreTheContextsWithAppKitsCompositing() {
        // Expected from AppKit's reference: `NSBezierPath.fill(_:)` and `NSRect.fill()` use the
        // context's compositing operation (source-over unless set), `NSRectFill` copies;
        // `NSBezierPath.stroke(_:)` draws a line of the default width, 1 point.
        let source = """
            final class Grid: CALayer {
                func cell(_ cell: NSRect, in ctx: CGContext) {
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    NSBezierPath.fill(cell)
                    NSBezierPath.stroke(bounds)
                    cell.insetBy(dx: 2, dy: 2).fill()
                    let inner = cell.offsetBy(dx: 1, dy: 0)
                    inner.fill(using: .sourceOver)
                    NSRectFill(bounds)
                    NSGraphicsContext.restoreGraphicsState()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Grid: CALayer {
                func cell(_ cell: NSRect, in ctx: CGContext) {
                    ctx.fill(cell)
                    ctx.saveGState()
                    ctx.setLineWidth(1)
                    ctx.stroke(bounds)
                    ctx.restoreGState()
                    ctx.fill(cell.insetBy(dx: 2, dy: 2))
                    let inner = cell.offsetBy(dx: 1, dy: 0)
                    ctx.fill(inner)
                    ctx.saveGState()
                    ctx.setBlendMode(.copy)
                    ctx.fill(bounds)
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAppKitsOtherCompositingOperationsFillInTheBlendModeOfTheirName() {
        // AppKit's NSCompositingOperation and Core Graphics' CGBlendMode name the same
        // Porter-Duff operations and blend modes (Apple's documentation of both).
        let source = """
            final class Tint: CALayer {
                override func draw(in ctx: CGContext) {
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    bounds.fill(using: .sourceAtop)
                    NSRect(x: 0, y: 0, width: 4, height: 4).fill(using: NSCompositingOperation.multiply)
                    bounds.fill(using: .clear)
                    NSGraphicsContext.restoreGraphicsState()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Tint: CALayer {
                override func draw(in ctx: CGContext) {
                    ctx.saveGState()
                    ctx.setBlendMode(.sourceAtop)
                    ctx.fill(bounds)
                    ctx.restoreGState()
                    ctx.saveGState()
                    ctx.setBlendMode(.multiply)
                    ctx.fill(NSRect(x: 0, y: 0, width: 4, height: 4))
                    ctx.restoreGState()
                    ctx.saveGState()
                    ctx.setBlendMode(.clear)
                    ctx.fill(bounds)
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnAppKitContextKeptInALocalBeforeItIsMadeCurrentIsTheLayersContext() {
        let source = """
            final class Badge: CALayer {
                override func draw(in ctx: CGContext) {
                    let graphics = NSGraphicsContext(cgContext: ctx, flipped: false)
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = graphics
                    NSColor.systemRed.setFill()
                    NSBezierPath(ovalIn: bounds).fill()
                    NSGraphicsContext.restoreGraphicsState()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class Badge: CALayer {
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1))
                    ctx.addPath(CGPath(ellipseIn: bounds, transform: nil))
                    ctx.fillPath()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
        // A local read again after it is made current is left with the drawing.
        let readAgain = Porter.port(source.replacingOccurrences(
            of: "NSGraphicsContext.restoreGraphicsState()", with: "graphics.flushGraphics()\n        NSGraphicsContext.restoreGraphicsState()"))
        XCTAssertTrue(readAgain.ported.contains("let graphics = NSGraphicsContext(cgContext: ctx, flipped: false)"), readAgain.ported)
        XCTAssertTrue(readAgain.notes.map(\.construct).contains("NSGraphicsContext"), "\(readAgain.notes.map(\.construct))")
    }

    func testAnAppKitRectangleFilledKeepsWhatOtherPassesWriteInsideIt() {
        // The image parameter takes the CGImage, so its size is the CGImage's, also inside the
        // rectangle moved into the context's call.
        let source = """
            import Cocoa

            enum Tinter {
                static func tint(_ image: NSImage, in ctx: CGContext) {
                    NSGraphicsContext.saveGraphicsState()
                    NSGraphicsContext.current = NSGraphicsContext(cgContext: ctx, flipped: false)
                    NSRect(origin: .zero, size: image.size).fill(using: .sourceAtop)
                    NSGraphicsContext.restoreGraphicsState()
                    ctx.draw(image.cgImage(forProposedRect: nil, context: nil, hints: nil)!, in: .zero)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            enum Tinter {
                static func tint(_ image: CGImage, in ctx: CGContext) {
                    ctx.saveGState()
                    ctx.setBlendMode(.sourceAtop)
                    ctx.fill(NSRect(origin: .zero, size: CGSize(width: image.width, height: image.height)))
                    ctx.restoreGState()
                    ctx.draw(image, in: .zero)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertTrue(
            ported.changes.contains { $0.after.contains("ctx.fill(NSRect(origin: .zero, size: image.size))") },
            "the report shows the rectangle as it was written")
    }

    func testUIKitsRectangleFillsCopyOrUseTheBlendModeGiven() {
        // Apple's documentation: UIRectFill fills with the current fill colour and the copy
        // blend mode (a clear colour clears); UIRectFillUsingBlendMode with the mode it is given.
        let source = """
            import UIKit

            final class Eraser: CALayer {
                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    UIColor.clear.setFill()
                    UIRectFill(bounds.insetBy(dx: 4, dy: 4))
                    UIColor.red.setFill()
                    UIRectFillUsingBlendMode(bounds, .sourceAtop)
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            final class Eraser: CALayer {
                override func draw(in ctx: CGContext) {
                    ctx.setFillColor(CGColor(gray: 0, alpha: 0))
                    ctx.saveGState()
                    ctx.setBlendMode(.copy)
                    ctx.fill(bounds.insetBy(dx: 4, dy: 4))
                    ctx.restoreGState()
                    ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                    ctx.saveGState()
                    ctx.setBlendMode(.sourceAtop)
                    ctx.fill(bounds)
                    ctx.restoreGState()
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported)
    }

    func testAnImageContextBegunAndEndedAfterAPushLeavesThePushedContextCurrent() {
        // UIKit keeps its contexts on a stack: ending the image context makes the pushed one
        // current again, so the drawing after it and the pop are the pushed context's.
        let source = """
            import UIKit

            final class Ring: CALayer {
                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    UIGraphicsBeginImageContextWithOptions(bounds.size, false, 0)
                    let imageCtx = UIGraphicsGetCurrentContext()
                    imageCtx?.fill(bounds)
                    UIGraphicsEndImageContext()
                    UIColor.white.setFill()
                    UIRectFill(bounds)
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source, path: "Ring.swift")
        XCTAssertFalse(ported.ported.contains("UIGraphics"), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    ctx.setFillColor(CGColor(gray: 1, alpha: 1))
                    ctx.saveGState()
                    ctx.setBlendMode(.copy)
                    ctx.fill(bounds)
                    ctx.restoreGState()
                }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAStringDrawnWithAttributesCoreTextDoesNotDrawIsWrittenAndReported() {
        // UIKit's string drawing (TextKit) draws a strikethrough and a background colour;
        // Core Text, which the drawing becomes, does not: the person is told what is missing.
        let source = """
            final class Price: CALayer {
                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    var attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 12)]
                    attributes[.strikethroughStyle] = NSUnderlineStyle.single.rawValue
                    ("$20" as NSString).draw(at: CGPoint(x: 2, y: 2), withAttributes: attributes)
                    ("$15" as NSString).draw(at: CGPoint(x: 2, y: 20), withAttributes: [.font: UIFont.systemFont(ofSize: 12)])
                    UIGraphicsPopContext()
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("CTLineDraw(line, ctx)"), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIGraphics"), ported.ported)
        XCTAssertEqual(ported.notes.count, 1, "\(ported.notes)")
        XCTAssertEqual(ported.notes.first?.line, 6)
        XCTAssertTrue(ported.notes.first?.why.contains(".strikethroughStyle") == true, "\(ported.notes)")
        XCTAssertTrue(ported.notes.first?.todo.contains("line across the text") == true, "\(ported.notes)")
    }

    func testAPlaceAlreadyNamedAsTheDrawingWouldBindItIsReadAsItIs() {
        // `draw(in: textRect)` with a local `textRect` (and `draw(at: textOrigin, …)`): the
        // drawing would bind that very name, so it reads the local instead of binding it again
        // (`let textRect: CGRect = textRect` does not compile). An attributed string held in a
        // property is drawn with its own attributes.
        let source = """
            import UIKit

            final class BadgeView: UIView {
                var title = NSAttributedString(string: "3")

                override func draw(_ rect: CGRect) {
                    let textRect = bounds.insetBy(dx: 4, dy: 2)
                    title.draw(in: textRect)
                    let textOrigin = CGPoint(x: 2, y: 2)
                    ("Hi" as NSString).draw(at: textOrigin, withAttributes: nil)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    let textRect = bounds.insetBy(dx: 4, dy: 2)
                    do {
                        let attributed: NSAttributedString = title
                        let framesetter = CTFramesetterCreateWithAttributedString(attributed)
                        let frame = CTFramesetterCreateFrame(framesetter, CFRange(location: 0, length: 0), CGPath(rect: textRect, transform: nil), nil)
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                    let textOrigin = CGPoint(x: 2, y: 2)
                    do {
                        let textToDraw: String = "Hi"
                        let textAttributes: [NSAttributedString.Key: Any] = [:]
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testAPushInAFunctionsBodyThatIsNeverPoppedGoes() {
        // The pushed context stays current to the function's end, where the drawing after it goes.
        let source = """
            import UIKit

            class FaceLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    UIGraphicsPushContext(ctx)
                    UIColor.white.setStroke()
                    ctx.stroke(bounds)
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            import QuartzCore

            class FaceLayer: CALayer {
                override func draw(in ctx: CGContext) {
                    ctx.setStrokeColor(CGColor(gray: 1, alpha: 1))
                    ctx.stroke(bounds)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // In an inner block, unpopped, it is left.
        let inner = Porter.port(source.replacingOccurrences(of: "        UIGraphicsPushContext(ctx)\n", with: "        if true { UIGraphicsPushContext(ctx) }\n"))
        XCTAssertTrue(inner.ported.contains("UIGraphicsPushContext(ctx)"), inner.ported)
    }
}
