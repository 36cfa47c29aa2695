import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// A large frame is drawn in horizontal bands on several threads at once, each band
/// reporting what it composited; run under ThreadSanitizer and AddressSanitizer by
/// scripts/stress.sh.
@MainActor
final class RenderBandThreadTests: XCTestCase {
    func testBandsDrawnOnSeveralThreadsGiveOneThreadsPixelsAndCountEveryPixelOnce() async throws {
        // 480 × 320 = 153,600 pixels: drawn in bands. 40 translucent 20 × 20 tiles that do
        // not overlap, some across the bands' edges, over an opaque root.
        let (width, height) = (480, 320)
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        for i in 0..<40 {
            let color = CGColor(red: Double(i % 5) / 5, green: 0.4, blue: Double(i % 3) / 3, alpha: 0.5)
            _ = layer("tile \(i)", CGRect(x: 10 + (i % 10) * 46, y: 5 + (i / 10) * 78, width: 20, height: 20), color, in: root)
        }
        CATransaction.flush()
        let tree = root.makeRenderTree()
        let one = try drawnByANewRenderer(tree, width: width, height: height, threads: 1)
        let four = try drawnByANewRenderer(tree, width: width, height: height, threads: 4)
        // The root's pixels and the tiles' (nothing opaque above anything): 153,600 + 40 × 400.
        XCTAssertEqual(one.renderer.compositedPixelCount, 153_600 + 16_000)
        XCTAssertEqual(four.renderer.compositedPixelCount, one.renderer.compositedPixelCount)
        XCTAssertEqual(four.pixels, one.pixels)
    }
}
