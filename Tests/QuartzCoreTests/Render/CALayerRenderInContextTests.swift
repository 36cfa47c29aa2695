import QuartzCore
import TestSupport
import XCTest

/// A layer that fills its bounds' top-left quarter with green when it draws.
private final class QuarterLayer: CALayer {
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2))
    }
}

/// `render(in:)`: the model tree drawn in the layer's own coordinate space through the
/// context's current transform, with exact pixels.
@MainActor
final class CALayerRenderInContextTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let opaqueRed = px(255, 0, 0)

    /// A 40×40 root (placed and rotated in its superlayer's space, which must not matter)
    /// holding a red 10×10 layer at (5, 5).
    private func makeTree() -> (root: CALayer, box: CALayer) {
        let root = layer(CGRect(x: 100, y: 60, width: 40, height: 40))
        root.transform = CATransform3DMakeRotation(0.3, 0, 0, 1)
        let box = layer(CGRect(x: 5, y: 5, width: 10, height: 10), red, in: root)
        return (root, box)
    }

    /// A 40×40 bitmap context flipped to y-down, as UIKit's image contexts are.
    private func makeFlippedContext() throws -> CGContext {
        try XCTUnwrap(makeFlippedBitmapContext(width: 40, height: 40))
    }

    func testTheLayerCoordinateSpaceIsTheContextsUserSpace() async throws {
        let ctx = try makeFlippedContext()
        makeTree().root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 5, y: 5, width: 10, height: 10), inside: opaqueRed)
    }

    func testAnUnflippedBitmapContextHasTheLayerUpsideDown() async throws {
        // User space is y-up: layer rows 5..<15 are device rows 5..<15 from the bottom,
        // image rows 25..<35 from the top.
        let ctx = try XCTUnwrap(makeBitmapContext(width: 40, height: 40))
        makeTree().root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 5, y: 25, width: 10, height: 10), inside: opaqueRed)
    }

    func testTheCurrentTransformPlacesTheLayer() async throws {
        let ctx = try makeFlippedContext()
        ctx.translateBy(x: 3, y: 4)
        ctx.scaleBy(x: 2, y: 2)
        makeTree().root.render(in: ctx)
        // (5, 5)…(15, 15) → (3 + 10, 4 + 10)…(3 + 30, 4 + 30).
        assertPixels(ctx.makeImage(), CGRect(x: 13, y: 14, width: 20, height: 20), inside: opaqueRed)
    }

    func testTheBoundsOriginIsPartOfTheLayerSpace() async throws {
        let ctx = try makeFlippedContext()
        let tree = makeTree()
        // Sublayers are placed in bounds coordinates: the box stays at (5, 5) of the layer
        // space, where the bounds origin (−10, −20) no longer is.
        tree.root.bounds.origin = CGPoint(x: -10, y: -20)
        tree.root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 5, y: 5, width: 10, height: 10), inside: opaqueRed)
        let shifted = try makeFlippedContext()
        tree.root.bounds.origin = CGPoint(x: 2, y: 3)
        tree.root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        tree.root.render(in: shifted)
        let image = shifted.makeImage()
        assertPixel(image, 1, 2, rgba(0, 0, 0, 0))  // left of and above the bounds
        assertPixel(image, 2, 3, px(0, 0, 255))  // the bounds' first pixel
        assertPixel(image, 5, 5, opaqueRed)
        assertPixel(image, 39, 39, px(0, 0, 255))
    }

    func testModelValuesAreDrawnNotAnimations() async throws {
        let clock = useManualMediaClock(start: 100)
        let tree = makeTree()
        let context = CARenderContext(rootLayer: tree.root)
        CATransaction.flush()
        let move = CABasicAnimation(keyPath: "position")
        move.fromValue = CGPoint(x: 30, y: 30)
        move.toValue = CGPoint(x: 30, y: 30)
        move.duration = 10
        tree.box.add(move, forKey: "move")
        CATransaction.flush()
        clock.set(101)
        context.advanceAnimations(to: 101)
        XCTAssertEqual(tree.box.presentation()?.position, CGPoint(x: 30, y: 30))
        let ctx = try makeFlippedContext()
        tree.root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 5, y: 5, width: 10, height: 10), inside: opaqueRed)
    }

    func testMasksToBoundsAndTheContextClipApply() async throws {
        let ctx = try makeFlippedContext()
        let tree = makeTree()
        tree.root.bounds.size = CGSize(width: 10, height: 10)
        tree.root.masksToBounds = true
        ctx.clip(to: CGRect(x: 0, y: 0, width: 8, height: 40))
        tree.root.render(in: ctx)
        // Box 5..<15 clipped to the bounds (0..<10) and the clip (x < 8).
        assertPixels(ctx.makeImage(), CGRect(x: 5, y: 5, width: 3, height: 5), inside: opaqueRed)
    }

    func testLayersThatNeedDisplayAreDrawnFirst() async throws {
        let ctx = try makeFlippedContext()
        let root = layer(CGRect(x: 0, y: 0, width: 40, height: 40))
        let drawn = QuarterLayer()
        drawn.frame = CGRect(x: 8, y: 4, width: 20, height: 20)
        root.addSublayer(drawn)
        drawn.setNeedsDisplay()
        root.render(in: ctx)
        assertPixels(ctx.makeImage(), CGRect(x: 8, y: 4, width: 10, height: 10), inside: px(0, 255, 0))
    }

    func testARenderedLayerKeepsTheContextsPathAndState() async throws {
        let ctx = try makeFlippedContext()
        ctx.addRect(CGRect(x: 30, y: 30, width: 5, height: 5))
        let before = ctx.ctm
        makeTree().root.render(in: ctx)
        XCTAssertEqual(ctx.ctm, before)
        XCTAssertEqual(ctx.boundingBoxOfPath, CGRect(x: 30, y: 30, width: 5, height: 5))
    }

    func testAContextWithApplesRGBALayoutGetsTheSamePixels() async throws {
        // premultipliedLast, default byte order: bytes R, G, B, A.
        let ctx = try XCTUnwrap(
            CGContext(
                data: nil, width: 40, height: 40, bitsPerComponent: 8, bytesPerRow: 160,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 40)
        ctx.scaleBy(x: 1, y: -1)
        makeTree().root.render(in: ctx)
        let bytes = try XCTUnwrap(ctx.data).assumingMemoryBound(to: UInt8.self)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { bytes[y * 160 + x * 4 + $0] } }
        XCTAssertEqual(pixel(5, 5), [255, 0, 0, 255])
        XCTAssertEqual(pixel(14, 14), [255, 0, 0, 255])
        XCTAssertEqual(pixel(4, 5), [0, 0, 0, 0])
        XCTAssertEqual(pixel(15, 14), [0, 0, 0, 0])
    }
}
