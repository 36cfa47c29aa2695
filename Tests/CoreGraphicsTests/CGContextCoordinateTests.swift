import CoreGraphics
import TestSupport
import XCTest

final class CGContextCoordinateTests: XCTestCase {
    private let red = CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let clear = CGImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    func testBitmapContextOriginIsBottomLeft() throws {
        let context = try XCTUnwrap(makeContext(width: 100, height: 100))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.pixel(x: 0, y: 99), red)
        XCTAssertEqual(image.pixel(x: 9, y: 90), red)
        XCTAssertEqual(image.pixel(x: 10, y: 90), clear)
        XCTAssertEqual(image.pixel(x: 0, y: 89), clear)
        XCTAssertEqual(image.pixel(x: 0, y: 0), clear)
        XCTAssertEqual(context.ctm, .identity)
    }

    func testLayerContextOriginIsTopLeftInPoints() throws {
        let context = try XCTUnwrap(CGContext.layerContext(width: 200, height: 100, scale: 2))
        XCTAssertEqual(context.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: -2, tx: 0, ty: 100))
        context.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.pixel(x: 0, y: 0), red)
        XCTAssertEqual(image.pixel(x: 19, y: 19), red)
        XCTAssertEqual(image.pixel(x: 20, y: 0), clear)
        XCTAssertEqual(image.pixel(x: 0, y: 20), clear)
        XCTAssertEqual(image.pixel(x: 0, y: 99), clear)
    }

    func testTranslateScaleAndRestoreGState() throws {
        let context = try XCTUnwrap(makeContext(width: 40, height: 40))
        context.saveGState()
        context.translateBy(x: 10, y: 10)
        context.scaleBy(x: 2, y: 2)
        XCTAssertEqual(context.ctm, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 10, ty: 10))
        context.setFillColor(gray: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 5, height: 5))  // device 10..<20, rows 20..<30
        context.restoreGState()
        XCTAssertEqual(context.ctm, .identity)
        let image = try XCTUnwrap(context.makeImage())
        let white = CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255)
        XCTAssertEqual(image.pixel(x: 10, y: 29), white)
        XCTAssertEqual(image.pixel(x: 19, y: 20), white)
        XCTAssertEqual(image.pixel(x: 20, y: 20), clear)
        XCTAssertEqual(image.pixel(x: 10, y: 30), clear)
        // Fill colour was part of the saved state: black again.
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(context.makeImage()?.pixel(x: 0, y: 39), CGImage.Pixel(red: 0, green: 0, blue: 0, alpha: 255))
    }

    func testClearMakesPixelsTransparent() throws {
        let context = try XCTUnwrap(makeContext(width: 10, height: 10))
        context.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        context.clear(CGRect(x: 0, y: 0, width: 5, height: 10))
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.pixel(x: 4, y: 5), clear)
        XCTAssertEqual(image.pixel(x: 5, y: 5), CGImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }
}

/// A transparent native-layout bitmap context.
func makeContext(width: Int, height: Int) -> CGContext? {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
}
