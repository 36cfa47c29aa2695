import LaminaPortRewriter
import XCTest

// AppKit's images made with a drawing handler. Expected output follows AppKit's NSImage
// reference for `init(size:flipped:drawingHandler:)`: the handler is given the image's bounds
// (origin zero, the image's size) and draws into a context flipped as `flipped:` says; it
// returns whether it drew. Core Graphics' bitmap contexts have y up, so a flipped one is
// turned as UIKit's image contexts are (translated by its height and scaled by -1 in y).
final class ImageDrawingHandlerRewriterTests: XCTestCase {
    private let bitmap =
        "let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)"

    func testAHandlersImageIsItsDrawingDoneOnceInABitmapContextFlippedAsItSays() {
        let source = """
            final class CheckerboardLayer: CALayer {
                static let tile: NSImage = NSImage(size: NSSize(width: 16, height: 16), flipped: false) { rect in
                    NSColor.white.setFill()
                    rect.fill()
                    NSColor.black.setFill()
                    NSRect(x: 0, y: 0, width: 8, height: 8).fill(using: .copy)
                    return true
                }

                func badge(diameter: CGFloat) -> NSImage {
                    return NSImage(size: NSSize(width: diameter, height: diameter), flipped: true, drawingHandler: { [weak self] bounds in
                        guard let self else { return false }
                        NSColor.red.setFill()
                        NSBezierPath(ovalIn: bounds).fill()
                        return self.isHidden == false
                    })
                }

                func setUp() {
                    contents = Self.tile
                    let image = badge(diameter: 12)
                    bounds.size = image.size
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertEqual(ported.ported, """
            final class CheckerboardLayer: CALayer {
                static let tile: CGImage? = { () -> CGImage? in
                    let imageSize = NSSize(width: 16, height: 16)
                    \(bitmap)
                    let rect = CGRect(origin: .zero, size: imageSize)
                    imageContext?.setFillColor(CGColor(gray: 1, alpha: 1))
                    imageContext?.fill(rect)
                    imageContext?.setFillColor(CGColor(gray: 0, alpha: 1))
                    imageContext?.saveGState()
                    imageContext?.setBlendMode(.copy)
                    imageContext?.fill(NSRect(x: 0, y: 0, width: 8, height: 8))
                    imageContext?.restoreGState()
                    return imageContext?.makeImage()
                }()

                func badge(diameter: CGFloat) -> CGImage? {
                    return { [weak self] () -> CGImage? in
                        let imageSize = NSSize(width: diameter, height: diameter)
                        \(bitmap)
                        imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
                        imageContext?.scaleBy(x: 1, y: -1)
                        let bounds = CGRect(origin: .zero, size: imageSize)
                        guard let self else { return nil }
                        imageContext?.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                        imageContext?.addPath(CGPath(ellipseIn: bounds, transform: nil))
                        imageContext?.fillPath()
                        return (self.isHidden == false) ? imageContext?.makeImage() : nil
                    }()
                }

                func setUp() {
                    contents = Self.tile
                    let image = badge(diameter: 12)
                    bounds.size = (image.map { CGSize(width: $0.width, height: $0.height) } ?? .zero)
                }
            }
            """)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        XCTAssertEqual(Porter.port(ported.ported).ported, ported.ported, "a second run changes nothing")
    }

    func testAHandlersImageMadeAnAppKitPatternColourIsTheTiledCGImage() {
        // AppKit's pattern colour tiles its image; the image may be missing here (a CGImage?),
        // and the colour is then clear.
        let source = """
            let checker = NSImage(size: NSSize(width: 16, height: 16), flipped: false) { rect in
                NSColor.white.setFill()
                rect.fill()
                return true
            }

            func applyChecker(to layer: CALayer) {
                layer.backgroundColor = NSColor(patternImage: checker).cgColor
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.hasPrefix("let checker = { () -> CGImage? in\n"), ported.ported)
        XCTAssertTrue(
            ported.ported.contains(
                "layer.backgroundColor = { () -> CGColor in let patternImageOrNil: CGImage? = checker; guard let patternImage = patternImageOrNil else { return CGColor(gray: 0, alpha: 0) }; var callbacks = CGPatternCallbacks("),
            ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
    }

    func testAHandlerImageTheCommandCannotFollowIsLeft() {
        let cases = [
            // Flipped or not only at run time.
            ("let tile = NSImage(size: s, flipped: isFlipped) { rect in rect.fill(); return true }", "layer.contents = tile"),
            // The rectangle as `$0`.
            ("let tile = NSImage(size: s, flipped: false) { $0.fill(); return true }", "layer.contents = tile"),
            // Used otherwise.
            ("let tile = NSImage(size: s, flipped: false) { rect in rect.fill(); return true }", "tile.isTemplate = true"),
        ]
        for (made, used) in cases {
            let source = """
                func stamp(on layer: CALayer, s: CGSize, isFlipped: Bool) {
                    \(made)
                    \(used)
                }
                """
            let ported = Porter.port(source)
            XCTAssertTrue(ported.ported.contains(made), ported.ported)
            XCTAssertTrue(ported.notes.contains { $0.construct == "NSImage" }, "\(ported.notes.map(\.construct)) for \(made); \(used)")
        }
    }
}
