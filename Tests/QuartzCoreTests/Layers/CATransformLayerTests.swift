import Foundation
import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CATransformLayerTests: XCTestCase, RenderingSwatches {
    /// A 20 × 20 root holding `container` (filling it) with a red sublayer at zPosition 10
    /// and a blue one at −10, both covering the middle.
    private func depthScene(_ container: CALayer) -> CALayer {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        container.frame = root.bounds
        root.addSublayer(container)
        layer(CGRect(x: 5, y: 5, width: 10, height: 10), red, in: container).zPosition = 10
        layer(CGRect(x: 5, y: 5, width: 10, height: 10), blue, in: container).zPosition = -10
        return root
    }

    func testOwnAppearanceIsIgnored() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        let transformLayer = CATransformLayer()
        transformLayer.frame = root.bounds
        transformLayer.backgroundColor = red
        transformLayer.borderWidth = 3
        transformLayer.borderColor = blue
        transformLayer.contents = makeImage(width: 1, height: 1) { _, _ in rgba(255, 0, 0, 255) }
        transformLayer.shadowOpacity = 1
        transformLayer.masksToBounds = true
        transformLayer.mask = layer(CGRect(x: 0, y: 0, width: 2, height: 2), red)
        root.addSublayer(transformLayer)
        _ = layer(CGRect(x: 15, y: 15, width: 10, height: 10), green, in: transformLayer)
        let image = try renderImage(of: root, 30, 30)
        XCTAssertEqual(image.pixel(x: 1, y: 1), clear, "no background, border or contents")
        XCTAssertEqual(image.pixel(x: 10, y: 10), clear)
        XCTAssertEqual(image.pixel(x: 17, y: 17), greenPixel, "the sublayer, neither masked nor clipped")
        XCTAssertEqual(image.pixel(x: 24, y: 24), greenPixel)
        XCTAssertEqual(image.pixel(x: 26, y: 26), clear, "no shadow")
    }

    func testSublayersAreSortedByDepthAfterItsTransform() async throws {
        // Turned half-way round the y axis, the sublayer at zPosition −10 comes to the front.
        let transformLayer = CATransformLayer()
        let root = depthScene(transformLayer)
        transformLayer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 10, y: 10), bluePixel)

        // A plain layer flattens its sublayers, drawn in zPosition order, then turns them.
        let plain = CALayer()
        let flatRoot = depthScene(plain)
        plain.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let flat = try renderImage(of: flatRoot, 20, 20)
        XCTAssertEqual(flat.pixel(x: 10, y: 10), redPixel)
    }

    func testUnturnedSublayersKeepZPositionOrder() async throws {
        let root = depthScene(CATransformLayer())
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 10, y: 10), redPixel)
    }

    func testNestedTransformLayersShareTheSpace() async throws {
        let outer = CATransformLayer()
        let root = layer(CGRect(x: 0, y: 0, width: 20, height: 20))
        outer.frame = root.bounds
        root.addSublayer(outer)
        let inner = CATransformLayer()
        inner.frame = outer.bounds
        outer.addSublayer(inner)
        layer(CGRect(x: 5, y: 5, width: 10, height: 10), red, in: inner).zPosition = 10
        layer(CGRect(x: 5, y: 5, width: 10, height: 10), blue, in: inner).zPosition = -10
        outer.sublayerTransform = CATransform3DMakeRotation(.pi, 1, 0, 0)
        let image = try renderImage(of: root, 20, 20)
        XCTAssertEqual(image.pixel(x: 10, y: 10), bluePixel, "the outer turn reaches the inner layer's sublayers")
    }

    func testOpacityAppliesToEachSublayerWithoutAGroup() async throws {
        let transformLayer = CATransformLayer()
        let root = depthScene(transformLayer)
        transformLayer.opacity = 0.5
        let image = try renderImage(of: root, 20, 20)
        // Half red over half blue: red 0.5, blue 0.5 × (1 − 0.5), alpha 0.75.
        assertPixel(image, 10, 10, rgba(128, 0, 64, 191), tolerance: 1)

        let plain = CALayer()
        let groupRoot = depthScene(plain)
        plain.opacity = 0.5
        assertPixel(try renderImage(of: groupRoot, 20, 20), 10, 10, rgba(128, 0, 0, 128), tolerance: 1)
    }

    func testHiddenTransformLayerHidesItsSublayers() async throws {
        let transformLayer = CATransformLayer()
        let root = depthScene(transformLayer)
        transformLayer.isHidden = true
        XCTAssertEqual(try renderImage(of: root, 20, 20).pixel(x: 10, y: 10), clear)
    }

    func testDegenerateTransformsDrawNothingWithoutCrashing() async throws {
        let transformLayer = CATransformLayer()
        let root = depthScene(transformLayer)
        var bad = CATransform3DIdentity
        bad.m43 = .nan
        bad.m44 = 0
        transformLayer.sublayerTransform = bad
        _ = try renderImage(of: root, 20, 20)
        transformLayer.sublayerTransform = CATransform3DMakeScale(0, 0, 0)
        XCTAssertEqual(try renderImage(of: root, 20, 20).pixel(x: 10, y: 10), clear)
    }
}
