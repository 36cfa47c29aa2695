import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// A rotated layer that keeps a bitmap (one with contents) is drawn once unrotated and
/// composited through its rotation with bilinear filtering: its inside is its colour
/// exactly, its outline lies where the rotation puts it (within the one-pixel blur of
/// bilinear sampling), and rotating it again reuses the bitmap.
@MainActor
final class CARendererTransformedBitmapTests: XCTestCase {
    func testARotatedSquareKeepsItsColourInsideAndItsCornersWhereTheRotationPutsThem() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        let square = layer("square", CGRect(x: 30, y: 30, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: root)
        square.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        try keepABitmap(of: square)
        CATransaction.flush()
        let renderer = CALayerCompositor()
        let image = try renderer.renderImage(root.makeRenderTree(), width: 100, height: 100)
        // Rotated by 45° about its centre (50, 50): its four corners at distance
        // 20√2 ≈ 28.28 along the axes (21.7 and 78.3), so pixel centres 2 pixels inside
        // are blue and 1.5 pixels outside are clear.
        XCTAssertEqual(image.pixel(x: 50, y: 50), px(0, 0, 255))
        for (inside, outside) in [((50, 23), (50, 19)), ((76, 50), (80, 50)), ((50, 76), (50, 80)), ((23, 50), (19, 50))] {
            XCTAssertEqual(image.pixel(x: inside.0, y: inside.1), px(0, 0, 255), "\(inside)")
            XCTAssertEqual(image.pixel(x: outside.0, y: outside.1)?.alpha, 0, "\(outside)")
        }
        // Off the diagonal edges: (35, 35) is 21.2 from the centre along a diagonal, past
        // the edge at 20.
        XCTAssertEqual(image.pixel(x: 34, y: 34)?.alpha, 0)
        XCTAssertEqual(image.pixel(x: 37, y: 37), px(0, 0, 255))
    }

    func testRotatingALayerAgainReusesItsBitmap() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 64, height: 64))
        let square = layer("square", CGRect(x: 16, y: 16, width: 32, height: 32), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        try keepABitmap(of: square)
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: 64 * 64 * 4)
        for angle in [0.3, 0.6, 0.9] {
            square.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
            CATransaction.flush()
            try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: 64, height: 64, atTime: angle)
        }
        XCTAssertEqual(renderer.rasterisedBitmapCount, 1)
        // The centre is red whatever the angle.
        XCTAssertEqual(Array(buffer[(32 * 64 + 32) * 4..<(32 * 64 + 32) * 4 + 4]), [0, 0, 255, 255])
    }
}
