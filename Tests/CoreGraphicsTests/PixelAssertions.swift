import CoreGraphics
import XCTest

/// Opaque pixel shorthand (premultiplied components).
func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> CGImage.Pixel {
    CGImage.Pixel(red: r, green: g, blue: b, alpha: a)
}

/// Asserts that the pixel at (x, y) (row 0 = top of the image) equals `expected` within
/// `tolerance` per channel (0 = exact).
func assertPixel(
    _ image: CGImage?, _ x: Int, _ y: Int, _ expected: CGImage.Pixel, tolerance: Int = 0,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let image, let actual = image.pixel(x: x, y: y) else {
        XCTFail("no pixel at (\(x), \(y))", file: file, line: line)
        return
    }
    let pairs = [
        (actual.red, expected.red), (actual.green, expected.green), (actual.blue, expected.blue),
        (actual.alpha, expected.alpha),
    ]
    let ok = pairs.allSatisfy { abs(Int($0.0) - Int($0.1)) <= tolerance }
    XCTAssertTrue(ok, "pixel (\(x), \(y)) is \(actual), expected \(expected) ±\(tolerance)", file: file, line: line)
}
