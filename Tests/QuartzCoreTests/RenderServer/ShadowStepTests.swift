import CCompositor
import Foundation
@_spi(Benchmarking) @testable import QuartzCore
import TestSupport
import XCTest

/// Shadows of known outlines — a `shadowPath`, or the rounded bounds of a layer drawing
/// only its background — are composited from one cached blurred image per shape, scale and
/// blur: at whole-pixel positions byte for byte the shadow the render pass draws with the
/// layer (where the layer does not cover it); at sub-pixel positions within a stated tolerance of an independent computation
/// of the Gaussian of the rounded rectangle; shared by every layer of the same shape; and
/// not blurred again while a layer moves.
@MainActor
final class ShadowStepTests: XCTestCase {
    private let width = 96, height = 80

    private struct Case {
        var name: String
        var position = CGPoint(x: 20, y: 16)
        var size = CGSize(width: 40, height: 30)
        var transform = CGAffineTransform.identity
        var radius: CGFloat = 8
        var curve: CALayerCornerCurve = .circular
        var background = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1)
        var opacity: Float = 1
        var shadowRadius: CGFloat = 3
        var shadowOffset = CGSize(width: 2, height: 3)
        var shadowColor = CGColor(red: 0.1, green: 0, blue: 0.3, alpha: 1)
        var shadowOpacity: Float = 0.6
        /// A `shadowPath` of the rounded bounds, and a sublayer (a card).
        var card = false
    }

    /// `c`'s layer (anchored at its top left) in a root filled with `backdrop` (nil: clear).
    private func makeTree(_ c: Case, backdrop: CGColor? = CGColor(red: 0.95, green: 0.9, blue: 0.8, alpha: 1)) -> CARenderLayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = backdrop
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: .zero, size: c.size)
        layer.position = c.position
        layer.transform = CATransform3DMakeAffineTransform(c.transform)
        layer.cornerRadius = c.radius
        layer.cornerCurve = c.curve
        layer.backgroundColor = c.background
        layer.opacity = c.opacity
        layer.shadowRadius = c.shadowRadius
        layer.shadowOffset = c.shadowOffset
        layer.shadowColor = c.shadowColor
        layer.shadowOpacity = c.shadowOpacity
        if c.card {
            layer.shadowPath = CGPath(
                roundedRect: layer.bounds, cornerWidth: c.radius, cornerHeight: c.radius, transform: nil)
            let title = CALayer()
            title.frame = CGRect(x: 4, y: 4, width: 20, height: 8)
            title.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            layer.addSublayer(title)
        }
        root.addSublayer(layer)
        CATransaction.flush()
        return root.makeRenderTree()
    }

    /// `tree` drawn by a fresh renderer, its plain layers in bitmaps (so that only the way
    /// the shadow is drawn differs).
    private func draw(_ tree: CARenderLayer, cachedShadows: Bool) throws -> [UInt8] {
        let renderer = CARenderer()
        renderer.drawsPlainLayersAsGeometry = false
        renderer.drawsShadowsFromCachedImages = cachedShadows
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(tree, into: &pixels, width: width, height: height, bufferAge: 0)
        return pixels
    }

    private func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> (levels: Int, pixel: Int) {
        var worst = (levels: 0, pixel: -1)
        for i in a.indices where abs(Int(a[i]) - Int(b[i])) > worst.levels { worst = (abs(Int(a[i]) - Int(b[i])), i / 4) }
        return worst
    }

    // MARK: - The render pass's shadow at whole pixels

    func testShadowsAtWholePixelsAreTheRenderPassShadowsByteForByte() async throws {
        let cases = [
            Case(name: "rounded, opaque"),
            Case(name: "translucent background (the shadow's alpha times the background's)",
                 background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.45)),
            Case(name: "layer opacity 0.7", opacity: 0.7),
            Case(name: "continuous corners", radius: 10, curve: .continuous),
            Case(name: "square corners, wide blur", radius: 0, shadowRadius: 7),
            Case(name: "scaled by 2", position: CGPoint(x: 8, y: 6), transform: CGAffineTransform(scaleX: 2, y: 2)),
            Case(name: "no blur", shadowRadius: 0),
            Case(name: "a card: shadowPath and a sublayer", card: true),
            Case(name: "a card at opacity 0.5", opacity: 0.5, card: true),
        ]
        for c in cases {
            let tree = makeTree(c)
            let cached = try draw(tree, cachedShadows: true)
            let grouped = try draw(tree, cachedShadows: false)
            // The layer's own pixels are composited over the shadow in the target rather than
            // in the layer's bitmap: 8-bit rounding may differ there by up to 2 levels.
            let body = CGRect(origin: c.position, size: c.size).applying(
                CGAffineTransform(translationX: -c.position.x, y: -c.position.y).concatenating(c.transform)
                    .concatenating(CGAffineTransform(translationX: c.position.x, y: c.position.y)))
            for y in 0..<height {
                for x in 0..<width {
                    let under = body.intersects(CGRect(x: x, y: y, width: 1, height: 1))
                    let i = (y * width + x) * 4
                    let worst = (0..<4).map { abs(Int(cached[i + $0]) - Int(grouped[i + $0])) }.max()!
                    XCTAssertLessThanOrEqual(worst, under ? 2 : 0, "\(c.name): pixel (\(x), \(y))")
                }
            }
            // The shadow is there at all: the pixel below the layer's bottom edge is darker
            // than the backdrop.
            let below = (Int(c.position.y) + Int(c.size.height * c.transform.d) + 2) * width + Int(c.position.x) + 12
            XCTAssertLessThan(cached[below * 4 + 1], 0xE0, "\(c.name): a shadow under the layer")
        }
    }

    // MARK: - The Gaussian of a rounded rectangle at sub-pixel positions

    /// Each pixel's coverage by the rounded rectangle at `origin` (16 × 16 samples a pixel).
    private func coverage(origin: CGPoint, size: CGSize, radius: CGFloat) -> [Double] {
        var values = [Double](repeating: 0, count: width * height)
        let n = 16
        func inside(_ x: Double, _ y: Double) -> Bool {
            let (lx, ly) = (x - Double(origin.x), y - Double(origin.y))
            let (w, h, r) = (Double(size.width), Double(size.height), Double(radius))
            guard lx >= 0, ly >= 0, lx <= w, ly <= h else { return false }
            let cx = min(max(lx, r), w - r), cy = min(max(ly, r), h - r)
            return (lx - cx) * (lx - cx) + (ly - cy) * (ly - cy) <= r * r
        }
        for y in 0..<height {
            for x in 0..<width {
                var hits = 0
                for sy in 0..<n {
                    for sx in 0..<n where inside(Double(x) + (Double(sx) + 0.5) / Double(n), Double(y) + (Double(sy) + 0.5) / Double(n)) {
                        hits += 1
                    }
                }
                values[y * width + x] = Double(hits) / Double(n * n)
            }
        }
        return values
    }

    /// `values` convolved with the Gaussian of standard deviation `sigma` (each pixel's
    /// weight the Gaussian's integral over it, by the error function), zero outside.
    private func gaussian(_ values: [Double], sigma: Double) -> [Double] {
        let reach = Int((4 * sigma).rounded(.up))
        let weights = (-reach...reach).map { k -> Double in
            let s = sigma * 2.0.squareRoot()
            return (erf((Double(k) + 0.5) / s) - erf((Double(k) - 0.5) / s)) / 2
        }
        var across = [Double](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for (i, k) in (-reach...reach).enumerated() where (0..<width).contains(x + k) {
                    sum += weights[i] * values[y * width + x + k]
                }
                across[y * width + x] = sum
            }
        }
        var result = [Double](repeating: 0, count: values.count)
        for y in 0..<height {
            for x in 0..<width {
                var sum = 0.0
                for (i, k) in (-reach...reach).enumerated() where (0..<height).contains(y + k) {
                    sum += weights[i] * across[(y + k) * width + x]
                }
                result[y * width + x] = sum
            }
        }
        return result
    }

    /// The render pass's three box blurs stand for the Gaussian within 5.5 levels of 8 bits
    /// at a shadow opacity of 1 for a blur of 2 pixels, 2.75 for 4 pixels; at sub-pixel
    /// positions the cached image, blurred at whole pixels and resampled to the position,
    /// stays within 0.75 level more, and within 2 levels (blur 2) or 1 (blur 4) of the render
    /// pass's own shadow there (which fills the outline at that position, then blurs).
    func testShadowsAtSubPixelPositionsFollowTheGaussianOfTheRoundedRectangle() async throws {
        let fractions: [CGPoint] = [CGPoint(x: 0, y: 0), CGPoint(x: 0.25, y: 0.5), CGPoint(x: 0.5, y: 0.75), CGPoint(x: 0.7, y: 0.1)]
        for fraction in fractions {
            for shadowRadius: CGFloat in [2, 4] {
                var c = Case(name: "at +\(fraction.x), +\(fraction.y), blur \(shadowRadius)")
                c.position = CGPoint(x: 20 + fraction.x, y: 16 + fraction.y)
                c.shadowRadius = shadowRadius
                c.shadowOffset = CGSize(width: 0, height: 0)
                c.shadowColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                c.shadowOpacity = 1
                let tree = makeTree(c, backdrop: nil)
                let expected = gaussian(coverage(origin: c.position, size: c.size, radius: c.radius), sigma: Double(shadowRadius))
                // Pixels clear of the layer's body (which covers its shadow), a pixel apart.
                let body = CGRect(origin: c.position, size: c.size).insetBy(dx: -1.5, dy: -1.5)
                func worst(_ pixels: [UInt8]) -> Double {
                    var worst = 0.0
                    for y in 0..<height {
                        for x in 0..<width where !body.intersects(CGRect(x: x, y: y, width: 1, height: 1)) {
                            worst = max(worst, abs(Double(pixels[(y * width + x) * 4 + 3]) - expected[y * width + x] * 255))
                        }
                    }
                    return worst
                }
                let cachedPixels = try draw(tree, cachedShadows: true), groupedPixels = try draw(tree, cachedShadows: false)
                let cached = worst(cachedPixels)
                let grouped = worst(groupedPixels)
                var apart = 0
                for y in 0..<height {
                    for x in 0..<width where !body.intersects(CGRect(x: x, y: y, width: 1, height: 1)) {
                        let i = (y * width + x) * 4 + 3
                        apart = max(apart, abs(Int(cachedPixels[i]) - Int(groupedPixels[i])))
                    }
                }
                XCTAssertLessThanOrEqual(apart, shadowRadius == 2 ? 2 : 1, "\(c.name): the cached image against the render pass's")
                let boxBlurs: Double = shadowRadius == 2 ? 5.5 : 2.75
                XCTAssertLessThanOrEqual(grouped, boxBlurs, "\(c.name): the render pass's shadow")
                XCTAssertLessThanOrEqual(cached, boxBlurs + 0.75, "\(c.name): the cached image resampled")
            }
        }
    }

    // MARK: - One image per shape

    func testLayersOfTheSameShapeShareOneShadowImageWhereverTheyAre() async throws {
        let cache = ShadowImageCache()
        let clip = PixelRect(x0: -1000, y0: -1000, x1: 1000, y1: 1000)
        func step(_ c: Case) throws -> ShadowStep {
            let tree = makeTree(c)
            let layer = tree.sublayers[0]
            let toDevice = c.transform.concatenating(CGAffineTransform(translationX: c.position.x, y: c.position.y))
            return try XCTUnwrap(ShadowStep(layer, toDevice: toDevice, alpha: 1, clip: clip, cache: cache), c.name)
        }
        let first = try step(Case(name: "here"))
        let moved = try step(Case(name: "there", position: CGPoint(x: 51.3, y: 7.8)))
        let flipped = try step(Case(name: "flipped", transform: CGAffineTransform(scaleX: -1, y: 1)))
        let flippedThere = try step(
            Case(name: "flipped there", position: CGPoint(x: 70.5, y: 20), transform: CGAffineTransform(scaleX: -1, y: 1)))
        let rounder = try step(Case(name: "rounder", radius: 12))
        XCTAssertTrue(first.image === moved.image, "moved: the same image")
        XCTAssertTrue(flipped.image === flippedThere.image, "flipped, moved: the same image")
        XCTAssertFalse(first.image === rounder.image, "another radius: another image")
        XCTAssertEqual(cache.rasterisedCount, 3)
        let turned = makeTree(Case(name: "turned", transform: CGAffineTransform(rotationAngle: 0.3))).sublayers[0]
        XCTAssertNil(
            ShadowStep(turned, toDevice: CGAffineTransform(rotationAngle: 0.3), alpha: 1, clip: clip, cache: cache),
            "a turned layer keeps its shadow in its bitmap")
    }

    // MARK: - Motion

    func testAShadowedLayerMovingBySubPixelsOrDarkeningDrawsNoBitmapAndEachFrameEqualsAFullRedraw() async throws {
        let renderer = CARenderer()
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let c = Case(name: "moving", background: CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.95, green: 0.9, blue: 0.8, alpha: 1)
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(origin: .zero, size: c.size)
        layer.position = c.position
        layer.cornerRadius = c.radius
        layer.backgroundColor = c.background
        layer.shadowRadius = c.shadowRadius
        layer.shadowOffset = c.shadowOffset
        layer.shadowOpacity = c.shadowOpacity
        root.addSublayer(layer)
        CATransaction.flush()
        try renderer.drawFrame(root.makeRenderTree(), into: &pixels, width: width, height: height, bufferAge: 0)
        let bitmapsAtStart = renderer.rasterisedBitmapCount
        for step in 1...12 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            // Moved on odd steps, its shadow darkened in place on even ones.
            if step % 2 == 1 {
                layer.position = CGPoint(x: 20 + CGFloat(step) * 1.37, y: 16 + CGFloat(step) * 0.29)
            } else {
                layer.shadowOpacity = 0.3 + Float(step) * 0.05
            }
            CATransaction.commit()
            CATransaction.flush()
            let tree = root.makeRenderTree()
            try renderer.drawFrame(tree, into: &pixels, width: width, height: height, bufferAge: 1)
            let full = CARenderer()
            var expected = [UInt8](repeating: 0, count: width * height * 4)
            try full.drawFrame(tree, into: &expected, width: width, height: height, bufferAge: 0)
            let worst = largestDifference(pixels, expected)
            XCTAssertEqual(worst.levels, 0, "step \(step): pixel (\(worst.pixel % width), \(worst.pixel / width))")
        }
        XCTAssertEqual(renderer.rasterisedBitmapCount, bitmapsAtStart, "no bitmap drawn while the layer moves")
    }

    // MARK: - The loop placing an image at sub-pixel offsets

    /// A solid colour through a mask moved by fractions of a pixel: each pixel the mask's
    /// bilinear sample (weights in 256ths, the offsets below exact in them) composited with
    /// OVER, within 1.5 levels of the same computed in floating point (the sample, the
    /// colour through it and the target kept each rounded to 8 bits) — eight pixels at a
    /// time and one at a time alike.
    func testTheSolidColourThroughAMaskMovedBySubPixelsIsItsBilinearSampleCompositedOver() async throws {
        let (maskWidth, maskHeight, stride) = (37, 11, 40)
        var mask = [UInt8](repeating: 0, count: stride * maskHeight)
        var random = SplitMix64(seed: 7)
        for i in mask.indices { mask[i] = UInt8.random(in: 0...255, using: &random) }
        let color: UInt32 = 0xC0_30_60_90
        let (targetWidth, targetHeight) = (48, 16)
        let backdrop = (0..<targetWidth * targetHeight).map { _ in UInt32.random(in: 0...UInt32.max, using: &random) | 0xFF00_0000 }
        let offsets: [(Double, Double)] = [(3.25, 2.5), (-0.75, 1.125), (5.5, -1.375)]
        for (dx, dy) in offsets {
            var results: [[UInt32]] = []
            for wide in [true, false] {
                lamina_compositor_use_wide_loops(wide)
                defer { lamina_compositor_use_wide_loops(true) }
                var target = backdrop
                // Device pixel → mask pixel: less the offset.
                let done = target.withUnsafeMutableBufferPointer { pixels in
                    mask.withUnsafeBufferPointer { m in
                        lamina_composite_solid_through_moved_mask(
                            m.baseAddress, Int32(maskWidth), Int32(maskHeight), Int32(stride),
                            lamina_target_image(pixels: pixels.baseAddress, width: Int32(targetWidth), height: Int32(targetHeight),
                                                bytes_per_row: Int32(targetWidth * 4)),
                            0, 0, Int32(targetWidth), Int32(targetHeight), Int32(-dx * 65536), Int32(-dy * 65536), color)
                    }
                }
                XCTAssertTrue(done)
                results.append(target)
            }
            XCTAssertEqual(results[0], results[1], "offset \(dx), \(dy): eight at a time as one at a time")
            func maskValue(_ x: Int, _ y: Int) -> Double {
                guard x >= 0, y >= 0, x < maskWidth, y < maskHeight else { return 0 }
                return Double(mask[y * stride + x])
            }
            for y in 0..<targetHeight {
                for x in 0..<targetWidth {
                    // The pixel's centre in the mask, less half a pixel.
                    let sx = Double(x) - dx, sy = Double(y) - dy
                    let (ix, iy) = (Int(sx.rounded(.down)), Int(sy.rounded(.down)))
                    let (fx, fy) = (sx - Double(ix), sy - Double(iy))
                    let m = (maskValue(ix, iy) * (1 - fx) + maskValue(ix + 1, iy) * fx) * (1 - fy)
                        + (maskValue(ix, iy + 1) * (1 - fx) + maskValue(ix + 1, iy + 1) * fx) * fy
                    let d = backdrop[y * targetWidth + x]
                    let sourceAlpha = Double(color >> 24) * m / 255
                    for shift in [24, 16, 8, 0] as [UInt32] {
                        let expected = Double((color >> shift) & 0xFF) * m / 255
                            + Double((d >> shift) & 0xFF) * (1 - sourceAlpha / 255)
                        let got = Double((results[0][y * targetWidth + x] >> shift) & 0xFF)
                        XCTAssertLessThanOrEqual(abs(got - expected), 1.5, "offset \(dx), \(dy): pixel (\(x), \(y)) byte \(shift / 8)")
                    }
                }
            }
        }
    }
}
