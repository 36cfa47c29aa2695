import QuartzCore
import TestSupport
import XCTest

/// `render(in:)` shrinks contents images as Core Graphics draws an image into a context:
/// drawn at less than three quarters of its pixel size, each pixel of the destination is
/// the average of the image pixels under it, not an interpolation of the two or four nearest
/// (which drops the rest, so thin strokes break up). Apple's render of a text layer drawn at
/// contentsScale 2 and shown twenty times smaller has whole, even strokes. The expected
/// values are the area averages of the stripes, computed here from the pattern.
@MainActor
final class RenderInContextImageMinificationTests: XCTestCase {
    /// The grey levels of row 0 after `layer.render(in:)` into a `width` × 1 context.
    private func greys(_ layer: CALayer, width: Int) throws -> [Int] {
        let ctx = try XCTUnwrap(makeFlippedBitmapContext(width: width, height: 1))
        layer.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        return (0..<width).map { rgba(image, $0, 0)[0] }
    }

    /// One white column in every `period`, the rest black, `width` columns.
    private func stripes(width: Int, period: Int) -> CGImage {
        makeImage(width: width, height: 1) { x, _ in x % period == 0 ? rgba(255, 255, 255, 255) : rgba(0, 0, 0, 255) }
    }

    func testAnImageShrunkEightTimesAveragesThePixelsUnderEachPoint() async throws {
        // 64 columns, one white in four, into 8 points: every point covers 8 columns, 2 white.
        let strip = layer(CGRect(x: 0, y: 0, width: 8, height: 1))
        strip.contents = stripes(width: 64, period: 4)
        let drawn = try greys(strip, width: 8)
        for value in drawn {
            // The area average is 255 × 2 / 8; interpolating the two nearest gives 128.
            XCTAssertEqual(Double(value), 255 * 2 / 8, accuracy: 8, "\(drawn)")
        }
    }

    func testTrilinearShrinksAsLinearDoes() async throws {
        let strip = layer(CGRect(x: 0, y: 0, width: 8, height: 1))
        strip.contents = stripes(width: 64, period: 4)
        let linear = try greys(strip, width: 8)
        strip.minificationFilter = .trilinear
        XCTAssertEqual(try greys(strip, width: 8), linear)
    }

    func testNearestMinificationPicksOnePixel() async throws {
        // Nearest takes a column beside each point's centre, 8 × i + 4: columns 8 × i + 3
        // and 8 × i + 4 are white, the other six of every eight black.
        let strip = layer(CGRect(x: 0, y: 0, width: 8, height: 1))
        strip.contents = makeImage(width: 64, height: 1) { x, _ in
            x % 8 == 3 || x % 8 == 4 ? rgba(255, 255, 255, 255) : rgba(0, 0, 0, 255)
        }
        strip.minificationFilter = .nearest
        XCTAssertEqual(try greys(strip, width: 8), Array(repeating: 255, count: 8))
    }

    func testShrinkingByLessThanAQuarterStillInterpolates() async throws {
        // 5 columns into 4 points (shrunk by 1.25): bilinear between the nearest two, as
        // Core Graphics and Apple's compositor do at that scale. Point 1's centre is at
        // column 1.875: 0.375 of the way from column 1 (white) to 2 (black).
        let strip = layer(CGRect(x: 0, y: 0, width: 4, height: 1))
        strip.contents = makeImage(width: 5, height: 1) { x, _ in x % 2 == 1 ? rgba(255, 255, 255, 255) : rgba(0, 0, 0, 255) }
        let drawn = try greys(strip, width: 4)
        XCTAssertEqual(Double(drawn[1]), 255 * 0.625, accuracy: 1, "\(drawn)")
    }
}
