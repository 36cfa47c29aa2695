import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// `filters`, `compositingFilter` and `backgroundFilters` drawn by both renderers — the
/// render server's display list and straight cairo — against expected pixels computed
/// here from the documented formulas, and against box blurs computed by plain loops.
@MainActor
final class LayerFilterRenderingTests: XCTestCase {
    private let width = 48, height = 32

    private func color(_ r: Int, _ g: Int, _ b: Int) -> CGColor {
        CGColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
    }

    /// The tree drawn by the render server and by straight cairo (premultiplied BGRA bytes).
    private func render(_ root: CALayer) throws -> (server: [UInt8], cairo: [UInt8]) {
        CATransaction.flush()
        let tree = root.makeRenderTree()
        var server = [UInt8](repeating: 0, count: width * height * 4)
        var cairo = server
        try server.withUnsafeMutableBytes {
            try CALayerCompositor().render(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        try cairo.withUnsafeMutableBytes {
            try CALayerCompositor().renderDirectly(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        return (server, cairo)
    }

    /// `[red, green, blue, alpha]` at (x, y).
    private func pixel(_ bytes: [UInt8], _ x: Int, _ y: Int) -> [Int] {
        let o = (y * width + x) * 4
        return [Int(bytes[o + 2]), Int(bytes[o + 1]), Int(bytes[o]), Int(bytes[o + 3])]
    }

    /// Asserts both renderings are `expected(x, y)` (nil: not checked) at every pixel.
    private func assertBoth(
        _ images: (server: [UInt8], cairo: [UInt8]), _ label: String, file: StaticString = #filePath, line: UInt = #line,
        _ expected: (Int, Int) -> [Int]?
    ) {
        for (name, bytes) in [("server", images.server), ("cairo", images.cairo)] {
            for y in 0..<height {
                for x in 0..<width {
                    guard let want = expected(x, y) else { continue }
                    let got = pixel(bytes, x, y)
                    if got != want {
                        XCTFail("\(label) (\(name)): pixel (\(x), \(y)) is \(got), expected \(want)", file: file, line: line)
                        return
                    }
                }
            }
        }
    }

    private func scene(_ frame: CGRect, _ fill: CGColor, background: CGColor? = nil) -> (root: CALayer, layer: CALayer) {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height), background)
        let flat = layer("flat", frame, fill, in: root)
        return (root, flat)
    }

    private func inside(_ x: Int, _ y: Int, _ r: CGRect) -> Bool {
        r.contains(CGPoint(x: Double(x) + 0.5, y: Double(y) + 0.5))
    }

    private func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }

    // MARK: - Colour filters on flat colours

    func testAColorMatrixMapsAFlatColorAsItsRowsSay() async throws {
        let frame = CGRect(x: 4, y: 4, width: 16, height: 16)
        let (root, flat) = scene(frame, color(51, 102, 153))
        let matrix = try XCTUnwrap(CIFilter(name: "CIColorMatrix"))
        // Red from green plus 0.2, green from blue, blue from red.
        matrix.setValue(CIVector(x: 0, y: 1, z: 0, w: 0), forKey: "inputRVector")
        matrix.setValue(CIVector(x: 0, y: 0, z: 1, w: 0), forKey: "inputGVector")
        matrix.setValue(CIVector(x: 1, y: 0, z: 0, w: 0), forKey: "inputBVector")
        matrix.setValue(CIVector(x: 0.2, y: 0, z: 0, w: 0), forKey: "inputBiasVector")
        flat.filters = [matrix]
        // 102 + 0.2 × 255 = 153; 153; 51.
        assertBoth(try render(root), "colour matrix") { x, y in inside(x, y, frame) ? [153, 153, 51, 255] : [0, 0, 0, 0] }
    }

    func testColorControlsSaturateBrightenAndContrastAFlatColor() async throws {
        let frame = CGRect(x: 4, y: 4, width: 16, height: 16)
        let (root, flat) = scene(frame, color(51, 102, 153))
        flat.filters = [CIFilter(name: "CIColorControls", parameters: [
            kCIInputSaturationKey: 0.5, kCIInputBrightnessKey: 0.1, kCIInputContrastKey: 1.5,
        ]) as Any]
        // Mixed halfway with the luma (Rec. 709 weights), 0.1 added, contrast 1.5 about 0.5.
        let (r, g, b) = (51.0 / 255, 102.0 / 255, 153.0 / 255)
        let luma = 0.2125 * r + 0.7154 * g + 0.0721 * b
        let expected = [r, g, b].map { x in byte((luma + 0.5 * (x - luma) + 0.1 - 0.5) * 1.5 + 0.5) } + [255]
        assertBoth(try render(root), "colour controls") { x, y in inside(x, y, frame) ? expected : [0, 0, 0, 0] }
    }

    func testMonochromeTintsTheLumaAndMixesByIntensity() async throws {
        let frame = CGRect(x: 4, y: 4, width: 16, height: 16)
        let (root, flat) = scene(frame, color(51, 102, 153))
        let mono = try XCTUnwrap(CIFilter(name: "CIColorMonochrome"))
        mono.setValue(CIColor(red: 1, green: 0.5, blue: 0.25), forKey: kCIInputColorKey)
        mono.setValue(0.5, forKey: kCIInputIntensityKey)
        flat.filters = [mono]
        let original = [51.0 / 255, 102.0 / 255, 153.0 / 255]
        let luma = 0.2125 * original[0] + 0.7154 * original[1] + 0.0721 * original[2]
        let tint = [1, 0.5, 0.25]
        let expected = (0..<3).map { byte(0.5 * original[$0] + 0.5 * tint[$0] * luma) } + [255]
        assertBoth(try render(root), "monochrome") { x, y in inside(x, y, frame) ? expected : [0, 0, 0, 0] }
    }

    // MARK: - Blur

    /// Box blurs of premultiplied pixels as plain loops: each output the rounded mean of its
    /// window, outside pixels transparent (`clamped`: the nearest pixel of the region).
    private func boxBlurred(
        _ image: [[[Int]]], radii: [Int], region: (x: Range<Int>, y: Range<Int>), clamped: Bool
    ) -> [[[Int]]] {
        var image = image
        for radius in radii {
            let w = 2 * radius + 1
            for horizontal in [true, false] {
                let source = image
                for y in region.y {
                    for x in region.x {
                        for c in 0..<4 {
                            var sum = 0
                            for k in -radius...radius {
                                var (sx, sy) = horizontal ? (x + k, y) : (x, y + k)
                                if clamped {
                                    sx = min(max(sx, region.x.lowerBound), region.x.upperBound - 1)
                                    sy = min(max(sy, region.y.lowerBound), region.y.upperBound - 1)
                                } else if !region.x.contains(sx) || !region.y.contains(sy) {
                                    continue
                                }
                                sum += source[sy][sx][c]
                            }
                            image[y][x][c] = (sum + w / 2) / w
                        }
                    }
                }
            }
        }
        return image
    }

    private func grid(_ bytes: [UInt8]) -> [[[Int]]] {
        (0..<height).map { y in (0..<width).map { x in pixel(bytes, x, y) } }
    }

    func testABlurredSquareIsThreeBoxBlursOfItAndReachesBeyondItsBounds() async throws {
        let frame = CGRect(x: 16, y: 8, width: 12, height: 12)
        let (root, flat) = scene(frame, color(255, 128, 0))
        let unfiltered = grid(try render(root).cairo)
        flat.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 2]) as Any]
        // σ = 2: boxes of radii 1, 1 and 2 (CIFilterTests), reaching 4 pixels out.
        let expected = boxBlurred(unfiltered, radii: [1, 1, 2], region: (0..<width, 0..<height), clamped: false)
        XCTAssertEqual(expected[14][11], [0, 0, 0, 0], "beyond the reach")
        XCTAssertNotEqual(expected[14][12], [0, 0, 0, 0], "within the reach")
        assertBoth(try render(root), "blurred square") { x, y in expected[y][x] }
    }

    // MARK: - Compositing filters

    private func blendScene(_ filter: Any) throws -> (server: [UInt8], cairo: [UInt8]) {
        let (root, flat) = scene(CGRect(x: 8, y: 8, width: 16, height: 16), color(128, 255, 64), background: color(200, 100, 50))
        flat.compositingFilter = filter
        return try render(root)
    }

    func testMultiplyAndScreenCompositeAFlatColorOntoTheOneBehind() async throws {
        let frame = CGRect(x: 8, y: 8, width: 16, height: 16)
        let (s, d) = ([128, 255, 64], [200, 100, 50])
        func div255(_ v: Int) -> Int { Int((Double(v) / 255).rounded()) }
        let multiplied = (0..<3).map { div255(s[$0] * d[$0]) } + [255]
        let screened = (0..<3).map { div255(s[$0] * 255 + d[$0] * 255 - s[$0] * d[$0]) } + [255]
        XCTAssertEqual(multiplied, [100, 100, 13, 255])
        let multiply = try blendScene(try XCTUnwrap(CIFilter(name: "CIMultiplyBlendMode")))
        assertBoth(multiply, "multiply") { x, y in inside(x, y, frame) ? multiplied : d + [255] }
        let screen = try blendScene(try XCTUnwrap(CIFilter(name: "CIScreenBlendMode")))
        assertBoth(screen, "screen") { x, y in inside(x, y, frame) ? screened : d + [255] }
        // iOS code names the blend mode by a string.
        let named = try blendScene("multiplyBlendMode")
        assertBoth(named, "multiply by name") { x, y in inside(x, y, frame) ? multiplied : d + [255] }
        let over = try blendScene(try XCTUnwrap(CIFilter(name: "CISourceOverCompositing")))
        assertBoth(over, "source over") { x, y in inside(x, y, frame) ? s + [255] : d + [255] }
    }

    // MARK: - Background filters

    private func backdropScene(cornerRadius: CGFloat = 0) -> (root: CALayer, panel: CALayer, mover: CALayer) {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        _ = layer("left", CGRect(x: 0, y: 0, width: 24, height: 32), color(255, 0, 0), in: root)
        _ = layer("right", CGRect(x: 24, y: 0, width: 24, height: 32), color(0, 0, 255), in: root)
        let mover = layer("mover", CGRect(x: 14, y: 12, width: 4, height: 4), color(255, 255, 0), in: root)
        let panel = layer("panel", CGRect(x: 12, y: 8, width: 24, height: 16), nil, in: root)
        panel.cornerRadius = cornerRadius
        return (root, panel, mover)
    }

    func testBackgroundFiltersBlurWhatIsBehindTheBoundsOnly() async throws {
        let (root, panel, _) = backdropScene()
        let unfiltered = grid(try render(root).cairo)
        panel.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 2]) as Any]
        let box = (x: 12..<36, y: 8..<24)
        let expected = boxBlurred(unfiltered, radii: [1, 1, 2], region: box, clamped: true)
        XCTAssertNotEqual(expected[16][23], unfiltered[16][23], "the edge between red and blue is blurred")
        assertBoth(try render(root), "backdrop") { x, y in expected[y][x] }
    }

    func testBackgroundFiltersAreClippedByTheCornerRadius() async throws {
        let (root, panel, _) = backdropScene(cornerRadius: 6)
        let unfiltered = grid(try render(root).cairo)
        panel.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 2]) as Any]
        let expected = boxBlurred(unfiltered, radii: [1, 1, 2], region: (12..<36, 8..<24), clamped: true)
        let images = try render(root)
        // The corner pixel is outside the rounded shape: unchanged; the middle is blurred.
        for bytes in [images.server, images.cairo] {
            XCTAssertEqual(pixel(bytes, 12, 8), unfiltered[8][12])
            XCTAssertEqual(pixel(bytes, 23, 16), expected[16][23])
            XCTAssertEqual(pixel(bytes, 24, 16), expected[16][24])
        }
    }

    // MARK: - The render server's caches and damage

    func testAFilteredGroupIsDrawnOnceWhileAnotherLayerMoves() async throws {
        let (root, flat) = scene(CGRect(x: 4, y: 4, width: 12, height: 12), color(255, 128, 0))
        flat.filters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 1]) as Any]
        // Moving across the blurred group: the frames redraw part of it, from its image.
        let mover = layer("mover", CGRect(x: 8, y: 0, width: 4, height: 4), color(0, 0, 255), in: root)
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height, bufferAge: 0)
        for step in 1...3 {
            mover.position.y += 4
            CATransaction.flush()
            let tree = root.makeRenderTree()
            try renderer.drawFrame(tree, into: &buffer, width: width, height: height)
            XCTAssertEqual(buffer, try fullRedraw(tree), "frame \(step) equals a full redraw")
        }
        XCTAssertEqual(renderer.rasterisedGroupCount, 1, "the blurred group is cached")
    }

    func testALayerMovingUnderABackdropDamagesTheWholeBackdrop() async throws {
        let (root, panel, mover) = backdropScene()
        panel.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 2]) as Any]
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height, bufferAge: 0)
        mover.position.x += 1
        CATransaction.flush()
        let tree = root.makeRenderTree()
        let frame = try renderer.drawFrame(tree, into: &buffer, width: width, height: height)
        let damaged = frame.region.reduce(CGRect.null) { $0.union($1) }
        XCTAssertTrue(damaged.contains(CGRect(x: 12, y: 8, width: 24, height: 16)), "damage \(frame.region) covers the backdrop")
        XCTAssertEqual(buffer, try fullRedraw(tree), "the damaged frame equals a full redraw")
    }

    /// `tree` drawn in full by a fresh render server.
    private func fullRedraw(_ tree: CARenderLayer) throws -> [UInt8] {
        var full = [UInt8](repeating: 0, count: width * height * 4)
        try full.withUnsafeMutableBytes {
            try CALayerCompositor().render(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        return full
    }
}
