import CoreGraphics
import TestSupport
import XCTest

// A CGLayer caches drawing at its reference context's resolution and is drawn like an image.
final class CGLayerTests: XCTestCase {
    func testALayerDrawnAtAPointOrInARectPlacesItsDrawing() throws {
        let c = try XCTUnwrap(makeContext(width: 20, height: 10))
        let layer = try XCTUnwrap(CGLayer(c, size: CGSize(width: 4, height: 2), auxiliaryInfo: nil))
        XCTAssertEqual(layer.size, CGSize(width: 4, height: 2))
        let drawing = try XCTUnwrap(layer.context)
        // The layer's left half red, its right half transparent; y up as a bitmap context's.
        drawing.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        drawing.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        c.draw(layer, at: CGPoint(x: 1, y: 1))
        c.draw(layer, in: CGRect(x: 10, y: 0, width: 8, height: 4))
        let image = c.makeImage()
        // Row 0 of the image is the top: the layer drawn at (1, 1) covers rows 7–8.
        assertPixel(image, 1, 8, px(255, 0, 0))
        assertPixel(image, 2, 7, px(255, 0, 0))
        assertPixel(image, 3, 8, px(0, 0, 0, 0))
        assertPixel(image, 1, 6, px(0, 0, 0, 0))
        // Scaled twice (smoothly, as an image): its red half is x 10–13, rows 6–9, the edge
        // between x 13 and 14 blended.
        assertPixel(image, 11, 7, px(255, 0, 0))
        assertPixel(image, 16, 7, px(0, 0, 0, 0))
        assertPixel(image, 11, 4, px(0, 0, 0, 0))
    }

    func testALayerKeepsItsReferenceContextsResolution() throws {
        let c = try XCTUnwrap(CGContext.layerContext(width: 40, height: 40, scale: 2))
        let layer = try XCTUnwrap(CGLayer(c, size: CGSize(width: 5, height: 3), auxiliaryInfo: nil))
        let image = try XCTUnwrap(layer.context?.makeImage())
        XCTAssertEqual(image.width, 10)
        XCTAssertEqual(image.height, 6)
        XCTAssertNil(CGLayer(c, size: CGSize(width: 0, height: 3), auxiliaryInfo: nil))
        XCTAssertNil(CGLayer(c, size: CGSize(width: CGFloat.infinity, height: 3), auxiliaryInfo: nil))
    }
}
