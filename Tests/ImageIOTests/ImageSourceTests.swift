import Foundation
import ImageIO
import XCTest

/// Image sources read PNG files — their header as properties, their pixels as images — and
/// say what they cannot read, as Apple's ImageIO does.
final class ImageSourceTests: XCTestCase {
    /// A 2×1 RGBA image: opaque red, and blue at alpha 128.
    private let rgba = PNGWriter.png(
        width: 2, height: 1, bitDepth: 8, colorType: 6, rows: [[255, 0, 0, 255, 0, 0, 255, 128]])

    private func temporaryFile(_ data: Data, name: String = "image.png") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    func testAPNGFileGivesItsTypeCountStatusAndHeaderProperties() throws {
        // 3×2 gray, 16 bits a sample, with 2835 pixels a metre (72.009 dots an inch).
        let gray = PNGWriter.png(
            width: 3, height: 2, bitDepth: 16, colorType: 0, rows: [[UInt8](repeating: 0x80, count: 6), [UInt8](repeating: 0xFF, count: 6)],
            chunks: [("pHYs", PNGWriter.be32(2835) + PNGWriter.be32(2835) + [1])])
        let source = try XCTUnwrap(CGImageSourceCreateWithURL(try temporaryFile(gray) as CFURL, nil))
        XCTAssertEqual(CGImageSourceGetType(source), "public.png")
        XCTAssertEqual(CGImageSourceGetCount(source), 1)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        XCTAssertEqual(properties[kCGImagePropertyPixelWidth] as? Int, 3)
        XCTAssertEqual(properties[kCGImagePropertyPixelHeight] as? Int, 2)
        XCTAssertEqual(properties[kCGImagePropertyDepth] as? Int, 16)
        XCTAssertEqual(properties[kCGImagePropertyHasAlpha] as? Bool, false)
        XCTAssertEqual(properties[kCGImagePropertyColorModel] as? String, "Gray")
        XCTAssertEqual(properties[kCGImagePropertyDPIWidth] as? Int, 72)
        XCTAssertEqual(properties[kCGImagePropertyDPIHeight] as? Int, 72)
        let png = try XCTUnwrap(properties[kCGImagePropertyPNGDictionary] as? [CFString: Any])
        XCTAssertEqual(png[kCGImagePropertyPNGXPixelsPerMeter] as? Int, 2835)
        XCTAssertEqual(png[kCGImagePropertyPNGInterlaceType] as? Int, 0)
        XCTAssertEqual(CGImageSourceCopyProperties(source, nil)?[kCGImagePropertyFileSize] as? Int, gray.count)
        XCTAssertNil(CGImageSourceCopyPropertiesAtIndex(source, 1, nil), "one image only")
        // The decoded gray: 0x8080 of 0xFFFF is 128 of 255 (to the nearest), and white.
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual([image.width, image.height], [3, 2])
        XCTAssertEqual(image.pixel(x: 2, y: 0), CGImage.Pixel(red: 128, green: 128, blue: 128, alpha: 255))
        XCTAssertEqual(image.pixel(x: 0, y: 1), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255))
    }

    func testDecodedPixelsArePremultipliedByAlpha() throws {
        let source = try XCTUnwrap(CGImageSourceCreateWithData(rgba as CFData, nil))
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual(image.pixel(x: 0, y: 0), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        // Blue 255 at alpha 128: 255 × 128 / 255 = 128.
        XCTAssertEqual(image.pixel(x: 1, y: 0), CGImage.Pixel(red: 0, green: 0, blue: 128, alpha: 128))
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        XCTAssertEqual(properties[kCGImagePropertyHasAlpha] as? Bool, true)
        XCTAssertEqual(properties[kCGImagePropertyColorModel] as? String, "RGB")
        XCTAssertNil(properties[kCGImagePropertyDPIWidth], "the file gives no resolution")
    }

    func testAPaletteImageWithTransparencyHasAlphaAndRGBColours() throws {
        // Two palette entries, the second fully transparent; pixels 0, 1 (8 bits an index).
        let palette = PNGWriter.png(
            width: 2, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1]],
            chunks: [("PLTE", [0, 255, 0, 9, 9, 9]), ("tRNS", [255, 0])])
        let source = try XCTUnwrap(CGImageSourceCreateWithData(palette, nil))
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        XCTAssertEqual(properties[kCGImagePropertyHasAlpha] as? Bool, true)
        XCTAssertEqual(properties[kCGImagePropertyColorModel] as? String, "RGB")
        XCTAssertEqual(properties[kCGImagePropertyDepth] as? Int, 8)
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual(image.pixel(x: 0, y: 0), CGImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        XCTAssertEqual(image.pixel(x: 1, y: 0)?.alpha, 0)
    }

    func testTruncatedDataEndsWithUnexpectedEOFAndNoImage() throws {
        let truncated = rgba.prefix(rgba.count - 20)
        let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(truncated), nil))
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusUnexpectedEOF)
        XCTAssertEqual(CGImageSourceGetCount(source), 1, "the header was read")
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let message = try XCTUnwrap(Diagnostics.lastMessage)
        XCTAssertTrue(message.hasPrefix("CGImageSourceCreateImageAtIndex: the PNG data ends before the image does"), message)
    }

    func testAnIncrementalSourceReadsTheHeaderThenTheImageAsDataArrives() throws {
        let source = CGImageSourceCreateIncremental(nil)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusReadingHeader)
        XCTAssertEqual(CGImageSourceGetCount(source), 0)
        CGImageSourceUpdateData(source, Data(rgba.prefix(20)), false)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusReadingHeader, "the header chunk is not all there")
        // Signature (8) and the header chunk (25): the header is read.
        CGImageSourceUpdateData(source, Data(rgba.prefix(40)), false)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusIncomplete)
        XCTAssertEqual(CGImageSourceCopyPropertiesAtIndex(source, 0, nil)?[kCGImagePropertyPixelWidth] as? Int, 2)
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil))
        CGImageSourceUpdateData(source, rgba, true)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        XCTAssertEqual(CGImageSourceCreateImageAtIndex(source, 0, nil)?.width, 2)
        // Final data stays: a later update is ignored.
        CGImageSourceUpdateData(source, Data(), true)
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
    }

    func testACorruptHeaderIsInvalidData() throws {
        var bytes = [UInt8](rgba)
        bytes[16 + 3] ^= 0x01  // the width's last byte: the header's checksum no longer matches
        let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(bytes), nil))
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusInvalidData)
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual(
            Diagnostics.lastMessage,
            "CGImageSourceCreateImageAtIndex: the PNG data is invalid: the IHDR chunk's checksum does not match")
        // A header with a bit depth PNG does not allow with its colour type, checksum right.
        let badDepth = PNGWriter.png(width: 1, height: 1, bitDepth: 4, colorType: 2, rows: [[0, 0, 0]])
        let other = try XCTUnwrap(CGImageSourceCreateWithData(badDepth, nil))
        XCTAssertEqual(CGImageSourceGetStatus(other), .statusInvalidData)
        XCTAssertEqual(CGImageSourceGetCount(other), 0)
    }

    func testOtherFormatsAreNamedButNotDecoded() throws {
        let jpeg = Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])
        let source = try XCTUnwrap(CGImageSourceCreateWithData(jpeg, nil))
        XCTAssertEqual(CGImageSourceGetType(source), "public.tiff")
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusUnknownType)
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual(
            Diagnostics.lastMessage,
            "CGImageSourceCreateImageAtIndex: Lamina's ImageIO reads PNG, GIF and JPEG (public.tiff is recognised but not decoded); convert the image to PNG")
        let gif = try XCTUnwrap(CGImageSourceCreateWithData(Data("GIF89a\u{1}\0\u{1}\0".utf8), nil))
        XCTAssertEqual(CGImageSourceGetType(gif), "com.compuserve.gif")
        let text = try XCTUnwrap(CGImageSourceCreateWithData(Data("not an image at all".utf8), nil))
        XCTAssertNil(CGImageSourceGetType(text))
        XCTAssertEqual(CGImageSourceGetStatus(text), .statusUnknownType)
        XCTAssertEqual(CGImageSourceGetCount(text), 0)
        let hinted = try XCTUnwrap(
            CGImageSourceCreateWithData(Data("??".utf8), [kCGImageSourceTypeIdentifierHint: "public.png"]))
        XCTAssertEqual(CGImageSourceGetType(hinted), "public.png", "the hint names the type the signature does not")
    }

    func testAFileThatCannotBeReadGivesNoSource() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)/none.png")
        XCTAssertNil(CGImageSourceCreateWithURL(missing as CFURL, nil))
        let message = try XCTUnwrap(Diagnostics.lastMessage)
        XCTAssertTrue(message.hasPrefix("CGImageSourceCreateWithURL: cannot read '\(missing.path)'"), message)
    }

    func testThumbnailsAreMadeFromTheImageOnlyWhenAskedAndFitTheirLimit() throws {
        let rows = [[UInt8]](repeating: [UInt8](repeating: 200, count: 40 * 3), count: 20)
        let wide = PNGWriter.png(width: 40, height: 20, bitDepth: 8, colorType: 2, rows: rows)
        let source = try XCTUnwrap(CGImageSourceCreateWithData(wide, nil))
        XCTAssertNil(
            CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceThumbnailMaxPixelSize: 10]),
            "a PNG carries no thumbnail, and none was asked to be made")
        let small = try XCTUnwrap(
            CGImageSourceCreateThumbnailAtIndex(
                source, 0, [kCGImageSourceCreateThumbnailFromImageIfAbsent: true, kCGImageSourceThumbnailMaxPixelSize: 10]))
        XCTAssertEqual([small.width, small.height], [10, 5])
        // A uniform image stays uniform when scaled down.
        XCTAssertEqual(small.pixel(x: 5, y: 2), CGImage.Pixel(red: 200, green: 200, blue: 200, alpha: 255))
        let unscaled = try XCTUnwrap(
            CGImageSourceCreateThumbnailAtIndex(
                source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: 100]))
        XCTAssertEqual([unscaled.width, unscaled.height], [40, 20], "never larger than the image")
    }

    func testASubsampleFactorScalesTheImageDownRoundingUp() throws {
        let rows = [[UInt8]](repeating: [UInt8](repeating: 7, count: 10), count: 6)
        let gray = PNGWriter.png(width: 10, height: 6, bitDepth: 8, colorType: 0, rows: rows)
        let source = try XCTUnwrap(CGImageSourceCreateWithData(gray, nil))
        let quarter = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, [kCGImageSourceSubsampleFactor: 4]))
        XCTAssertEqual([quarter.width, quarter.height], [3, 2], "10 / 4 and 6 / 4, rounded up")
        let ignored = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, [kCGImageSourceSubsampleFactor: 3]))
        XCTAssertEqual([ignored.width, ignored.height], [10, 6], "a factor other than 2, 4 or 8 gives the full image")
    }

    func testEveryTruncationAndEveryFlippedByteGivesAStatusAndNoCrash() throws {
        // Cut short at every length: never complete, never an image.
        for length in 0..<rgba.count {
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(rgba.prefix(length)), nil))
            let status = CGImageSourceGetStatus(source)
            XCTAssertTrue(
                [.statusUnexpectedEOF, .statusUnknownType, .statusInvalidData].contains(status), "length \(length): \(status)")
            XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 0, nil), "length \(length)")
        }
        // Each byte flipped in turn: an image of the file's size, or nil with a reason.
        for index in 0..<rgba.count {
            var bytes = [UInt8](rgba)
            bytes[index] ^= 0xFF
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(bytes), nil))
            if let image = CGImageSourceCreateImageAtIndex(source, 0, nil) {
                XCTAssertEqual([image.width, image.height], [2, 1], "byte \(index)")
            } else {
                // Past the signature, the damage is named (a chunk's checksum or length), or a
                // damaged length makes the data end before the chunk does — never left to
                // cairo, whose PNG reader reports any failure as "out of memory".
                let message = Diagnostics.lastMessage ?? ""
                if index >= 8 {
                    XCTAssertTrue(
                        message.contains("the PNG data is invalid") || message.contains("ends before the image does"),
                        "byte \(index): \(message)")
                }
            }
        }
    }
}
