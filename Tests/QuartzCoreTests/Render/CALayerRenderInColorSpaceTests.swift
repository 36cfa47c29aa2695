import QuartzCore
import TestSupport
import XCTest

/// `render(in:)` draws into the context's colour space: a layer's colours and a gradient
/// layer's mixed colours are converted into it (gradient layers mix in Generic RGB). Expected pixels
/// come from sRGB → Display P3 computed here with the published four-decimal matrices and the
/// sRGB transfer function: sRGB red is about (0.9175, 0.2000, 0.1384) in Display P3, sRGB blue
/// about (0, 0, 0.9594).
@MainActor
final class CALayerRenderInColorSpaceTests: XCTestCase {
    private func context(_ name: String, width: Int, height: Int) throws -> CGContext {
        let space = try XCTUnwrap(CGColorSpace(name: name))
        return try XCTUnwrap(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue))
    }

    func testALayersBackgroundIsConvertedIntoADisplayP3Context() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 4, height: 4), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        let ctx = try context(CGColorSpace.displayP3, width: 4, height: 4)
        root.render(in: ctx)
        assertPixel(ctx.makeImage(), 1, 1, px(234, 51, 35), tolerance: 1)
        let plain = try context(CGColorSpace.sRGB, width: 4, height: 4)
        root.render(in: plain)
        assertPixel(plain.makeImage(), 1, 1, px(255, 0, 0))
    }

    func testAGradientLayerMixesInGenericRGBAndIsConvertedIntoTheContextsSpace() async throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 2)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let ctx = try context(CGColorSpace.displayP3, width: 100, height: 2)
        gradient.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        // The middle pixel: the two stops mixed in Generic RGB (the independent oracle), that
        // colour converted into Display P3 with the published linear sRGB → Display P3 matrix.
        let mixed = GenericRGBGradientOracle.sRGB(at: 50.5 / 100, of: [(1, 0, 0), (0, 0, 1)], locations: [0, 1])
        func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func encode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }
        let l = (decode(mixed.0), decode(mixed.1), decode(mixed.2))
        let expected = [
            encode(0.8225 * l.0 + 0.1774 * l.1), encode(0.0332 * l.0 + 0.9669 * l.1),
            encode(0.0171 * l.0 + 0.0724 * l.1 + 0.9108 * l.2),
        ]
        let pixel = try XCTUnwrap(image.pixel(x: 50, y: 0))
        XCTAssertEqual(Double(pixel.red), expected[0] * 255, accuracy: 1.5)
        XCTAssertEqual(Double(pixel.green), expected[1] * 255, accuracy: 1.5)
        XCTAssertEqual(Double(pixel.blue), expected[2] * 255, accuracy: 1.5)
    }

    /// Apple's render of a three-stop gradient layer across 1000 px (a frame of real code;
    /// the red channel every 100 px, read from Apple's PNG): stops (1, 0.988, 0),
    /// (0.5, 0.994, 0.024) and (0, 1, 0.047) at 0, 0.5 and 1.
    private let applesRow: [(x: Int, red: Double)] = [
        (0, 255), (100, 231), (200, 207), (300, 183), (400, 156), (500, 128), (600, 110), (700, 93), (800, 72),
        (900, 47), (950, 31),
    ]

    /// The gradient layer of Apple's row, 1000 × 1.
    private func applesGradient() -> CAGradientLayer {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 1000, height: 1)
        gradient.colors = [
            CGColor(red: 1, green: 0.988, blue: 0, alpha: 1), CGColor(red: 0.5, green: 0.994, blue: 0.024, alpha: 1),
            CGColor(red: 0, green: 1, blue: 0.047, alpha: 1),
        ]
        gradient.locations = [0, 0.5, 1]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        return gradient
    }

    func testAGradientLayerDrawsApplesOwnRow() async throws {
        let ctx = try context(CGColorSpace.sRGB, width: 1000, height: 1)
        applesGradient().render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        for (x, red) in applesRow {
            let pixel = try XCTUnwrap(image.pixel(x: x, y: 0))
            XCTAssertEqual(Double(pixel.red), red, accuracy: 2, "red at \(x)")
        }
    }

    func testTheSameRowDrawnIntoADisplayP3ContextAndConvertedToSRGBStaysWithinThreeLevels() async throws {
        // The gradient layer mixes in Generic RGB in any context: drawn into Display P3 (8
        // bits a channel) and converted to sRGB, as a capture from a wide-colour device is,
        // the row keeps within 3/255 of Apple's (interpolating in P3 itself would be 6 off).
        let p3 = try context(CGColorSpace.displayP3, width: 1000, height: 1)
        applesGradient().render(in: p3)
        let drawn = try XCTUnwrap(p3.makeImage())
        let srgb = try context(CGColorSpace.sRGB, width: 1000, height: 1)
        srgb.draw(drawn, in: CGRect(x: 0, y: 0, width: 1000, height: 1))
        let image = try XCTUnwrap(srgb.makeImage())
        for (x, red) in applesRow {
            let pixel = try XCTUnwrap(image.pixel(x: x, y: 0))
            XCTAssertEqual(Double(pixel.red), red, accuracy: 3, "red at \(x)")
        }
    }
}
