import QuartzCore
import TestSupport
import XCTest

@testable import QuartzCore

/// A shape layer's drawing is bounded by every point of its snapshot path: cairo, which
/// strokes it, takes a line or curve with no current point as a move to its first point, so
/// a path whose elements start before any move draws from there too.
@MainActor
final class CARendererShapeBoundsTests: XCTestCase {
    /// A 60 × 40 tree with one 20 × 20 shape layer at (10, 10) stroking `elements` in red.
    private func tree(stroking elements: [CARenderPath.Element]) -> CARenderLayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 10, y: 10, width: 20, height: 20)
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        shape.fillColor = nil
        shape.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        shape.lineWidth = 4
        root.addSublayer(shape)
        var tree = root.snapshot(geometryFlipped: root.geometryFlipParity)
        var sublayer = tree.sublayers[0]
        sublayer.shape?.path = CARenderPath(elements: elements)
        tree.replaceSublayer(at: 0, with: sublayer)
        return tree
    }

    func testAPathStartingWithALineIsDrawnAsThePathStartingWithAMoveThere() async throws {
        // From 35 points right of the layer (outside its bounds) back to its middle.
        let (far, middle) = (CGPoint(x: 45, y: 10), CGPoint(x: 10, y: 10))
        let leading = try drawnByANewRenderer(tree(stroking: [.line(far), .line(middle)]), width: 60, height: 40, threads: 1)
        let moved = try drawnByANewRenderer(tree(stroking: [.move(far), .line(middle)]), width: 60, height: 40, threads: 1)
        // The stroke reaches the far point: red at (54, 20) in the device (the layer's 44, 10).
        let far54 = (20 * 60 + 54) * 4
        XCTAssertGreaterThan(moved.pixels[far54 + 2], 200, "the path with a move strokes out to its far point")
        XCTAssertEqual(leading.pixels, moved.pixels, "the same pixels as the path starting with a move")
    }
}
