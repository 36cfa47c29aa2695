import Foundation
import ImageIO
import XCTest

/// Image destinations write PNG files and data that image sources read back, and refuse
/// what they cannot write with a diagnostic, as Apple's ImageIO does.
final class ImageDestinationTests: XCTestCase {
    /// A 3×2 image: a red top row, a half-transparent green bottom row.
    private func sampleImage() throws -> CGImage {
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpace(name: CGColorSpace.sRGB)!,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // Core Graphics' y axis points up: y 1…2 is the top row of the image.
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 1, width: 3, height: 1))
        context.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 0.6))
        context.fill(CGRect(x: 0, y: 0, width: 3, height: 1))
        return try XCTUnwrap(context.makeImage())
    }

    /// The width, height, bit depth and colour type in the header of PNG `data`, read here.
    private func header(_ data: Data) -> [Int] {
        let bytes = [UInt8](data)
        guard bytes.count >= 26 else { return [] }
        func be32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        return [be32(16), be32(20), Int(bytes[24]), Int(bytes[25])]
    }

    func testAnImageWrittenToDataIsAPNGThatReadsBackTheSame() throws {
        let image = try sampleImage()
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data as CFMutableData, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(destination, image, nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let bytes = Data(referencing: data)
        XCTAssertEqual([UInt8](bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(header(bytes), [3, 2, 8, 6], "3×2, 8 bits, RGBA")
        let source = try XCTUnwrap(CGImageSourceCreateWithData(bytes, nil))
        let read = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        for y in 0..<2 {
            for x in 0..<3 { XCTAssertEqual(read.pixel(x: x, y: y), image.pixel(x: x, y: y), "pixel (\(x), \(y))") }
        }
        XCTAssertEqual(read.pixel(x: 0, y: 0), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertFalse(CGImageDestinationFinalize(destination), "a destination is finalized once")
    }

    func testAnImageWrittenToAFileReplacesItAndFitsTheSizeLimit() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: url)
        let destination = try XCTUnwrap(CGImageDestinationCreateWithURL(url as CFURL, "public.png", 1, nil))
        CGImageDestinationAddImage(destination, try sampleImage(), [kCGImageDestinationImageMaxPixelSize: 2])
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        // 3×2 fitted within 2 pixels: 2 × 1.33, rounded to 2×1.
        XCTAssertEqual(header(try Data(contentsOf: url)), [2, 1, 8, 6])
    }

    func testAWideColourImageIsWrittenInSRGB() throws {
        let p3 = try XCTUnwrap(CGColorSpace(name: CGColorSpace.displayP3))
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0, space: p3,
                bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // sRGB red in Display P3 is about (0.9176, 0.2003, 0.1386) (the published conversion).
        context.setFillColor(CGColor(colorSpace: p3, components: [0.9176, 0.2003, 0.1386, 1])!)
        context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let data = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(data, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(destination, try XCTUnwrap(context.makeImage()), nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let read = try XCTUnwrap(CGImageSourceCreateImageAtIndex(try XCTUnwrap(CGImageSourceCreateWithData(data, nil)), 0, nil))
        let pixel = try XCTUnwrap(read.pixel(x: 0, y: 0))
        XCTAssertGreaterThanOrEqual(pixel.red, 253)
        XCTAssertLessThanOrEqual(pixel.green, 2)
        XCTAssertLessThanOrEqual(pixel.blue, 2)
    }

    func testWhatCannotBeWrittenIsRefusedWithADiagnostic() throws {
        let data = NSMutableData()
        XCTAssertNil(CGImageDestinationCreateWithData(data, kUTTypeGIF, 1, nil))
        XCTAssertEqual(
            Diagnostics.lastMessage,
            "CGImageDestinationCreateWithData: Lamina's ImageIO writes PNG and JPEG (not com.compuserve.gif); write public.png or public.jpeg")
        XCTAssertNil(CGImageDestinationCreateWithData(data, "public.nothing", 1, nil))
        XCTAssertNil(CGImageDestinationCreateWithData(data, kUTTypePNG, 2, nil))
        XCTAssertEqual(Diagnostics.lastMessage, "CGImageDestinationCreateWithData: a PNG file holds one image, not 2")
        XCTAssertNil(CGImageDestinationCreateWithData(data, kUTTypeJPEG, 3, nil))
        XCTAssertEqual(Diagnostics.lastMessage, "CGImageDestinationCreateWithData: a JPEG file holds one image, not 3")
        XCTAssertEqual(CGImageDestinationCopyTypeIdentifiers(), ["public.png", "public.jpeg"])

        let empty = try XCTUnwrap(CGImageDestinationCreateWithData(data, kUTTypePNG, 1, nil))
        XCTAssertFalse(CGImageDestinationFinalize(empty))
        XCTAssertEqual(
            Diagnostics.lastMessage, "CGImageDestinationFinalize: the destination was made for 1 image(s) but was given 0")
        XCTAssertEqual(data.length, 0, "nothing was written")

        let full = try XCTUnwrap(CGImageDestinationCreateWithData(data, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(full, try sampleImage(), nil)
        CGImageDestinationAddImage(full, try sampleImage(), nil)
        XCTAssertEqual(
            Diagnostics.lastMessage,
            "CGImageDestinationAddImage: the destination was made for 1 image(s) and has them; the image is not added")
        XCTAssertTrue(CGImageDestinationFinalize(full), "the first image is written")

        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)/missing/out.png")
        let unwritable = try XCTUnwrap(CGImageDestinationCreateWithURL(nowhere as CFURL, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(unwritable, try sampleImage(), nil)
        XCTAssertFalse(CGImageDestinationFinalize(unwritable))
        XCTAssertTrue(Diagnostics.lastMessage?.hasPrefix("CGImageDestinationFinalize: cannot write the PNG image") ?? false)
    }

    func testAnImageFromASourceIsCopiedToADestination() throws {
        let first = NSMutableData()
        let destination = try XCTUnwrap(CGImageDestinationCreateWithData(first, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(destination, try sampleImage(), nil)
        XCTAssertTrue(CGImageDestinationFinalize(destination))
        let source = try XCTUnwrap(CGImageSourceCreateWithData(first, nil))
        let second = NSMutableData()
        let copy = try XCTUnwrap(CGImageDestinationCreateWithData(second, kUTTypePNG, 1, nil))
        CGImageDestinationAddImageFromSource(copy, source, 0, nil)
        XCTAssertTrue(CGImageDestinationFinalize(copy))
        XCTAssertEqual(header(Data(referencing: second)), [3, 2, 8, 6])
    }
}
