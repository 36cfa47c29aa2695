import CoreText
import Foundation
import QuartzCore
import XCTest

// UIKit idioms as the porting command (`lamina-port`) writes them, run on Lamina: the
// code below is the command's output for the UIKit source quoted above each, and must draw
// what UIKit draws.

extension CALayer {
    /// From:
    /// ```swift
    /// func snapshotImage() -> UIImage? {
    ///     UIGraphicsBeginImageContextWithOptions(bounds.size, isOpaque, 0)
    ///     defer { UIGraphicsEndImageContext() }
    ///     guard let context = UIGraphicsGetCurrentContext() else { return nil }
    ///     render(in: context)
    ///     return UIGraphicsGetImageFromCurrentImageContext()
    /// }
    /// ```
    fileprivate func portedSnapshotImage() -> CGImage? {
        let imageSize = bounds.size
        let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: (isOpaque ? CGImageAlphaInfo.noneSkipFirst : CGImageAlphaInfo.premultipliedFirst).rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
        imageContext?.scaleBy(x: 1, y: -1)
        guard let context = imageContext else { return nil }
        render(in: context)
        return imageContext?.makeImage()
    }

    /// From:
    /// ```swift
    /// func renderedImage() -> UIImage {
    ///     let renderer = UIGraphicsImageRenderer(bounds: bounds)
    ///     return renderer.image { context in
    ///         render(in: context.cgContext)
    ///     }
    /// }
    /// ```
    fileprivate func portedRenderedImage() -> CGImage? {
        return { () -> CGImage? in
            let imageBounds = bounds
            let imageSize = imageBounds.size
            let imageContext = CGContext(data: nil, width: Int(imageSize.width.rounded(.up)), height: Int(imageSize.height.rounded(.up)), bitsPerComponent: 8, bytesPerRow: 0, space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
            imageContext?.translateBy(x: 0, y: CGFloat(imageContext?.height ?? 0))
            imageContext?.scaleBy(x: 1, y: -1)
            imageContext?.translateBy(x: -imageBounds.minX, y: -imageBounds.minY)
            guard let context = imageContext else { return nil }
            render(in: context)
            return context.makeImage()
        }()
    }
}

/// From a layer delegate drawing with UIKit into the context it is given:
/// ```swift
/// UIGraphicsPushContext(ctx)
/// UIColor.systemRed.setFill()
/// UIBezierPath(ovalIn: layer.bounds.insetBy(dx: 2, dy: 2)).fill()
/// UIColor.white.setStroke()
/// let ring = UIBezierPath(ovalIn: layer.bounds.insetBy(dx: 2, dy: 2))
/// ring.lineWidth = 2
/// ring.stroke()
/// UIGraphicsPopContext()
/// ```
private final class PortedBadgeDrawer: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1))
        ctx.addPath(CGPath(ellipseIn: layer.bounds.insetBy(dx: 2, dy: 2), transform: nil))
        ctx.fillPath()
        ctx.setStrokeColor(CGColor(gray: 1, alpha: 1))
        let ring = CGMutablePath()
        ring.addEllipse(in: layer.bounds.insetBy(dx: 2, dy: 2))
        ctx.saveGState()
        ctx.addPath(ring)
        ctx.setLineWidth(2)
        ctx.strokePath()
        ctx.restoreGState()
    }
}

/// From `(text as NSString).draw(at: origin, withAttributes: [.font: font])` in a context
/// pushed as UIKit's current one.
private func portedDrawText(_ text: String, at origin: CGPoint, font: CTFont, in ctx: CGContext) {
    do {
        let textToDraw: String = text
        let textOrigin: CGPoint = origin
        let textAttributes: [NSAttributedString.Key: Any] = [.font: font]
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

/// From `stamp.draw(in: rect)` in a context pushed as UIKit's current one.
private func portedDrawImage(_ stamp: CGImage, in rect: CGRect, in ctx: CGContext) {
    do {
        let imageRect: CGRect = rect
        ctx.saveGState()
        ctx.translateBy(x: 0, y: imageRect.minY + imageRect.maxY)
        ctx.scaleBy(x: 1, y: -1)
        ctx.draw(stamp, in: imageRect)
        ctx.restoreGState()
    }
}

/// From `UIColor(patternImage: stripes).cgColor`.
private func portedPatternColor(_ stripes: CGImage) -> CGColor {
    { () -> CGColor in let patternImage: CGImage = stripes; var callbacks = CGPatternCallbacks(version: 0, drawPattern: { info, cell in let tile = Unmanaged<CGImage>.fromOpaque(info!).takeUnretainedValue(); cell.draw(tile, in: CGRect(x: 0, y: 0, width: tile.width, height: tile.height)) }, releaseInfo: { info in Unmanaged<CGImage>.fromOpaque(info!).release() }); let size = CGSize(width: patternImage.width, height: patternImage.height); let pattern = CGPattern(info: Unmanaged.passRetained(patternImage).toOpaque(), bounds: CGRect(origin: .zero, size: size), matrix: CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: size.height), xStep: size.width, yStep: size.height, tiling: .constantSpacing, isColored: true, callbacks: &callbacks)!; return CGColor(patternSpace: CGColorSpace(patternBaseSpace: nil)!, pattern: pattern, components: [1])! }()
}

/// From:
/// ```swift
/// extension UIColor {
///     convenience init(hex: Int, alpha: CGFloat = 1.0) {
///         self.init(red: CGFloat((hex >> 16) & 0xFF) / 255.0, green: CGFloat((hex >> 8) & 0xFF) / 255.0,
///                   blue: CGFloat(hex & 0xFF) / 255.0, alpha: alpha)
///     }
/// }
/// ```
extension CGColor {
    convenience init(hex: Int, alpha: CGFloat = 1.0) {
        self.init(red: CGFloat((hex >> 16) & 0xFF) / 255.0, green: CGFloat((hex >> 8) & 0xFF) / 255.0,
                  blue: CGFloat(hex & 0xFF) / 255.0, alpha: alpha)
    }
}

/// The pixel at (x, y) of a 32-bit image, row 0 at the top, in memory order.
private func pixel(_ image: CGImage, _ x: Int, _ y: Int) throws -> [UInt8] {
    let data = try XCTUnwrap(image.dataProvider?.data) as Data
    let offset = y * image.bytesPerRow + x * 4
    return Array(data[offset..<offset + 4])
}

/// From `UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight],
/// cornerRadii: radii).cgPath`.
private func portedRoundedCorners(_ frame: CGRect, radii size: CGSize) -> CGPath {
    {
        let rect = frame, radii = size, rounded = CGMutablePath()
        let rx = min(radii.width, rect.width / 2), ry = min(radii.height, rect.height / 2)
        rounded.move(to: CGPoint(x: rect.minX + rx, y: rect.minY))
        rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        rounded.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))
        rounded.addCurve(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - ry * 0.447715), control2: CGPoint(x: rect.maxX - rx * 0.447715, y: rect.maxY))
        rounded.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        rounded.addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))
        rounded.addCurve(to: CGPoint(x: rect.minX + rx, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + ry * 0.447715), control2: CGPoint(x: rect.minX + rx * 0.447715, y: rect.minY))
        rounded.closeSubpath()
        return rounded
    }()
}

final class PortedUIKitIdiomTests: XCTestCase {
    /// A 1 × 2 image, red above blue: RGBA bytes whose first row is the image's top.
    private func redAboveBlue() throws -> CGImage {
        var pixels: [UInt8] = [255, 0, 0, 255, 0, 0, 255, 255]
        return try XCTUnwrap(pixels.withUnsafeMutableBytes { bytes -> CGImage? in
            CGContext(
                data: bytes.baseAddress, width: 1, height: 2, bitsPerComponent: 8, bytesPerRow: 4,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)?.makeImage()
        })
    }

    /// A layer of `bounds` with a sublayer of `color` at `corner`.
    private func layerWithCorner(bounds: CGRect, corner: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.bounds = bounds
        let sublayer = CALayer()
        sublayer.frame = corner
        sublayer.backgroundColor = color
        layer.addSublayer(sublayer)
        return layer
    }

    func testAnImageContextSnapshotIsUprightBGRAWithTheLayersPixels() throws {
        let layer = layerWithCorner(
            bounds: CGRect(x: 0, y: 0, width: 20.5, height: 10), corner: CGRect(x: 0, y: 0, width: 10, height: 5),
            CGColor(red: 1, green: 0, blue: 0, alpha: 1))

        let image = try XCTUnwrap(layer.portedSnapshotImage())
        // UIKit rounds the context's size up to whole pixels at scale 1.
        XCTAssertEqual([image.width, image.height], [21, 10])
        XCTAssertEqual(image.bitsPerPixel, 32)
        // UIKit's image contexts put y = 0 at the top: the red sublayer is in the image's top
        // left rows, stored blue, green, red, alpha (32-bit little-endian ARGB).
        XCTAssertEqual(try pixel(image, 0, 0), [0, 0, 255, 255])
        XCTAssertEqual(try pixel(image, 9, 4), [0, 0, 255, 255])
        XCTAssertEqual(try pixel(image, 0, 9), [0, 0, 0, 0])
        XCTAssertEqual(try pixel(image, 15, 0), [0, 0, 0, 0])
    }

    func testARendererMadeFromBoundsPutsTheBoundsOriginAtTheImagesTopLeft() throws {
        // UIGraphicsImageRenderer(bounds:) draws the bounds' origin at the image's top-left.
        let layer = layerWithCorner(
            bounds: CGRect(x: 10, y: 5, width: 20, height: 10), corner: CGRect(x: 10, y: 5, width: 5, height: 5),
            CGColor(red: 0, green: 0, blue: 1, alpha: 1))

        let image = try XCTUnwrap(layer.portedRenderedImage())
        XCTAssertEqual([image.width, image.height], [20, 10])
        XCTAssertEqual(try pixel(image, 0, 0), [255, 0, 0, 255])
        XCTAssertEqual(try pixel(image, 4, 4), [255, 0, 0, 255])
        XCTAssertEqual(try pixel(image, 5, 5), [0, 0, 0, 0])
    }

    func testUIKitDrawingWrittenForThePushedContextFillsThenStrokesAsUIKitDoes() async throws {
        let drawer = PortedBadgeDrawer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.delegate = drawer
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let snapshot = try XCTUnwrap(LayerSnapshot(of: layer, width: 40, height: 40))
        // systemRed (255, 59, 48) inside; the 2-point white ring over the oval's edge (y 1 to 3
        // at the top, 37 to 39 at the bottom); nothing outside it.
        XCTAssertEqual(snapshot.pixel(x: 20, y: 20), [255, 59, 48, 255])
        XCTAssertEqual(snapshot.pixel(x: 20, y: 2), [255, 255, 255, 255])
        XCTAssertEqual(snapshot.pixel(x: 20, y: 37), [255, 255, 255, 255])
        XCTAssertEqual(snapshot.pixel(x: 1, y: 1), [0, 0, 0, 0])
        // The ring is the path's 2 points wide: just inside it, the fill shows.
        XCTAssertEqual(snapshot.pixel(x: 20, y: 4), [255, 59, 48, 255])
    }

    func testAStringDrawnAtAPointHasItsLineTopThereAndStandsUpright() throws {
        // UIKit's contexts are y-down; `draw(at:)` puts the line's top at the point, so the
        // baseline is the font's ascent below it and a capital's top its cap height above that.
        let width = 80, height = 60
        let ctx = try XCTUnwrap(CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: CGFloat(height))
        ctx.scaleBy(x: 1, y: -1)
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 40, nil)
        portedDrawText("L", at: CGPoint(x: 10, y: 5), font: font, in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        let data = try XCTUnwrap(image.dataProvider?.data) as Data
        let inked = { (x: Int, y: Int) in data[y * image.bytesPerRow + x * 4 + 3] > 127 }
        let rows = (0..<height).filter { y in (0..<width).contains { inked($0, y) } }
        let top = try XCTUnwrap(rows.first), bottom = try XCTUnwrap(rows.last)
        // The font's own metrics (FreeType's, through Core Text) give where the ink belongs.
        let baseline = 5 + CTFontGetAscent(font)
        XCTAssertEqual(CGFloat(top), (baseline - CTFontGetCapHeight(font)).rounded(.down), accuracy: 1)
        XCTAssertEqual(CGFloat(bottom + 1), baseline.rounded(), accuracy: 1)
        // Upright: the L's foot (its widest row) is at the bottom, not the top.
        let runs = rows.map { y in (0..<width).filter { inked($0, y) }.count }
        XCTAssertGreaterThan(runs.last!, runs.first! * 3)
    }

    func testAnImageDrawnInARectangleStandsUprightInAYDownContext() throws {
        // A 1 × 2 image, red above blue (an image's first row is its top), drawn by UIKit into
        // the lower half of an 8 × 8 y-down context: red above blue there too.
        let stamp = try redAboveBlue()
        let ctx = try XCTUnwrap(CGContext(
            data: nil, width: 8, height: 8, bitsPerComponent: 8, bytesPerRow: 32,
            space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 8)
        ctx.scaleBy(x: 1, y: -1)
        ctx.interpolationQuality = .none
        portedDrawImage(stamp, in: CGRect(x: 0, y: 4, width: 8, height: 4), in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        // The context's image stores blue, green, red, alpha (its bitmap info says so).
        XCTAssertEqual(image.bitmapInfo.rawValue & CGBitmapInfo.alphaInfoMask.rawValue, CGImageAlphaInfo.premultipliedFirst.rawValue)
        XCTAssertEqual(try pixel(image, 3, 1), [0, 0, 0, 0])
        XCTAssertEqual(try pixel(image, 3, 4), [0, 0, 255, 255])
        XCTAssertEqual(try pixel(image, 3, 7), [255, 0, 0, 255])
    }

    func testAPatternColourOfAnImageTilesItUprightFromALayersTopLeft() throws {
        // UIKit tiles a pattern image upright from the top-left of the view's context: a 1 × 2
        // image, red above blue, fills a layer's 2 × 4 context red, blue, red, blue from the top.
        let stripes = try redAboveBlue()
        let ctx = try XCTUnwrap(CGContext.layerContext(width: 2, height: 4, scale: 1))
        ctx.setFillColor(portedPatternColor(stripes))
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        let image = try XCTUnwrap(ctx.makeImage())
        // Stored blue, green, red, alpha.
        let red: [UInt8] = [0, 0, 255, 255], blue: [UInt8] = [255, 0, 0, 255]
        XCTAssertEqual(try (0..<4).map { try pixel(image, 1, $0) }, [red, blue, red, blue])
    }

    func testAPatternColourOfAnImageAsALayersBackgroundTilesItUprightFromTheLayersTopLeft() throws {
        // UIKit tiles a view's pattern-image background upright from its top-left: the 1 × 2
        // image, red above blue, fills a 2 × 4 layer red, blue, red, blue from the top, in the
        // command's snapshot of it.
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 2, height: 4)
        layer.backgroundColor = portedPatternColor(try redAboveBlue())
        let image = try XCTUnwrap(layer.portedSnapshotImage())
        // Stored blue, green, red, alpha.
        let red: [UInt8] = [0, 0, 255, 255], blue: [UInt8] = [255, 0, 0, 255]
        XCTAssertEqual(try (0..<4).map { try pixel(image, 1, $0) }, [red, blue, red, blue])
    }

    func testAHexColourInitializerWrittenOnCGColorGivesTheComponentsUIKitsGives() {
        // `UIColor(hex: 0x3366FF, alpha: 0.5).cgColor` on Apple platforms: the sRGB components
        // 0x33 / 255, 0x66 / 255, 0xFF / 255 and alpha 0.5.
        let color = CGColor(hex: 0x3366FF, alpha: 0.5)
        XCTAssertEqual(color.components, [0x33 / 255.0, 0x66 / 255.0, 1, 0.5])
        XCTAssertEqual(color.colorSpace?.name, CGColorSpace.sRGB)
        XCTAssertEqual(CGColor(hex: 0xFF0000).alpha, 1, "alpha defaults to 1")
    }

    func testAHueSaturationBrightnessColourConvertedWhenItRunsGivesUIKitsComponents() throws {
        // From `UIColor(hue: hue, saturation: s, brightness: b, alpha: 1).cgColor` with names.
        // Python's colorsys.hsv_to_rgb gives, for a hue in each sixth of the circle: (1, 0.8,
        // 0.5) for (0.1, 0.5, 1), (0.6, 0.8, 0.4) for (0.25, 0.5, 0.8), (0.4, 0.666667, 0.8)
        // for (200/360, 0.5, 0.8), (0.54, 0.684, 0.9) for (0.6, 0.4, 0.9), (0.75, 0.5, 1) for
        // (0.75, 0.5, 1), (1, 0.4, 0.58) for (0.95, 0.6, 1); and a hue of 1 is red as 0 is.
        func ported(_ hue: CGFloat, _ s: CGFloat, _ b: CGFloat) -> CGColor {
            { (hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) -> CGColor in let h = (hue - hue.rounded(.down)) * 6, f = h - h.rounded(.down), v = brightness; let p = v * (1 - saturation), q = v * (1 - f * saturation), t = v * (1 - (1 - f) * saturation); let rgb: [CGFloat] = [[v, t, p], [q, v, p], [p, v, t], [p, q, v], [t, p, v], [v, p, q]][Int(h.rounded(.down)) % 6]; return CGColor(red: rgb[0], green: rgb[1], blue: rgb[2], alpha: alpha) }(hue, s, b, 1)
        }
        let cases: [(hsb: [CGFloat], rgb: [CGFloat])] = [
            ([0.1, 0.5, 1], [1, 0.8, 0.5]), ([0.25, 0.5, 0.8], [0.6, 0.8, 0.4]), ([200 / 360, 0.5, 0.8], [0.4, 0.666667, 0.8]),
            ([0.6, 0.4, 0.9], [0.54, 0.684, 0.9]), ([0.75, 0.5, 1], [0.75, 0.5, 1]), ([0.95, 0.6, 1], [1, 0.4, 0.58]),
            ([1, 1, 1], [1, 0, 0]),
        ]
        for (hsb, rgb) in cases {
            let components = try XCTUnwrap(ported(hsb[0], hsb[1], hsb[2]).components)
            for (value, expected) in zip(components, rgb + [1]) {
                XCTAssertEqual(value, expected, accuracy: 0.000001, "\(hsb)")
            }
        }
    }

    func testARectangleInsetByEdgeInsetsIsTheOneUIKitsHeaderDefines() {
        // From `rect.inset(by: UIEdgeInsets(top: 8, left: 12, bottom: 4, right: 6))`. UIKit's
        // UIEdgeInsetsInsetRect (UIGeometry.h) adds left and top to the origin and takes
        // left + right and top + bottom from the size: (10, 20, 100, 50) → (22, 28, 82, 38).
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        let inset = { (rect: CGRect, top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) -> CGRect in CGRect(x: rect.origin.x + left, y: rect.origin.y + top, width: rect.size.width - left - right, height: rect.size.height - top - bottom) }(rect, 8, 12, 4, 6)
        XCTAssertEqual(inset, CGRect(x: 22, y: 28, width: 82, height: 38))
    }

    func testCornersRoundedByNameAreQuarterOvalsOfTheClampedRadii() {
        // 100 × 50 with 30 × 40 radii: the height clamps to 25 (Apple's documentation: half the
        // rectangle's height). Inside-or-not of points near the corners, worked out from the
        // oval (x/30)² + (y/25)² ≤ 1 about each rounded corner's centre.
        let path = portedRoundedCorners(CGRect(x: 0, y: 0, width: 100, height: 50), radii: CGSize(width: 30, height: 40))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 30, y: 0), "the path closes back at the top edge after the top-left corner")
        XCTAssertEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 100, height: 50))
        // Top-left, rounded: (2, 2) is outside the oval about (30, 25); (12, 8) inside.
        XCTAssertFalse(path.contains(CGPoint(x: 2, y: 2)))
        XCTAssertTrue(path.contains(CGPoint(x: 12, y: 8)))
        // Top-right and bottom-left stay square.
        XCTAssertTrue(path.contains(CGPoint(x: 99, y: 1)))
        XCTAssertTrue(path.contains(CGPoint(x: 1, y: 49)))
        // Bottom-right, rounded: (98, 48) outside; (88, 42) inside ((18/30)² + (17/25)² = 0.82).
        XCTAssertFalse(path.contains(CGPoint(x: 98, y: 48)))
        XCTAssertTrue(path.contains(CGPoint(x: 88, y: 42)))
        // On the oval's 45° point (30 − 30 cos 45°, 25 − 25 sin 45°) = (8.79, 7.32), within the
        // Bézier approximation's 0.03%: just inside, just outside.
        XCTAssertTrue(path.contains(CGPoint(x: 8.9, y: 7.45)))
        XCTAssertFalse(path.contains(CGPoint(x: 8.65, y: 7.2)))
    }
}
