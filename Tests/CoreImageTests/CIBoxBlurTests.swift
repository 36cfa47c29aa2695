@testable import CoreImage
import XCTest

/// The three-box blur against plain loops: every output channel the rounded mean of its
/// window (pixels outside transparent, or the nearest edge pixel repeated), at radii small
/// and wider than the image.
final class CIBoxBlurTests: XCTestCase {
    private let width = 37, height = 23

    /// A reproducible image of premultiplied pixels (each colour channel at most its alpha).
    private func randomImage() -> [UInt32] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt32(truncatingIfNeeded: state >> 33)
        }
        return (0..<width * height).map { _ in
            let a = next() % 256
            return a << 24 | (next() % (a + 1)) << 16 | (next() % (a + 1)) << 8 | next() % (a + 1)
        }
    }

    private func expected(_ image: [UInt32], radii: [Int], clamped: Bool) -> [UInt32] {
        var image = image
        for radius in radii {
            let w = 2 * radius + 1
            for horizontal in [true, false] {
                let source = image
                for y in 0..<height {
                    for x in 0..<width {
                        var pixel: UInt32 = 0
                        for shift in stride(from: 0, through: 24, by: 8) {
                            var sum = 0
                            for k in -radius...radius {
                                var (sx, sy) = horizontal ? (x + k, y) : (x, y + k)
                                if clamped {
                                    sx = min(max(sx, 0), width - 1)
                                    sy = min(max(sy, 0), height - 1)
                                } else if sx < 0 || sx >= width || sy < 0 || sy >= height {
                                    continue
                                }
                                sum += Int((source[sy * width + sx] >> UInt32(shift)) & 0xFF)
                            }
                            pixel |= UInt32((sum + w / 2) / w) << UInt32(shift)
                        }
                        image[y * width + x] = pixel
                    }
                }
            }
        }
        return image
    }

    private func blurred(_ image: [UInt32], radii: [Int], edges: CIBoxBlur.Edges, threads: Int = 1) -> [UInt32] {
        var pixels = image
        pixels.withUnsafeMutableBytes {
            CIBoxBlur.blur(
                $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4, radii: radii, edges: edges, threads: threads)
        }
        return pixels
    }

    func testEachPassIsTheRoundedMeanOfItsWindow() {
        let image = randomImage()
        for radii in [[1], [1, 1, 2], [3, 5, 40], [150]] {
            XCTAssertEqual(blurred(image, radii: radii, edges: .transparent), expected(image, radii: radii, clamped: false), "\(radii) transparent")
            XCTAssertEqual(blurred(image, radii: radii, edges: .clamped), expected(image, radii: radii, clamped: true), "\(radii) clamped")
        }
    }

    func testThreadsShareTheWorkAndGiveTheSamePixels() {
        // Large enough to be shared out: the 37 × 23 image tiled 40 times across.
        let tile = randomImage()
        let (wide, tall) = (width * 40, height)
        var image = [UInt32](repeating: 0, count: wide * tall)
        for y in 0..<tall { for x in 0..<wide { image[y * wide + x] = tile[y * width + x % width] } }
        XCTAssertGreaterThanOrEqual(wide * tall, CIBoxBlur.parallelThreshold)
        func blur(threads: Int, edges: CIBoxBlur.Edges) -> [UInt32] {
            var pixels = image
            pixels.withUnsafeMutableBytes {
                CIBoxBlur.blur($0.baseAddress!, width: wide, height: tall, bytesPerRow: wide * 4, radii: [2, 7], edges: edges, threads: threads)
            }
            return pixels
        }
        for edges in [CIBoxBlur.Edges.transparent, .clamped] {
            let one = blur(threads: 1, edges: edges)
            XCTAssertNotEqual(one, image)
            XCTAssertEqual(blur(threads: 2, edges: edges), one)
            XCTAssertEqual(blur(threads: 3, edges: edges), one)
        }
    }
}
