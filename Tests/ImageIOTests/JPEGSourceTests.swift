import Foundation
import ImageIO
import XCTest

/// Image sources decode baseline JPEG — colour with and without chroma subsampling, gray,
/// restart intervals, edges that are not whole blocks — to the image the file was made from,
/// within the rounding its all-ones quantization leaves.
final class JPEGSourceTests: XCTestCase {
    /// The largest difference of any channel between `image` and `rgb` (3 bytes a pixel, or 1
    /// for gray).
    private func largestDifference(_ image: CGImage, _ pixels: [UInt8], gray: Bool = false) -> Int {
        var largest = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                guard let pixel = image.pixel(x: x, y: y) else { return .max }
                let index = y * image.width + x
                let expected = gray ? [pixels[index], pixels[index], pixels[index]] : Array(pixels[(index * 3)..<(index * 3 + 3)])
                for (got, want) in zip([pixel.red, pixel.green, pixel.blue], expected) { largest = max(largest, abs(Int(got) - Int(want))) }
                largest = max(largest, 255 - Int(pixel.alpha))
            }
        }
        return largest
    }

    /// A colourful image: smooth gradients, a hard edge and a noisy patch (long runs of zeros
    /// and large coefficients both).
    private func picture(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let noisy = x > width / 2 && y > height / 2
                let r = noisy ? (x * 97 + y * 31) % 256 : x * 255 / max(width - 1, 1)
                let g = noisy ? (x * 13 + y * 151) % 256 : y * 255 / max(height - 1, 1)
                let b = x < width / 4 ? 230 : 40
                pixels += [UInt8(r), UInt8(g), UInt8(b)]
            }
        }
        return pixels
    }

    func testAColourJPEGDecodesToTheImageItWasMadeFrom() throws {
        let width = 40, height = 24
        let pixels = picture(width: width, height: height)
        let data = JPEGWriter.jpeg(width: width, height: height, pixels: pixels)
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        XCTAssertEqual(CGImageSourceGetType(source), "public.jpeg")
        XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
        XCTAssertEqual(CGImageSourceGetCount(source), 1)
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertEqual([image.width, image.height], [width, height])
        XCTAssertLessThanOrEqual(largestDifference(image, pixels), 3)
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        XCTAssertEqual(properties[kCGImagePropertyPixelWidth] as? Int, width)
        XCTAssertEqual(properties[kCGImagePropertyColorModel] as? String, "RGB")
        XCTAssertEqual(properties[kCGImagePropertyDPIWidth] as? Int, 72)
        XCTAssertEqual(properties[kCGImagePropertyOrientation] as? Int, 1)
    }

    func testSubsampledChromaIsInterpolatedBetweenTheSamplesCentres() throws {
        // Colour rising steeply and evenly across: the writer averages chroma over each 2×2
        // block, so the samples are the ramp's values at the blocks' centres, and interpolating
        // linearly between centres (libjpeg's "fancy" upsampling, and Apple's decoder: Apple's
        // render of a 4:2:0 photograph matches it at 3 more pixels in 100 than
        // replicated chroma) gives the ramp back away from the edges. Repeating each sample
        // over its block would be off by a quarter of the chroma step, about 7 levels here.
        let width = 20, height = 16
        var pixels: [UInt8] = []
        for _ in 0..<height {
            for x in 0..<width { pixels += [UInt8(12 * x), 128, UInt8(255 - 12 * x)] }
        }
        let data = JPEGWriter.jpeg(width: width, height: height, pixels: pixels, subsampled: true)
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(try XCTUnwrap(CGImageSourceCreateWithData(data, nil)), 0, nil))
        XCTAssertEqual([image.width, image.height], [width, height])
        var largest = 0
        for y in 0..<height {
            for x in 1..<(width - 1) {
                let pixel = try XCTUnwrap(image.pixel(x: x, y: y))
                let want = pixels[(y * width + x) * 3..<(y * width + x) * 3 + 3]
                for (got, expected) in zip([pixel.red, pixel.green, pixel.blue], want) {
                    largest = max(largest, abs(Int(got) - Int(expected)))
                }
            }
        }
        XCTAssertLessThanOrEqual(largest, 3)
    }

    func testAGrayJPEGWithRestartsAndPartialBlocksGivesItsOrientation() throws {
        let width = 13, height = 9
        // The first block's rows are 128 + 47 cos((2y + 1) 7π / 16), rounded: its one nonzero
        // coefficient (0, 7) comes 35th in zigzag order, after 34 zeros (two runs of 16 coded
        // as such); then a ramp.
        let stripes: [UInt8] = [137, 102, 167, 82, 174, 89, 154, 119]
        let pixels = (0..<(width * height)).map { (index: Int) -> UInt8 in
            let x = index % width, y = index / width
            return x < 8 && y < 8 ? stripes[y] : UInt8(index * 29 % 256)
        }
        let data = JPEGWriter.jpeg(width: width, height: height, pixels: pixels, gray: true, restartInterval: 1, orientation: 6)
        let source = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
        let image = try XCTUnwrap(CGImageSourceCreateImageAtIndex(source, 0, nil))
        XCTAssertLessThanOrEqual(largestDifference(image, pixels, gray: true), 2)
        let properties = try XCTUnwrap(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        XCTAssertEqual(properties[kCGImagePropertyColorModel] as? String, "Gray")
        // The EXIF orientation is reported; the image is returned as stored, as Apple's is.
        XCTAssertEqual(properties[kCGImagePropertyOrientation] as? Int, 6)
    }

    func testWhatIsNotDecodedSaysWhyAndBrokenDataNeverCrashes() throws {
        let pixels = picture(width: 16, height: 16)
        let data = JPEGWriter.jpeg(width: 16, height: 16, pixels: pixels)
        // The same file marked arithmetic-coded progressive (SOF10).
        var bytes = [UInt8](data)
        let frame = try XCTUnwrap((0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[frame + 1] = 0xCA
        let arithmetic = try XCTUnwrap(CGImageSourceCreateWithData(Data(bytes), nil))
        XCTAssertEqual(CGImageSourceGetCount(arithmetic), 1)
        XCTAssertNil(CGImageSourceCreateImageAtIndex(arithmetic, 0, nil))
        XCTAssertEqual(
            Diagnostics.lastMessage,
            "CGImageSourceCreateImageAtIndex: hierarchical and arithmetic-coded progressive JPEG are not decoded; convert the image to PNG")
        // Marked progressive (SOF2), its one scan is not a progressive one (all 64 coefficients).
        bytes[frame + 1] = 0xC2
        let mislabelled = try XCTUnwrap(CGImageSourceCreateWithData(Data(bytes), nil))
        XCTAssertNil(CGImageSourceCreateImageAtIndex(mislabelled, 0, nil))
        XCTAssertEqual(
            Diagnostics.lastMessage,
            "CGImageSourceCreateImageAtIndex: the JPEG data could not be decoded: a progressive scan's band 0…63 or bit 0→0 is not allowed")

        let truncated = try XCTUnwrap(CGImageSourceCreateWithData(Data(data.prefix(data.count - 10)), nil))
        XCTAssertEqual(CGImageSourceGetStatus(truncated), .statusUnexpectedEOF)
        for length in stride(from: 0, to: data.count, by: 3) {
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(data.prefix(length)), nil))
            _ = CGImageSourceGetStatus(source)
            _ = CGImageSourceCreateImageAtIndex(source, 0, nil)
        }
        for index in stride(from: 0, to: data.count, by: 2) {
            var broken = [UInt8](data)
            broken[index] ^= 0x5A
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(broken), nil))
            if let image = CGImageSourceCreateImageAtIndex(source, 0, nil) {
                XCTAssertGreaterThan(image.width, 0)
            } else {
                XCTAssertNotNil(Diagnostics.lastMessage)
            }
        }
    }

    func testAThumbnailWithTransformIsTurnedUprightFromTheOrientation() throws {
        // EXIF: orientation 6 is stored turned a quarter anticlockwise (shown turned a quarter
        // clockwise): the shown pixel (x, y) is the stored (y, height − 1 − x); orientation 8
        // the other way: the stored (width − 1 − y, x).
        let width = 13, height = 9
        let pixels = (0..<(width * height)).map { UInt8($0 * 37 % 251) }
        for (orientation, stored) in [(6, { (x: Int, y: Int) in (y, height - 1 - x) }), (8, { (x: Int, y: Int) in (width - 1 - y, x) })] {
            let data = JPEGWriter.jpeg(width: width, height: height, pixels: pixels, gray: true, orientation: orientation)
            let source = try XCTUnwrap(CGImageSourceCreateWithData(data, nil))
            let options: [CFString: Any] = [
                kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceCreateThumbnailWithTransform: true,
            ]
            let thumbnail = try XCTUnwrap(CGImageSourceCreateThumbnailAtIndex(source, 0, options))
            XCTAssertEqual([thumbnail.width, thumbnail.height], [height, width], "orientation \(orientation)")
            var largest = 0
            for y in 0..<width {
                for x in 0..<height {
                    let (sx, sy) = stored(x, y)
                    let got = Int(try XCTUnwrap(thumbnail.pixel(x: x, y: y)).red)
                    largest = max(largest, abs(got - Int(pixels[sy * width + sx])))
                }
            }
            XCTAssertLessThanOrEqual(largest, 2, "orientation \(orientation)")
            // Without the transform, as stored.
            let plain = try XCTUnwrap(CGImageSourceCreateThumbnailAtIndex(source, 0, [kCGImageSourceCreateThumbnailFromImageAlways: true]))
            XCTAssertEqual([plain.width, plain.height], [width, height])
        }
    }
}

/// Progressive JPEG: the same coefficients sent in progressive scans decode to the same
/// pixels as sent baseline (whose decoding the tests above check against the original).
final class ProgressiveJPEGSourceTests: XCTestCase {
    private func decode(_ data: Data) throws -> CGImage {
        try XCTUnwrap(CGImageSourceCreateImageAtIndex(try XCTUnwrap(CGImageSourceCreateWithData(data, nil)), 0, nil))
    }

    /// Every pixel's components of `image`.
    private func pixels(_ image: CGImage) throws -> [UInt8] {
        var all: [UInt8] = []
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = try XCTUnwrap(image.pixel(x: x, y: y))
                all += [pixel.red, pixel.green, pixel.blue, pixel.alpha]
            }
        }
        return all
    }

    private func picture(width: Int, height: Int) -> [UInt8] {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                // A smooth ramp, a hard edge and a noisy patch: small and large coefficients,
                // long zero runs and none.
                let noisy = x > width / 2 && y > height / 2
                let noise = noisy ? (x * 7919 + y * 104729) % 97 : 0
                pixels += [UInt8((x * 255 / max(width - 1, 1) + noise) % 256), UInt8(x < width / 3 ? 30 : 220), UInt8((y * 5 + noise) % 256)]
            }
        }
        return pixels
    }

    func testAProgressiveJPEGDecodesToTheSamePixelsAsTheBaselineOne() throws {
        for subsampled in [false, true] {
            let width = 45, height = 29
            let original = picture(width: width, height: height)
            let progressive = ProgressiveJPEGWriter.jpeg(width: width, height: height, pixels: original, subsampled: subsampled)
            let baseline = JPEGWriter.jpeg(width: width, height: height, pixels: original, subsampled: subsampled)
            let source = try XCTUnwrap(CGImageSourceCreateWithData(progressive, nil))
            XCTAssertEqual(CGImageSourceGetStatus(source), .statusComplete)
            let image = try decode(progressive)
            XCTAssertEqual([image.width, image.height], [width, height])
            XCTAssertEqual(try pixels(image), try pixels(try decode(baseline)), "subsampled: \(subsampled)")
        }
    }

    func testBrokenProgressiveDataNeverCrashes() throws {
        let data = ProgressiveJPEGWriter.jpeg(width: 20, height: 12, pixels: picture(width: 20, height: 12), subsampled: true)
        for length in stride(from: 0, to: data.count, by: 5) {
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(data.prefix(length)), nil))
            _ = CGImageSourceGetStatus(source)
            _ = CGImageSourceCreateImageAtIndex(source, 0, nil)
        }
        for index in 0..<data.count {
            var broken = [UInt8](data)
            broken[index] ^= 0x5A
            let source = try XCTUnwrap(CGImageSourceCreateWithData(Data(broken), nil))
            _ = CGImageSourceCreateImageAtIndex(source, 0, nil)
        }
    }
}
