import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerCompositorTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> CGImage.Pixel {
        CGImage.Pixel(red: r, green: g, blue: b, alpha: a)
    }

    /// Blue 20×20 root with red `a` (2…10), green `b` (6…14) above it, a hidden white
    /// layer over everything and a 50 % red `half` (12…18 × 2…8).
    private func makeScene() -> (root: CALayer, a: CALayer, b: CALayer) {
        let root = layer("root", CGRect(x: 0, y: 0, width: 20, height: 20), blue, in: nil)
        let a = layer("a", CGRect(x: 2, y: 2, width: 8, height: 8), red, in: root)
        let b = layer("b", CGRect(x: 6, y: 6, width: 8, height: 8), green, in: root)
        let hidden = layer("hidden", CGRect(x: 0, y: 0, width: 20, height: 20), .white, in: root)
        hidden.isHidden = true
        let half = layer("half", CGRect(x: 12, y: 2, width: 6, height: 6), red, in: root)
        half.opacity = 0.5
        CATransaction.flush()
        return (root, a, b)
    }

    func testThreeLayerTreeHasExactPixels() async throws {
        let scene = makeScene()
        let image = try CALayerCompositor().renderImage(scene.root.makeRenderTree(), width: 24, height: 24)
        XCTAssertEqual(image.pixel(x: 0, y: 0), pixel(0, 0, 255, 255), "root background")
        XCTAssertEqual(image.pixel(x: 19, y: 19), pixel(0, 0, 255, 255))
        XCTAssertEqual(image.pixel(x: 2, y: 2), pixel(255, 0, 0, 255), "inside a")
        XCTAssertEqual(image.pixel(x: 9, y: 5), pixel(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 7, y: 7), pixel(0, 255, 0, 255), "overlap: later sibling on top")
        XCTAssertEqual(image.pixel(x: 9, y: 9), pixel(0, 255, 0, 255))
        XCTAssertEqual(image.pixel(x: 13, y: 13), pixel(0, 255, 0, 255), "inside b")
        XCTAssertEqual(image.pixel(x: 14, y: 14), pixel(0, 0, 255, 255), "just outside b")
        XCTAssertEqual(image.pixel(x: 15, y: 5), pixel(128, 0, 127, 255), "50 % red over blue")
        XCTAssertEqual(image.pixel(x: 20, y: 20), pixel(0, 0, 0, 0), "outside the root: transparent")
        for y in 0..<20 {
            for x in 0..<20 {
                XCTAssertNotEqual(image.pixel(x: x, y: y), pixel(255, 255, 255, 255), "hidden layer at \(x),\(y)")
            }
        }
    }

    func testHigherZPositionIsDrawnOnTop() async throws {
        let scene = makeScene()
        scene.a.zPosition = 1
        CATransaction.flush()
        let image = try CALayerCompositor().renderImage(scene.root.makeRenderTree(), width: 20, height: 20)
        XCTAssertEqual(image.pixel(x: 7, y: 7), pixel(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 12, y: 12), pixel(0, 255, 0, 255))
    }

    func testRenderTreeIsPresentationNotModel() async throws {
        let scene = makeScene()
        scene.b.isHidden = true
        let image = try CALayerCompositor().renderImage(scene.root.makeRenderTree(), width: 20, height: 20)
        XCTAssertEqual(image.pixel(x: 7, y: 7), pixel(0, 255, 0, 255), "uncommitted change not drawn")
        CATransaction.flush()
        let after = try CALayerCompositor().renderImage(scene.root.makeRenderTree(), width: 20, height: 20)
        XCTAssertEqual(after.pixel(x: 7, y: 7), pixel(255, 0, 0, 255))
    }

    func testHalfOpacityOnTransparentIsPremultiplied() async throws {
        let tree = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: CGPoint(x: 2, y: 2), opacity: 0.5,
            backgroundColor: CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        let image = try CALayerCompositor().renderImage(tree, width: 4, height: 4)
        XCTAssertEqual(image.pixel(x: 1, y: 1), pixel(128, 128, 128, 128))
    }

    func testOpacityMultipliesDownTheTree() async throws {
        let child = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: CGPoint(x: 2, y: 2), opacity: 0.5,
            backgroundColor: red)
        let parent = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 4, height: 4), position: CGPoint(x: 2, y: 2), opacity: 0.5,
            sublayers: [child])
        let image = try CALayerCompositor().renderImage(parent, width: 4, height: 4)
        XCTAssertEqual(image.pixel(x: 0, y: 0), pixel(64, 0, 0, 64))
    }

    func testMasksToBoundsClipsSublayers() async throws {
        let child = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 10, y: 10), backgroundColor: red)
        let parent = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5), masksToBounds: true,
            sublayers: [child])
        let image = try CALayerCompositor().renderImage(parent, width: 20, height: 20)
        XCTAssertEqual(image.pixel(x: 7, y: 7), pixel(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 12, y: 12), pixel(0, 0, 0, 0))
        let unmasked = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 5, y: 5), sublayers: [child])
        XCTAssertEqual(try CALayerCompositor().renderImage(unmasked, width: 20, height: 20).pixel(x: 12, y: 12), pixel(255, 0, 0, 255))
    }

    func testScaleMultipliesGeometry() async throws {
        let tree = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 2, height: 2), position: CGPoint(x: 2, y: 2), backgroundColor: red)
        let image = try CALayerCompositor().renderImage(tree, width: 8, height: 8, scale: 2)
        XCTAssertEqual(image.pixel(x: 1, y: 1), pixel(0, 0, 0, 0))
        XCTAssertEqual(image.pixel(x: 2, y: 2), pixel(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 5, y: 5), pixel(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 6, y: 6), pixel(0, 0, 0, 0))
    }

    func testRotatedLayerCoversRotatedArea() async throws {
        let tree = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 20, height: 4), position: CGPoint(x: 10, y: 10),
            transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), backgroundColor: red)
        let image = try CALayerCompositor().renderImage(tree, width: 20, height: 20)
        XCTAssertEqual(image.pixel(x: 10, y: 1), pixel(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 9, y: 18), pixel(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 2, y: 10), pixel(0, 0, 0, 0))
    }

    func testContentsImageIsCopiedAtIntegerOffset() async throws {
        let bytes: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0]
        let image = try CGImage(width: 2, height: 2, bytesPerRow: 8, premultipliedBGRA: bytes)
        let tree = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 2, height: 2), position: CGPoint(x: 4, y: 5), contents: image)
        let result = try CALayerCompositor().renderImage(tree, width: 8, height: 8)
        XCTAssertEqual(result.pixel(x: 3, y: 4), pixel(0, 0, 255, 255))
        XCTAssertEqual(result.pixel(x: 4, y: 4), pixel(0, 255, 0, 255))
        XCTAssertEqual(result.pixel(x: 3, y: 5), pixel(255, 0, 0, 255))
        XCTAssertEqual(result.pixel(x: 4, y: 5), pixel(0, 0, 0, 0))
        XCTAssertEqual(result.pixel(x: 2, y: 4), pixel(0, 0, 0, 0))
    }

    func testContentsImageIsScaledToBoundsAndFaded() async throws {
        let image = try CGImage(width: 2, height: 2) { pixels, _ in
            for i in stride(from: 0, to: 16, by: 4) {
                pixels[i + 1] = 255
                pixels[i + 3] = 255
            }
        }
        let tree = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 8, height: 8), position: CGPoint(x: 4, y: 4), opacity: 0.5,
            contents: image)
        let result = try CALayerCompositor().renderImage(tree, width: 10, height: 10)
        XCTAssertEqual(result.pixel(x: 4, y: 4), pixel(0, 128, 0, 128))
        XCTAssertEqual(result.pixel(x: 9, y: 9), pixel(0, 0, 0, 0))
    }

    func testRotatedContentsImageIsFilteredInside() throws {
        let image = try CGImage(width: 4, height: 4) { pixels, _ in
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = 255
                pixels[i + 3] = 255
            }
        }
        let tree = CARenderLayer(
            bounds: CGRect(x: 0, y: 0, width: 12, height: 4), position: CGPoint(x: 10, y: 10),
            transform: CATransform3DMakeRotation(.pi / 2, 0, 0, 1), contents: image)
        let result = try CALayerCompositor().renderImage(tree, width: 20, height: 20)
        // A quarter turn about (10, 10) covers x 8...12, y 4...16; uniform colour stays exact inside.
        XCTAssertEqual(result.pixel(x: 10, y: 6), pixel(0, 0, 255, 255))
        XCTAssertEqual(result.pixel(x: 9, y: 14), pixel(0, 0, 255, 255))
        XCTAssertEqual(result.pixel(x: 4, y: 10), pixel(0, 0, 0, 0))
        XCTAssertEqual(result.pixel(x: 10, y: 2), pixel(0, 0, 0, 0))
    }

    func testRenderClearsTargetAndKeepsRowPadding() async throws {
        var buffer = [UInt8](repeating: 0xAB, count: 12 * 2)
        let tree = CARenderLayer(bounds: CGRect(x: 0, y: 0, width: 1, height: 1), position: CGPoint(x: 0.5, y: 0.5), backgroundColor: red)
        try buffer.withUnsafeMutableBytes { pixels in
            let base = try XCTUnwrap(pixels.baseAddress)
            try CALayerCompositor().render(tree, into: base, width: 2, height: 2, bytesPerRow: 12)
        }
        XCTAssertEqual(Array(buffer[0..<4]), [0, 0, 255, 255])
        XCTAssertEqual(Array(buffer[4..<8]), [0, 0, 0, 0])
        XCTAssertEqual(Array(buffer[8..<12]), [0xAB, 0xAB, 0xAB, 0xAB])
        XCTAssertEqual(Array(buffer[12..<20]), [0, 0, 0, 0, 0, 0, 0, 0])
    }

    func testBadArgumentsThrow() async throws {
        let compositor = CALayerCompositor()
        let tree = CARenderLayer()
        var buffer = [UInt32](repeating: 0, count: 64)
        try buffer.withUnsafeMutableBytes { pixels in
            let base = try XCTUnwrap(pixels.baseAddress)
            let cases: [(Int, Int, Int, CGFloat, UnsafeMutableRawPointer, CARenderError.Code)] = [
                (0, 4, 16, 1, base, .invalidSize),
                (4, -1, 16, 1, base, .invalidSize),
                (40_000, 1, 160_000, 1, base, .invalidSize),
                (4, 4, 15, 1, base, .invalidBytesPerRow),
                (4, 4, 18, 1, base, .invalidBytesPerRow),
                (4, 4, Int(Int32.max) + 1, 1, base, .invalidBytesPerRow),
                (4, 4, 16, 0, base, .invalidScale),
                (4, 4, 16, .nan, base, .invalidScale),
                (2, 2, 8, 1, base + 1, .misalignedPixels),
            ]
            for (width, height, bytesPerRow, scale, pointer, code) in cases {
                XCTAssertThrowsError(
                    try compositor.render(tree, into: pointer, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
                ) { error in
                    XCTAssertEqual((error as? CARenderError)?.code, code, "\(width)×\(height) stride \(bytesPerRow): \(error)")
                }
            }
        }
        XCTAssertThrowsError(try compositor.renderImage(tree, width: 0, height: 10))
        XCTAssertThrowsError(try compositor.renderImage(tree, width: 10, height: 10, scale: -1))
    }

    func testRenderedTreeWritesPNG() async throws {
        let scene = makeScene()
        let image = try CALayerCompositor().renderImage(scene.root.makeRenderTree(), width: 20, height: 20)
        let decoded = try CGImage(pngData: image.pngData())
        XCTAssertEqual(decoded.pixel(x: 7, y: 7), pixel(0, 255, 0, 255))
        XCTAssertEqual(decoded.pixel(x: 0, y: 0), pixel(0, 0, 255, 255))
    }
}
