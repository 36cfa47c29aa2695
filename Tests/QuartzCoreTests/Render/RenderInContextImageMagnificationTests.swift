import QuartzCore
import TestSupport
import XCTest

/// `render(in:)` magnifies contents images as Apple's does: between the two nearest pixels,
/// the position eased toward the nearer one. Apple's renders of real Core Animation code
/// show it (a 442 × 440 image drawn at twice its size matches at every pixel; plain bilinear
/// at 92%); the expected values here are computed from the easing, `f^1.85 / (f^1.85 +
/// (1 − f)^1.85)`, independently of the renderer.
@MainActor
final class RenderInContextImageMagnificationTests: XCTestCase {
    /// The weight of the farther pixel, `f` of the way from the nearer.
    private func eased(_ f: Double) -> Double {
        let far = pow(f, 1.85), near = pow(1 - f, 1.85)
        return far / (far + near)
    }

    /// A black and a white pixel side by side.
    private let blackWhite = makeImage(width: 2, height: 1) { x, _ in x == 0 ? rgba(0, 0, 0, 255) : rgba(255, 255, 255, 255) }

    /// The grey levels of row 0 after `layer.render(in:)` into a `width` × 1 context.
    private func greys(_ layer: CALayer, width: Int) throws -> [Int] {
        let ctx = try XCTUnwrap(makeFlippedBitmapContext(width: width, height: 1))
        layer.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        return (0..<width).map { rgba(image, $0, 0)[0] }
    }

    func testAMagnifiedImageIsEasedBetweenItsPixels() async throws {
        // Two pixels over 8 points: the centre of point i samples the image at (i + ½) / 4,
        // f = that − ½ of the way from the black pixel's centre to the white one's.
        let strip = layer(CGRect(x: 0, y: 0, width: 8, height: 1))
        strip.contents = blackWhite
        let expected = (0..<8).map { i in 255 * eased(min(max((Double(i) + 0.5) / 4 - 0.5, 0), 1)) }
        XCTAssertEqual(expected.map { $0.rounded() }, [0, 0, 7, 71, 184, 248, 255, 255])
        let drawn = try greys(strip, width: 8)
        for (i, value) in drawn.enumerated() {
            XCTAssertEqual(Double(value), expected[i], accuracy: 1, "point \(i): \(drawn)")
        }
        // Bilinear would give 96 and 159 at points 3 and 4.
        XCTAssertLessThan(drawn[3], 80)
    }

    func testEasingFollowsTheLayersOpacityAndBothAxes() async throws {
        // A 2 × 2 checker drawn at 4 × 4 with opacity ½: each point eased across and down.
        let checker = makeImage(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? rgba(0, 0, 0, 255) : rgba(255, 255, 255, 255) }
        let square = layer(CGRect(x: 0, y: 0, width: 4, height: 4))
        square.contents = checker
        square.opacity = 0.5
        let ctx = try XCTUnwrap(makeFlippedBitmapContext(width: 4, height: 4))
        square.render(in: ctx)
        let image = try XCTUnwrap(ctx.makeImage())
        // Point (1, 1) samples (0.75, 0.75): a quarter of the way from pixel 0 to 1 both ways.
        let w = eased(0.25)
        let white = w * (1 - w) * 2  // the white pixels (1, 0) and (0, 1)
        XCTAssertEqual(Double(rgba(image, 1, 1)[0]), 255 * white * 0.5, accuracy: 1)
        XCTAssertEqual(Double(rgba(image, 1, 1)[3]), 127.5, accuracy: 1)
    }

    func testNearestMagnificationIsUnchanged() async throws {
        let strip = layer(CGRect(x: 0, y: 0, width: 8, height: 1))
        strip.contents = blackWhite
        strip.magnificationFilter = .nearest
        XCTAssertEqual(try greys(strip, width: 8), [0, 0, 0, 0, 255, 255, 255, 255])
    }
}
