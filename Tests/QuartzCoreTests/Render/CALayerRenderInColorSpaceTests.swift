import QuartzCore
import TestSupport
import XCTest

/// `render(in:)` draws into the context's colour space: a layer's colours and a gradient
/// layer's stops are converted into it, and gradients are interpolated there. Expected pixels
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

    func testAGradientLayerInterpolatesInTheContextsSpace() async throws {
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 0, y: 0, width: 100, height: 2)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 1)]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        let ctx = try context(CGColorSpace.displayP3, width: 100, height: 2)
        gradient.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        // The middle pixel: the mean of the two stops in Display P3.
        let red = (0.9175, 0.2000, 0.1384), blue = (0.0, 0.0, 0.9594)
        let t = 50.5 / 100
        let expected = [red.0 + (blue.0 - red.0) * t, red.1 + (blue.1 - red.1) * t, red.2 + (blue.2 - red.2) * t]
        let pixel = try XCTUnwrap(image.pixel(x: 50, y: 0))
        XCTAssertEqual(Double(pixel.red), expected[0] * 255, accuracy: 1.5)
        XCTAssertEqual(Double(pixel.green), expected[1] * 255, accuracy: 1.5)
        XCTAssertEqual(Double(pixel.blue), expected[2] * 255, accuracy: 1.5)
    }
}
