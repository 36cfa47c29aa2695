import CoreGraphics
import XCTest

/// A pixel as the tests spell it (premultiplied components).
public func rgba(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> CGImage.Pixel {
    CGImage.Pixel(red: r, green: g, blue: b, alpha: a)
}

/// Pixel shorthand, opaque unless told (premultiplied components).
public func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) -> CGImage.Pixel {
    CGImage.Pixel(red: r, green: g, blue: b, alpha: a)
}

/// The components of the pixel at (x, y) as `[red, green, blue, alpha]`; empty outside.
public func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [Int] {
    guard let p = image.pixel(x: x, y: y) else { return [] }
    return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
}

/// Asserts `actual` equals `expected` within `tolerance` per channel (0 = exact).
public func assertPixel(
    _ actual: CGImage.Pixel?, _ expected: CGImage.Pixel, _ message: String = "", tolerance: Int = 0,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let actual else {
        XCTFail("no pixel, expected \(expected) \(message)", file: file, line: line)
        return
    }
    let pairs = [
        (actual.red, expected.red), (actual.green, expected.green), (actual.blue, expected.blue),
        (actual.alpha, expected.alpha),
    ]
    let close = pairs.allSatisfy { abs(Int($0.0) - Int($0.1)) <= tolerance }
    XCTAssertTrue(close, "\(actual) is not \(expected) ±\(tolerance) \(message)", file: file, line: line)
}

/// Asserts that the pixel at (x, y) (row 0 = top of the image) equals `expected` within
/// `tolerance` per channel (0 = exact).
public func assertPixel(
    _ image: CGImage?, _ x: Int, _ y: Int, _ expected: CGImage.Pixel, tolerance: Int = 0,
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let image, let actual = image.pixel(x: x, y: y) else {
        XCTFail("no pixel at (\(x), \(y))", file: file, line: line)
        return
    }
    assertPixel(actual, expected, "at (\(x), \(y))", tolerance: tolerance, file: file, line: line)
}

/// Asserts the colour (red, green, blue; alpha ignored) of the pixel at (x, y) is
/// `expected` within `tolerance` per channel: for screenshots, whose alpha is not the point.
public func assertColor(
    _ image: CGImage?, _ x: Int, _ y: Int, _ expected: (red: Int, green: Int, blue: Int), _ message: String = "",
    tolerance: Int = 0, file: StaticString = #filePath, line: UInt = #line
) {
    guard let image, let actual = image.pixel(x: x, y: y) else {
        XCTFail("no pixel at (\(x), \(y))", file: file, line: line)
        return
    }
    let pairs = [(Int(actual.red), expected.red), (Int(actual.green), expected.green), (Int(actual.blue), expected.blue)]
    XCTAssertTrue(
        pairs.allSatisfy { abs($0.0 - $0.1) <= tolerance },
        "\(message): colour at (\(x), \(y)) is \(actual), expected \(expected) ±\(tolerance)", file: file, line: line)
}

/// The first pixel (row by row, top to bottom) that starts `length` pixels in a row whose
/// colour (alpha ignored) is `colour` within 1 per channel: where a run of a known colour (a
/// title bar's) begins in a screenshot.
public func firstRun(of colour: (red: Int, green: Int, blue: Int), length: Int, in image: CGImage) -> (x: Int, y: Int)? {
    for y in 0..<image.height {
        var start = 0, count = 0
        for x in 0..<image.width {
            guard let pixel = image.pixel(x: x, y: y),
                abs(Int(pixel.red) - colour.red) <= 1, abs(Int(pixel.green) - colour.green) <= 1,
                abs(Int(pixel.blue) - colour.blue) <= 1
            else {
                count = 0
                continue
            }
            if count == 0 { start = x }
            count += 1
            if count == length { return (start, y) }
        }
    }
    return nil
}

/// An image whose pixel at (x, y) (row 0 at the top) is `pixel(x, y)`, given premultiplied.
/// Falls back to a 1×1 transparent image if the size is invalid (tests use valid sizes).
public func makeImage(width: Int, height: Int, _ pixel: (Int, Int) -> CGImage.Pixel) -> CGImage {
    let image = try? CGImage(width: width, height: height) { buffer, bytesPerRow in
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x, y)
                let offset = y * bytesPerRow + x * 4
                buffer[offset] = p.blue
                buffer[offset + 1] = p.green
                buffer[offset + 2] = p.red
                buffer[offset + 3] = p.alpha
            }
        }
    }
    XCTAssertNotNil(image, "test image \(width)×\(height)")
    return image ?? fallbackImage
}

/// A 1×1 transparent image, so the helper needs no force unwrap.
private let fallbackImage = makeRawImage()

private func makeRawImage() -> CGImage {
    let bytes: [UInt8] = [0, 0, 0, 0]
    guard let image = try? CGImage(width: 1, height: 1, bytesPerRow: 4, premultipliedBGRA: bytes) else {
        preconditionFailure("a 1×1 image cannot fail")
    }
    return image
}

/// A transparent `width × height` bitmap context in Lamina's native layout (premultiplied
/// BGRA), in Apple's default coordinates (origin bottom-left, y up).
public func makeBitmapContext(width: Int, height: Int) -> CGContext? {
    CGContext(
        data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
        space: CGColorSpaceCreateDeviceRGB(),
        bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
}

/// A transparent `width × height` bitmap context (as ``makeBitmapContext(width:height:)``)
/// flipped to y-down, as UIKit's image contexts are.
public func makeFlippedBitmapContext(width: Int, height: Int) -> CGContext? {
    guard let ctx = makeBitmapContext(width: width, height: height) else { return nil }
    ctx.translateBy(x: 0, y: CGFloat(height))
    ctx.scaleBy(x: 1, y: -1)
    return ctx
}

/// Asserts every pixel of `image` (row 0 at the top) is `inside` within `rect` (pixel
/// columns and rows, top-left origin) and `outside` elsewhere; reports the first mismatch.
public func assertPixels(
    _ image: CGImage?, _ rect: CGRect, inside: CGImage.Pixel, outside: CGImage.Pixel = rgba(0, 0, 0, 0),
    file: StaticString = #filePath, line: UInt = #line
) {
    guard let image else {
        XCTFail("no image", file: file, line: line)
        return
    }
    for y in 0..<image.height {
        for x in 0..<image.width {
            let expected = rect.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)) ? inside : outside
            guard image.pixel(x: x, y: y) == expected else {
                XCTFail("pixel (\(x), \(y)) is \(String(describing: image.pixel(x: x, y: y))), expected \(expected)", file: file, line: line)
                return
            }
        }
    }
}
