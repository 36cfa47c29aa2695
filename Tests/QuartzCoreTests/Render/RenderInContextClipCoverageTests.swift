import QuartzCore
import TestSupport
import XCTest

/// `render(in:)` clips as Core Graphics does: a `masksToBounds` clip is a coverage mask,
/// so where a shape's edge and the clip's edge share a pixel, the pixel gets the product of
/// the two coverages, not the area of the shape inside the clip. Expected values are the
/// covered areas computed by hand (±2 of 255); that Apple's `render(in:)` multiplies is what
/// its renders of Lottie's pre-compositions show (an edge 0.106 of a pixel wide inside clips
/// covering 0.783 of it drew 13 of 255, the product with the clip counted three times).
@MainActor
final class RenderInContextClipCoverageTests: XCTestCase {
    private let red = CGColor(srgbRed: 1, green: 0, blue: 0, alpha: 1)

    /// A 20 × 20 tree: a 15 × 15 clipping layer at `origin` (x 0.3 unless told), holding
    /// `content` (in its coordinates).
    private func clippedTree(at origin: CGPoint = CGPoint(x: 0.3, y: 0), _ content: (CALayer) -> Void) -> CALayer {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let clip = layer(CGRect(origin: origin, size: CGSize(width: 15, height: 15)), in: root)
        clip.masksToBounds = true
        content(clip)
        return root
    }

    private func renderedInContext(_ root: CALayer) throws -> CGImage {
        let ctx = try XCTUnwrap(makeFlippedBitmapContext(width: 20, height: 20))
        root.render(in: ctx)
        return try XCTUnwrap(ctx.makeImage())
    }

    /// A shape filling x 0.6...10 (device), y 2...12.
    private func addShape(to clip: CALayer) {
        let shape = CAShapeLayer()
        shape.frame = clip.bounds
        shape.path = CGPath(rect: CGRect(x: 0.3, y: 2, width: 9.4, height: 10), transform: nil)
        shape.fillColor = red
        clip.addSublayer(shape)
    }

    func testAShapeEdgeInsideTheClipsEdgePixelGetsTheProductOfTheCoverages() async throws {
        // Pixel 0: the clip covers 0.7 of it, the shape 0.4; 0.28 × 255 = 71.4.
        let image = try renderedInContext(clippedTree(addShape))
        assertPixel(image, 0, 5, px(71, 0, 0, 71), tolerance: 2)
        assertPixel(image, 1, 5, px(255, 0, 0))
    }

    func testABackgroundEdgeInsideTheClipsEdgePixelGetsTheProductOfTheCoverages() async throws {
        let image = try renderedInContext(
            clippedTree { clip in _ = layer(CGRect(x: 0.3, y: 2, width: 9.4, height: 10), red, in: clip) })
        assertPixel(image, 0, 5, px(71, 0, 0, 71), tolerance: 2)
    }

    func testNestedClipsAtOneFractionalEdgeCountOnce() async throws {
        // Each sublayer drawn inside both clips: the pixel the two edges share is scaled by
        // the clip's coverage of it (0.7) and the shape's (0.4).
        let image = try renderedInContext(
            clippedTree { clip in
                let inner = layer(clip.bounds, in: clip)
                inner.masksToBounds = true
                addShape(to: inner)
            })
        assertPixel(image, 0, 5, px(71, 0, 0, 71), tolerance: 2)
    }

    func testAHorizontalEdgeInsideAFractionalClipIsExact() async throws {
        // A clip with fractional edges across and down, the shape's left edge in the clip's
        // edge pixel and its top at y 2.638: row 2 is 0.362 covered, 92 of 255 (cairo, cutting
        // the shape by the clip, rounds it to the nearest fifteenth: 85).
        let image = try renderedInContext(
            clippedTree(at: CGPoint(x: 0.3, y: -0.23)) { clip in
                let shape = CAShapeLayer()
                shape.frame = clip.bounds
                shape.path = CGPath(rect: CGRect(x: 0.3, y: 2.868, width: 8, height: 8), transform: nil)
                shape.fillColor = red
                clip.addSublayer(shape)
            })
        assertPixel(image, 5, 2, px(92, 0, 0, 92), tolerance: 2)
    }

    func testOverlappingSiblingsAreEachScaledByTheClip() async throws {
        // Cyan, then red, both past the clip's right edge (x 15.3: pixel 15 is 0.3 covered):
        // red 0.3 over cyan 0.3 — red 76.5, green and blue 76.5 × 0.7, alpha 0.3 + 0.3 × 0.7 —
        // as in Apple's render of two Lottie shapes larger than their clip, not the pair
        // drawn first and then scaled by the clip (red 76.5 alone).
        let beyond = CGRect(x: -5, y: -5, width: 30, height: 30)
        let image = try renderedInContext(
            clippedTree { clip in
                _ = layer(beyond, CGColor(srgbRed: 0, green: 1, blue: 1, alpha: 1), in: clip)
                _ = layer(beyond, red, in: clip)
            })
        assertPixel(image, 15, 5, px(77, 54, 54, 130), tolerance: 2)
    }

    func testALayerWithACompositingFilterIsClippedWhileItDrawsAndAgainWhenComposited() async throws {
        // Core Graphics draws a transparency layer's contents through the clip, then
        // composites the layer through it: 0.4 × 0.7 × 0.7 = 0.196, 50 of 255 — Apple's render
        // of Lottie's blend-mode pre-compositions counts the clip so (0.106 × 0.783³ drew 13).
        let image = try renderedInContext(
            clippedTree { clip in
                let blended = layer(clip.bounds, in: clip)
                blended.compositingFilter = "screenBlendMode"
                addShape(to: blended)
            })
        assertPixel(image, 0, 5, px(50, 0, 0, 50), tolerance: 2)
        assertPixel(image, 1, 5, px(255, 0, 0))
    }
}
