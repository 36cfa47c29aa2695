import CCompositor
import TestSupport
import XCTest

/// The inked rectangle of a bitmap (what a layer bitmap keeps of the box it was drawn into)
/// is the smallest rectangle holding every pixel that is not zero, at any width and stride.
final class InkedRectTests: XCTestCase {
    /// The rectangle found pixel by pixel: `x0, y0, x1, y1`, nil when every pixel is zero.
    private func inkedByEveryPixel(_ pixels: [UInt32], width: Int, height: Int, stride: Int) -> [Int32]? {
        var found: [Int32]?
        for y in 0..<height {
            for x in 0..<width where pixels[y * stride + x] != 0 {
                let (px, py) = (Int32(x), Int32(y))
                found = found.map { [min($0[0], px), min($0[1], py), max($0[2], px + 1), max($0[3], py + 1)] } ?? [px, py, px + 1, py + 1]
            }
        }
        return found
    }

    func testTheRectangleHoldsExactlyTheInkedPixels() {
        var random = SplitMix64(seed: 31)
        for trial in 0..<400 {
            let width = 1 + random.int(40), height = 1 + random.int(30), stride = width + random.int(3)
            // A few inked pixels (sometimes none), anywhere; the padding past each row is inked
            // too, and must not count.
            let inkedCount = random.int(6)
            var pixels = [UInt32](repeating: 0, count: stride * height)
            for y in 0..<height { for x in width..<stride { pixels[y * stride + x] = 0xFFFF_FFFF } }
            for _ in 0..<inkedCount {
                pixels[random.int(height) * stride + random.int(width)] = UInt32(1 + random.int(Int(UInt32.max - 1)))
            }
            var rect: [Int32] = [-1, -1, -1, -1]
            let found = lamina_inked_rect(pixels, Int32(width), Int32(height), Int32(stride * 4), &rect)
            let expected = inkedByEveryPixel(pixels, width: width, height: height, stride: stride)
            XCTAssertEqual(found, expected != nil, "trial \(trial)")
            if let expected { XCTAssertEqual(rect, expected, "trial \(trial): \(width)×\(height)") }
        }
    }

    func testAnEmptyImageHasNoInk() {
        var rect: [Int32] = [7, 7, 7, 7]
        XCTAssertFalse(lamina_inked_rect([1], 0, 1, 4, &rect))
        XCTAssertFalse(lamina_inked_rect([1], 1, 0, 4, &rect))
        XCTAssertEqual(rect, [7, 7, 7, 7])
    }
}
