import Foundation
@_spi(Benchmarking) @testable import QuartzCore
import TestSupport
import XCTest

/// A layer's masks apply to its shadow: Apple documents `masksToBounds` as an implicit mask
/// matching the bounds (with the corner radius) applied to the layer, and `mask` as showing
/// the layer only where its alpha is, shadow included — so with either the shadow is cut to
/// the mask, and with an opaque background it does not show at all (the well-known "no shadow
/// with masksToBounds" of UIKit). Checked in windows (the render server, with and without
/// plain layers drawn as geometry and cached shadows) and in `render(in:)`.
@MainActor
final class MaskedShadowTests: XCTestCase {
    private let width = 80, height = 64
    private let layerFrame = CGRect(x: 16, y: 12, width: 40, height: 30)

    /// A layer with a hard shadow 10 pt right and down; `configure` sets its masks.
    private func makeTree(background: CGColor, _ configure: (CALayer) -> Void) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        let layer = CALayer()
        layer.frame = layerFrame
        layer.cornerRadius = 6
        layer.backgroundColor = background
        layer.shadowOpacity = 1
        layer.shadowRadius = 0
        layer.shadowOffset = CGSize(width: 10, height: 10)
        layer.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        configure(layer)
        root.addSublayer(layer)
        CATransaction.flush()
        return root
    }

    /// The tree drawn every way: by the render server with each drawing option, and by
    /// `render(in:)`; premultiplied BGRA (render server) or RGBA (context) bytes each.
    private func drawings(of root: CALayer) throws -> [(name: String, alpha: (Int, Int) -> UInt8)] {
        var result: [(String, (Int, Int) -> UInt8)] = []
        let tree = root.makeRenderTree()
        for (geometry, cached) in [(true, true), (false, false)] {
            let renderer = CARenderer()
            renderer.drawsPlainLayersAsGeometry = geometry
            renderer.drawsShadowsFromCachedImages = cached
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            try renderer.drawFrame(tree, into: &pixels, width: width, height: height, bufferAge: 0)
            let w = width
            result.append(("window geometry \(geometry) cached \(cached)", { x, y in pixels[(y * w + x) * 4 + 3] }))
        }
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: 1, y: -1)
        root.render(in: context)
        let image = try XCTUnwrap(context.makeImage())
        result.append(("render(in:)", { x, y in image.pixel(x: x, y: y)?.alpha ?? 0 }))
        return result
    }

    /// A pixel of the shadow outside the layer: below its bottom-right corner's reach.
    private let outsideShadow = (x: 16 + 40 + 5, y: 12 + 30 + 5)
    /// A pixel inside the layer where the shadow lies under it.
    private let insideShadow = (x: 16 + 30, y: 12 + 20)

    func testAnUnmaskedLayerCastsItsShadowOutsideItsBounds() async throws {
        let root = makeTree(background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)) { _ in }
        for (name, alpha) in try drawings(of: root) {
            XCTAssertEqual(alpha(outsideShadow.x, outsideShadow.y), 255, name)
        }
    }

    func testMasksToBoundsCutsTheShadowAway() async throws {
        let root = makeTree(background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)) { $0.masksToBounds = true }
        for (name, alpha) in try drawings(of: root) {
            for y in 0..<height {
                for x in 0..<width where !layerFrame.insetBy(dx: -1, dy: -1).contains(CGPoint(x: x, y: y)) {
                    XCTAssertEqual(alpha(x, y), 0, "\(name): nothing outside the bounds at (\(x), \(y))")
                }
            }
            XCTAssertEqual(alpha(insideShadow.x, insideShadow.y), 255, name)
        }
    }

    func testWithATranslucentBackgroundTheShadowShowsInsideTheBoundsOnly() async throws {
        // The shadow is cast from the layer's alpha (0.5); inside, the background over it:
        // 0.5 + 0.5 × (1 − 0.5) = 0.75; outside, nothing.
        let root = makeTree(background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.5)) { $0.masksToBounds = true }
        let unmasked = makeTree(background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.5)) { _ in }
        for ((name, alpha), (_, unmaskedAlpha)) in zip(try drawings(of: root), try drawings(of: unmasked)) {
            XCTAssertEqual(alpha(outsideShadow.x, outsideShadow.y), 0, name)
            XCTAssertEqual(Int(unmaskedAlpha(outsideShadow.x, outsideShadow.y)), 128, accuracy: 1, name)
            XCTAssertEqual(Int(alpha(insideShadow.x, insideShadow.y)), 191, accuracy: 1, "\(name): the shadow under the layer shows through")
            // A corner of the layer the shadow does not reach: the background alone.
            XCTAssertEqual(Int(alpha(16 + 8, 12 + 5)), 128, accuracy: 1, name)
        }
    }

    func testAMaskLayerCutsTheShadowToItsShape() async throws {
        let root = makeTree(background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)) { layer in
            let mask = CALayer()
            // Past the bounds (40 × 30), over part of the shadow (x 10 … 50, y 10 … 40).
            mask.frame = CGRect(x: 0, y: 0, width: 48, height: 36)
            mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            layer.mask = mask
        }
        for (name, alpha) in try drawings(of: root) {
            XCTAssertEqual(alpha(16 + 45, 12 + 33), 255, "\(name): shadow inside the mask")
            XCTAssertEqual(alpha(16 + 45, 12 + 38), 0, "\(name): shadow beyond the mask's bottom")
            XCTAssertEqual(alpha(16 + 20, 12 + 15), 255, "\(name): the layer inside the mask")
        }
    }
}
