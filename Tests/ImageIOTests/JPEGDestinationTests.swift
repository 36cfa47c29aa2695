import Foundation
import ImageIO
import XCTest

/// Image destinations of type public.jpeg write baseline JPEG that image sources (whose JPEG
/// decoding is checked against an independent encoder) read back close to the original.
final class JPEGDestinationTests: XCTestCase {
    /// A `width` × `height` image drawn by `colour(x, y)` (sRGB, opaque unless the colour says).
    private func image(width: Int, height: Int, _ colour: (Int, Int) -> CGColor) throws -> CGImage {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!, bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        for y in 0..<height {
            for x in 0..<width {
                context.setFillColor(colour(x, y))
                // Core Graphics' y axis points up: image row y is context row height − 1 − y.
                context.fill(CGRect(x: x, y: height - 1 - y, width: 1, height: 1))
            }
        }
        return try XCTUnwrap(context.makeImage())
    }

    /// A smooth picture: colour changing gently across and down.
    private func smooth() throws -> CGImage {
        try image(width: 37, height: 23) { x, y in
            CGColor(red: 0.2 + 0.6 * CGFloat(x) / 36, green: 0.7 - 0.4 * CGFloat(y) / 22, blue: 0.5, alpha: 1)
        }
    }

    private func write(_ image: CGImage, _ options: [CFString: Any]? = nil) throws -> Data {
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, kUTTypeJPEG, 1, options))
        CGImageDestinationAddImage(destination, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        return Data(referencing: data)
    }

    /// The largest difference of any colour component between two images of the same size.
    private func largestDifference(_ a: CGImage, _ b: CGImage) throws -> Int {
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = try XCTUnwrap(a.pixel(x: x, y: y)), q = try XCTUnwrap(b.pixel(x: x, y: y))
                for (u, v) in [(p.red, q.red), (p.green, q.green), (p.blue, q.blue)] { largest = max(largest, abs(Int(u) - Int(v))) }
            }
        }
        return largest
    }

    private func read(_ data: Data) throws -> CGImage {
        try XCTUnwrap(CGImageSourceCreateImageAtIndex(try XCTUnwrap(CGImageSourceCreateWithData(data, nil)), 0, nil))
    }

    func testAJPEGIsWrittenThatReadsBackCloseToTheImage() throws {
        let original = try smooth()
        let data = try write(original, [kCGImageDestinationLossyCompressionQuality: 1.0])
        let bytes = [UInt8](data)
        XCTAssertEqual(Array(bytes.prefix(4)), [0xFF, 0xD8, 0xFF, 0xE0], "start of image, then JFIF")
        XCTAssertEqual(Array(bytes.suffix(2)), [0xFF, 0xD9], "end of image")
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        XCTAssertEqual(CGImageSourceGetType(source), kUTTypeJPEG)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        XCTAssertEqual(properties[kCGImagePropertyPixelWidth] as? Int, 37)
        XCTAssertEqual(properties[kCGImagePropertyPixelHeight] as? Int, 23)
        // Quality 1 quantizes by 1: only rounding and the halved chroma of a smooth picture differ.
        XCTAssertLessThanOrEqual(try largestDifference(original, try read(data)), 4)
    }

    func testLowerQualityWritesASmallerFileFurtherFromTheImage() throws {
        // A picture with detail: a checker of two colours, and noise.
        let original = try image(width: 48, height: 40) { x, y in
            let noise = CGFloat((x * 7919 + y * 104729) % 101) / 400
            return (x / 4 + y / 4) % 2 == 0
                ? CGColor(red: 0.9, green: 0.2 + noise, blue: 0.1, alpha: 1) : CGColor(red: 0.1, green: 0.3, blue: 0.8 - noise, alpha: 1)
        }
        let best = try write(original, [kCGImageDestinationLossyCompressionQuality: 1.0])
        let usual = try write(original)
        let small = try write(original, [kCGImageDestinationLossyCompressionQuality: 0.1])
        XCTAssertGreaterThan(best.count, usual.count)
        XCTAssertGreaterThan(usual.count, small.count)
        XCTAssertLessThan(try largestDifference(original, try read(best)), try largestDifference(original, try read(small)))
        // The quality's tables, as the IJG encoder scales Annex K's: at 0.75 the luminance DC
        // step is (16 × 50 + 50) / 100 = 8, at 0.1 it is (16 × 500 + 50) / 100 = 80.
        XCTAssertEqual(quantizationTable(usual).first, 8)
        XCTAssertEqual(quantizationTable(small).first, 80)
        XCTAssertEqual(quantizationTable(best), [UInt8](repeating: 1, count: 64))
    }

    /// The first quantization table of `data` (64 bytes, zigzag order), read here.
    private func quantizationTable(_ data: Data) -> [UInt8] {
        let bytes = [UInt8](data)
        guard let at = (0..<(bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDB }) else { return [] }
        return Array(bytes[(at + 5)..<(at + 69)])
    }

    func testTranslucentPixelsAreCompositedOverTheBackgroundColour() throws {
        // Half-transparent red: over black (the default) red 128, over white (1, 0.5, 0.5).
        let translucent = try image(width: 16, height: 16) { _, _ in CGColor(red: 1, green: 0, blue: 0, alpha: 0.5) }
        let overBlack = try read(try write(translucent, [kCGImageDestinationLossyCompressionQuality: 1.0]))
        let black = try XCTUnwrap(overBlack.pixel(x: 8, y: 8))
        XCTAssertEqual(black.alpha, 255)
        XCTAssertEqual(Double(black.red), 128, accuracy: 3)
        XCTAssertEqual(Double(black.green), 0, accuracy: 3)
        let overWhite = try read(try write(translucent, [
            kCGImageDestinationLossyCompressionQuality: 1.0,
            kCGImageDestinationBackgroundColor: CGColor(red: 1, green: 1, blue: 1, alpha: 1),
        ]))
        let white = try XCTUnwrap(overWhite.pixel(x: 8, y: 8))
        XCTAssertEqual(Double(white.red), 255, accuracy: 3)
        XCTAssertEqual(Double(white.green), 127, accuracy: 3)
        XCTAssertEqual(Double(white.blue), 127, accuracy: 3)
    }

    func testAnImageOfManyColoursIsWrittenAtEveryQuality() throws {
        // Many DC sizes and AC symbols, some rare, from the coarsest tables to all ones.
        let original = try image(width: 96, height: 64) { x, y in
            let value = (x * 37 + y * 91 + (x * y) % 13) % 256
            return CGColor(red: CGFloat(value) / 255, green: CGFloat((value * 7) % 256) / 255, blue: CGFloat((x * 11) % 256) / 255, alpha: 1)
        }
        for quality in [0.0, 0.5, 1.0] {
            let data = try write(original, [kCGImageDestinationLossyCompressionQuality: quality])
            let read = try read(data)
            XCTAssertEqual([read.width, read.height], [96, 64], "quality \(quality)")
        }
    }
}
