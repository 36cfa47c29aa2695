import CoreGraphics
import TestSupport
import XCTest

final class CGImageTests: XCTestCase {
    /// A 3×2 image with distinct pixels, bytes B, G, R, A, rows padded to 16 bytes.
    private let paddedBytes: [UInt8] = [
        0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 9, 9, 9, 9,
        0, 0, 0, 0, 64, 64, 64, 128, 10, 20, 30, 40, 9, 9, 9, 9,
    ]

    private func makeImage() throws -> CGImage {
        try CGImage(width: 3, height: 2, bytesPerRow: 16, premultipliedBGRA: paddedBytes)
    }

    func testImageFromBytesHasLaminaFormat() throws {
        let image = try makeImage()
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.bytesPerRow, 12)
        XCTAssertEqual(image.bitsPerComponent, 8)
        XCTAssertEqual(image.bitsPerPixel, 32)
        XCTAssertEqual(image.alphaInfo, .premultipliedFirst)
        XCTAssertEqual(image.bitmapInfo.rawValue, 2 | (2 << 12))
        XCTAssertEqual(image.bitmapInfo.alphaInfo, .premultipliedFirst)
        XCTAssertTrue(image.bitmapInfo.contains(.byteOrder32Little))
    }

    func testPixelAccessorReturnsPremultipliedRGBA() throws {
        let image = try makeImage()
        XCTAssertEqual(image.pixel(x: 0, y: 0), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(image.pixel(x: 1, y: 0), CGImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        XCTAssertEqual(image.pixel(x: 2, y: 0), CGImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertEqual(image.pixel(x: 1, y: 1), CGImage.Pixel(red: 64, green: 64, blue: 64, alpha: 128))
        XCTAssertEqual(image.pixel(x: 2, y: 1), CGImage.Pixel(red: 30, green: 20, blue: 10, alpha: 40))
        XCTAssertNil(image.pixel(x: 3, y: 0))
        XCTAssertNil(image.pixel(x: 0, y: -1))
    }

    func testPaddingIsDroppedFromStoredBytes() throws {
        let image = try makeImage()
        let stored = image.withUnsafePixelBytes { Array($0) }
        XCTAssertEqual(stored.count, 24)
        XCTAssertEqual(Array(stored[12..<16]), [0, 0, 0, 0])
    }

    func testInvalidDimensionsThrow() {
        for (width, height) in [(0, 1), (1, 0), (-1, 5), (CGImage.maximumDimension + 1, 1)] {
            XCTAssertThrowsError(
                try CGImage(width: width, height: height, bytesPerRow: 4, premultipliedBGRA: [UInt8](repeating: 0, count: 64))
            ) { error in
                XCTAssertEqual((error as? CGImageError)?.code, .invalidDimensions, "\(width)×\(height)")
            }
        }
    }

    func testTooSmallBytesPerRowThrows() {
        XCTAssertThrowsError(try CGImage(width: 3, height: 2, bytesPerRow: 11, premultipliedBGRA: paddedBytes)) {
            XCTAssertEqual(($0 as? CGImageError)?.code, .invalidBytesPerRow)
            XCTAssertTrue("\($0)".contains("smaller than width × 4 = 12"))
        }
        XCTAssertThrowsError(try CGImage(width: 3, height: 2, bytesPerRow: -16, premultipliedBGRA: paddedBytes)) {
            XCTAssertEqual(($0 as? CGImageError)?.code, .invalidBytesPerRow)
        }
    }

    func testOverflowingBytesPerRowThrows() {
        XCTAssertThrowsError(try CGImage(width: 3, height: 3, bytesPerRow: Int.max / 2, premultipliedBGRA: paddedBytes)) {
            XCTAssertEqual(($0 as? CGImageError)?.code, .sizeOverflow)
        }
    }

    func testTooFewBytesThrow() {
        XCTAssertThrowsError(try CGImage(width: 3, height: 2, bytesPerRow: 16, premultipliedBGRA: Array(paddedBytes.prefix(27)))) {
            XCTAssertEqual(($0 as? CGImageError)?.code, .dataTooSmall)
            XCTAssertTrue("\($0)".contains("needs 28"))
        }
        XCTAssertNoThrow(try CGImage(width: 3, height: 2, bytesPerRow: 16, premultipliedBGRA: Array(paddedBytes.prefix(28))))
    }

    func testInitializingPixelsInPlace() throws {
        let image = try CGImage(width: 2, height: 1) { pixels, bytesPerRow in
            XCTAssertEqual(bytesPerRow, 8)
            XCTAssertEqual(Array(pixels), [UInt8](repeating: 0, count: 8))
            pixels[4] = 1
            pixels[5] = 2
            pixels[6] = 3
            pixels[7] = 4
        }
        XCTAssertEqual(image.pixel(x: 1, y: 0), CGImage.Pixel(red: 3, green: 2, blue: 1, alpha: 4))
    }

    func testPNGRoundTripKeepsPixels() throws {
        let opaque = try makeImage()
        let data = try opaque.pngData()
        XCTAssertEqual(Array(data.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let decoded = try CGImage(pngData: data)
        XCTAssertEqual(decoded.width, 3)
        XCTAssertEqual(decoded.height, 2)
        // Opaque and fully transparent pixels survive un-premultiplying exactly.
        for (x, y) in [(0, 0), (1, 0), (2, 0), (0, 1)] {
            XCTAssertEqual(decoded.pixel(x: x, y: y), opaque.pixel(x: x, y: y), "pixel \(x),\(y)")
        }
    }

    func testPNGRoundTripIsExactForRepresentableTranslucentPixels() throws {
        // Premultiplied values that un-premultiply and re-premultiply exactly.
        let bytes: [UInt8] = [0, 0, 0, 0, 0, 0, 128, 128, 51, 102, 153, 255, 0, 255, 0, 255]
        let image = try CGImage(width: 2, height: 2, bytesPerRow: 8, premultipliedBGRA: bytes)
        let decoded = try CGImage(pngData: image.pngData())
        XCTAssertEqual(decoded.withUnsafePixelBytes { Array($0) }, bytes)
    }

    func testPNGFileRoundTrip() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cgimage-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try makeImage()
        try image.writePNG(to: url)
        let decoded = try CGImage(contentsOfPNGFile: url)
        XCTAssertEqual(decoded.pixel(x: 2, y: 0), image.pixel(x: 2, y: 0))
    }

    func testCorruptPNGThrows() {
        XCTAssertThrowsError(try CGImage(pngData: Data())) { error in
            XCTAssertTrue(error is CairoError, "\(error)")
            XCTAssertTrue("\(error)".contains("decoding PNG data"), "\(error)")
        }
        XCTAssertThrowsError(try CGImage(pngData: Data("not a png at all".utf8)))
    }

    func testTruncatedPNGThrows() throws {
        let data = try makeImage().pngData()
        for length in [8, 20, data.count / 2, data.count - 1] {
            XCTAssertThrowsError(try CGImage(pngData: data.prefix(length)), "truncated to \(length)")
        }
    }

    func testPNGWithFlippedBytesThrows() throws {
        var data = try makeImage().pngData()
        data[data.count / 2] ^= 0xFF
        data[data.count / 2 + 1] ^= 0xFF
        XCTAssertThrowsError(try CGImage(pngData: data))
    }

    func testMissingPNGFileThrows() {
        XCTAssertThrowsError(try CGImage(contentsOfPNGFile: URL(fileURLWithPath: "/nonexistent/lamina.png")))
    }
}
