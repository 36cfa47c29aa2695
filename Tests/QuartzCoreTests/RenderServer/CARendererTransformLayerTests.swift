import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// The render server culls and places layers by the same rules as the full rasteriser: a
/// transform layer seen edge-on draws nothing of its own, but its sublayers, turned back to
/// face the viewer in its 3D space, are drawn by both.
@MainActor
final class CARendererTransformLayerTests: XCTestCase {
    func testATransformLayerSeenEdgeOnStillShowsASublayerTurnedBackToTheViewer() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 60, height: 60))
        let space = CATransformLayer()
        space.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        // A quarter turn about y, exactly: its own plane is flattened to a line (determinant 0).
        var quarter = CATransform3DIdentity
        (quarter.m11, quarter.m13, quarter.m31, quarter.m33) = (0, -1, 1, 0)
        space.transform = quarter
        root.addSublayer(space)
        let card = layer("card", CGRect(x: 0, y: 0, width: 40, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: space)
        // The quarter turn back: the card faces the viewer, where the transform layer's frame is.
        var back = CATransform3DIdentity
        (back.m11, back.m13, back.m31, back.m33) = (0, 1, -1, 0)
        card.transform = back
        CATransaction.flush()

        let full = try CALayerCompositor().renderImage(root.makeRenderTree(), width: 60, height: 60)
        XCTAssertEqual(full.pixel(x: 30, y: 30), px(255, 0, 0), "the full rasteriser draws the card")
        XCTAssertEqual(full.pixel(x: 5, y: 30)?.alpha, 0)

        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: 60 * 60 * 4)
        try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: 60, height: 60, atTime: 0)
        XCTAssertEqual(Array(buffer[(30 * 60 + 30) * 4..<(30 * 60 + 30) * 4 + 4]), [0, 0, 255, 255], "so does the render server")
        XCTAssertEqual(buffer[(30 * 60 + 5) * 4 + 3], 0)
    }
}
