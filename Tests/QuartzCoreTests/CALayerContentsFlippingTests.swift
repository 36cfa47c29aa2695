import QuartzCore
import TestSupport
import XCTest

/// Fills the band of `bandHeight` points at minimum y of its bounds, in whatever space
/// draw(in:) is given, and records what `contentsAreFlipped()` said while drawing.
private final class BandLayer: CALayer {
    var bandHeight: CGFloat = 3
    var flippedWhileDrawing: Bool?
    var drawsYUp = false

    override func draw(in ctx: CGContext) {
        flippedWhileDrawing = contentsAreFlipped()
        if drawsYUp && contentsAreFlipped() {
            // The pattern of code written for both platforms: make a flipped context y-up.
            ctx.translateBy(x: 0, y: bounds.height)
            ctx.scaleBy(x: 1, y: -1)
        }
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: bandHeight))
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerContentsFlippingTests: XCTestCase {
    private func band(in parent: CALayer, yUp: Bool = false) -> BandLayer {
        let layer = BandLayer()
        layer.frame = parent.bounds
        layer.contentsScale = 1
        layer.drawsYUp = yUp
        layer.setNeedsDisplay()
        parent.addSublayer(layer)
        return layer
    }

    private func root(flipped: Bool) -> CALayer {
        let root = layer(CGRect(x: 0, y: 0, width: 10, height: 10))
        root.isGeometryFlipped = flipped
        return root
    }

    /// The rows of column 5 that are red, top row first.
    private func redRows(_ root: CALayer) throws -> [Int] {
        CATransaction.flush()  // displays the layers marked, in the tree they are now in
        let image = try renderImage(of: root, 10, 10)
        return (0..<10).filter { image.pixel(x: 5, y: $0) == rgba(255, 0, 0, 255) }
    }

    // Apple documents contentsAreFlipped() as whether the layer's contents are implicitly
    // flipped; on iOS the layers of a view hierarchy are (a y-down context, origin top-left).
    func testALayerOfAnUnflippedTreeHasFlippedContentsAndDrawsYDown() async throws {
        let root = root(flipped: false)
        let layer = band(in: root)
        XCTAssertTrue(layer.contentsAreFlipped())
        XCTAssertEqual(try redRows(root), [0, 1, 2], "minimum y is the top row")
        XCTAssertEqual(layer.flippedWhileDrawing, true)
    }

    // A geometry flip turns the answer over, and draw(in:) then gets Core Graphics' native
    // y-up space (origin at the bottom-left): minimum y is the bottom row.
    func testUnderAGeometryFlippedSuperlayerContentsAreNotFlippedAndDrawYUp() async throws {
        let root = root(flipped: true)
        let layer = band(in: root)
        XCTAssertFalse(layer.contentsAreFlipped())
        XCTAssertEqual(try redRows(root), [7, 8, 9], "minimum y is the bottom row")
        XCTAssertEqual(layer.flippedWhileDrawing, false)
    }

    // Two flips cancel: the layer's own flag counts with its ancestors'.
    func testTwoGeometryFlipsCancel() async throws {
        let root = root(flipped: true)
        let layer = band(in: root)
        layer.isGeometryFlipped = true
        XCTAssertTrue(layer.contentsAreFlipped())
        XCTAssertEqual(try redRows(root), [0, 1, 2])
    }

    // Code that flips only when contentsAreFlipped() is true draws y-up either way, so the
    // same drawing lands on the same pixels with and without a flipped superlayer.
    func testDrawingThatChecksTheAnswerLooksTheSameEitherWay() async throws {
        let plain = root(flipped: false)
        _ = band(in: plain, yUp: true)
        let flipped = root(flipped: true)
        _ = band(in: flipped, yUp: true)
        XCTAssertEqual(try redRows(plain), [7, 8, 9], "y-up: minimum y at the bottom")
        XCTAssertEqual(try redRows(flipped), [7, 8, 9])
    }

    /// A 10×10 image whose top three rows (rows 0–2 of its pixels) are red, the rest blue.
    private func topBandImage() -> CGImage {
        makeImage(width: 10, height: 10) { _, y in y < 3 ? rgba(255, 0, 0, 255) : rgba(0, 0, 255, 255) }
    }

    private func imageLayer(in parent: CALayer) -> CALayer {
        let layer = CALayer()
        layer.frame = parent.bounds
        layer.contents = topBandImage()
        parent.addSublayer(layer)
        return layer
    }

    // Apple's header for isGeometryFlipped: even when geometry is flipped, an image in
    // `contents` displays the same, flipped or not (no transform assumed). Images show
    // upright on screen: the band of the image's top rows is the top rows of the window,
    // whether the layer, its superlayer, or both are flipped.
    func testAnImageShowsUprightUnderAGeometryFlippedSuperlayer() async throws {
        let root = root(flipped: true)
        _ = imageLayer(in: root)
        XCTAssertEqual(try redRows(root), [0, 1, 2])
    }

    func testAnImageShowsUprightWhateverTheFlipsOfItsLayerAndSuperlayer() async throws {
        for (rootFlipped, layerFlipped) in [(false, false), (false, true), (true, true)] {
            let root = root(flipped: rootFlipped)
            let layer = imageLayer(in: root)
            layer.isGeometryFlipped = layerFlipped
            XCTAssertEqual(try redRows(root), [0, 1, 2], "root flipped \(rootFlipped), layer flipped \(layerFlipped)")
        }
    }

    // The layer's own drawing is shown where it was drawn in its space; an image set in its
    // place afterwards is shown upright.
    func testAnImageReplacingTheLayersDrawingUnderAFlippedSuperlayerShowsUpright() async throws {
        let root = root(flipped: true)
        let layer = band(in: root)
        XCTAssertEqual(try redRows(root), [7, 8, 9], "drawn at minimum y of a y-up space")
        layer.contents = topBandImage()
        XCTAssertEqual(try redRows(root), [0, 1, 2])
    }
}
