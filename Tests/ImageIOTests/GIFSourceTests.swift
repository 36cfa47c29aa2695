import Foundation
import ImageIO
import XCTest

/// Image sources read GIF animations frame by frame, each frame the screen after it was
/// drawn (earlier frames disposed of as they ask), with its delay and the file's loop count.
final class GIFSourceTests: XCTestCase {
    /// Black, red, green, blue.
    private let colors: [UInt8] = [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255]
    private let black = CGImage.Pixel(red: 0, green: 0, blue: 0, alpha: 255)
    private let red = CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
    private let green = CGImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255)
    private let blue = CGImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255)
    private let clear = CGImage.Pixel(red: 0, green: 0, blue: 0, alpha: 0)

    /// A 4×2 animation: red everywhere, then a blue 2×1 patch at (1, 0) that is cleared
    /// after it is shown, then green at (0, 1) over what is left.
    private func animation() -> Data {
        GIFWriter.gif(
            width: 4, height: 2, colors: colors, loopCount: 0,
            frames: [
                .init(width: 4, height: 2, indices: [UInt8](repeating: 1, count: 8), delay: 10),
                .init(x: 1, y: 0, width: 2, height: 1, indices: [3, 3], delay: 1, disposal: 2),
                .init(x: 0, y: 1, width: 2, height: 1, indices: [2, 0], delay: 25, transparentIndex: 0),
            ])
    }

    private func row(_ image: CGImage, _ y: Int) -> [CGImage.Pixel?] {
        (0..<image.width).map { image.pixel(x: $0, y: y) }
    }

    func testEachFrameIsTheScreenAfterItWithEarlierFramesDisposedOf() throws {
        let source = try XCTUnwrap(CGImageSourceCreateWithData(animation(), nil))
        XCTAssertEqual(CGImageSourceGetType(source), "com.compuserve.gif")
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        XCTAssertEqual(CGImageSourceGetCount(source), 3)
        let first = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual([first.width, first.height], [4, 2])
        XCTAssertEqual(row(first, 0), [red, red, red, red])
        let second = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 1, nil))
        XCTAssertEqual(row(second, 0), [red, blue, blue, red])
        XCTAssertEqual(row(second, 1), [red, red, red, red])
        // The blue patch asked to be cleared (to transparent) before the next frame; the
        // green frame's index 0 is transparent and leaves what is below.
        let third = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 2, nil))
        XCTAssertEqual(row(third, 0), [red, clear, clear, red])
        XCTAssertEqual(row(third, 1), [green, red, red, red])
        // Asked again out of order (no cache): the same frames.
        let again = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 1, [kCGImageSourceShouldCache: false]))
        XCTAssertEqual(row(again, 0), [red, blue, blue, red])
        XCTAssertNil(CGImageSourceCreateImageAtIndex(source, 3, nil))
    }

    func testFramesGiveTheirDelaysAndTheSourceItsLoopCount() throws {
        let source = try XCTUnwrap(CGImageSourceCreateWithData(animation(), nil))
        func delays(_ index: Int) throws -> [Double?] {
            let gif = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, index, nil)?[kCGImagePropertyGIFDictionary] as? [CFString: Any])
            return [gif[kCGImagePropertyGIFDelayTime] as? Double, gif[kCGImagePropertyGIFUnclampedDelayTime] as? Double]
        }
        XCTAssertEqual(try delays(0), [0.1, 0.1])
        XCTAssertEqual(try delays(1), [0.1, 0.01], "a hundredth of a second is clamped; the unclamped delay is the file's")
        XCTAssertEqual(try delays(2), [0.25, 0.25])
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 2, nil))
        XCTAssertEqual(properties[kCGImagePropertyPixelWidth] as? Int, 4, "the screen's size")
        XCTAssertEqual(properties[kCGImagePropertyHasAlpha] as? Bool, true)
        let gif = try XCTUnwrap(CGImageSourceCopyProperties(source, nil)?[kCGImagePropertyGIFDictionary] as? [CFString: Any])
        XCTAssertEqual(gif[kCGImagePropertyGIFLoopCount] as? Int, 0)
        XCTAssertEqual(gif[kCGImagePropertyGIFHasGlobalColorMap] as? Bool, true)
        XCTAssertEqual(CGImageSourceCopyTypeIdentifiers(), ["public.png", "com.compuserve.gif", "public.jpeg"])
    }

    func testLongCompressedRowsAndInterlacedFramesDecodeExactly() throws {
        // 200×40 of a pattern with long runs and repeats: the encoder's table grows to 12-bit
        // codes and fills (a clear code mid-frame), and strings are reused as they are defined.
        let width = 200, height = 40
        let pattern: [UInt8] = (0..<(width * height)).map { (index: Int) -> UInt8 in
            let value: Int = index / 7 + index / 301
            return UInt8(value % 4)
        }
        let plain = GIFWriter.gif(
            width: width, height: height, colors: colors, frames: [.init(width: width, height: height, indices: pattern)])
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(try XCTUnwrap(CGImageSourceCreateWithData(plain, nil)), 0, nil))
        let palette = [black, red, green, blue]
        for y in 0..<height {
            for x in 0..<width {
                guard image.pixel(x: x, y: y) == palette[Int(pattern[y * width + x])] else {
                    return XCTFail("pixel (\(x), \(y)) is \(String(describing: image.pixel(x: x, y: y)))")
                }
            }
        }
        // Interlaced: the data gives rows 0, 8, 16, … then 4, 12, … then 2, 6, … then 1, 3, ….
        let rows = 10
        let order = [0, 8, 4, 2, 6, 1, 3, 5, 7, 9]
        let interlacedData = order.flatMap { row in [UInt8](repeating: UInt8(row % 4), count: 3) }
        let interlaced = GIFWriter.gif(
            width: 3, height: rows, colors: colors,
            frames: [.init(width: 3, height: rows, indices: interlacedData, interlaced: true)])
        let picture = try XCTUnwrap(CGImageSourceCreateImageAtIndex(try XCTUnwrap(CGImageSourceCreateWithData(interlaced, nil)), 0, nil))
        XCTAssertEqual((0..<rows).map { picture.pixel(x: 1, y: $0) }, (0..<rows).map { palette[$0 % 4] })
    }

    func testCorruptOrTruncatedGIFDataGivesAStatusAndNoCrash() throws {
        let data = animation()
        let truncated = try XCTUnwrap(CGImageSourceCreateWithData(Data(data.prefix(data.count - 3)), nil))
        XCTAssertEqual(CGImageSourceGetStatus(truncated), .statusUnexpectedEOF)
        XCTAssertEqual(CGImageSourceGetCount(truncated), 2, "the frames read whole")
        XCTAssertNotNil(CGImageSourceCreateImageAtIndex(truncated, 1, nil))
        for length in 0..<data.count {
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(data.prefix(length)), nil))
            _ = CGImageSourceGetStatus(source)
            for index in 0..<CGImageSourceGetCount(source) { _ = CGImageSourceCreateImageAtIndex(source, index, nil) }
        }
        for index in 0..<data.count {
            var bytes = [UInt8](data)
            bytes[index] ^= 0xFF
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(bytes), nil))
            for frame in 0..<CGImageSourceGetCount(source) {
                if let image = CGImageSourceCreateImageAtIndex(source, frame, nil) {
                    XCTAssertGreaterThan(image.width, 0)
                } else {
                    XCTAssertNotNil(Diagnostics.lastMessage)
                }
            }
        }
        // A screen larger than Lamina decodes is refused, not allocated.
        var huge = [UInt8](data)
        huge[6] = 0xFF; huge[7] = 0xFF; huge[8] = 0xFF; huge[9] = 0xFF
        let large = try XCTUnwrap(CGImageSourceCreateWithData(Data(huge), nil))
        XCTAssertNil(CGImageSourceCreateImageAtIndex(large, 0, nil))
        XCTAssertTrue(Diagnostics.lastMessage?.contains("is larger than Lamina decodes") ?? false, Diagnostics.lastMessage ?? "")
    }
}
