import CoreGraphics
import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// A pattern colour (`CGColor(patternSpace:pattern:components:)`, what
/// `UIColor(patternImage:).cgColor` is) as a layer's background or border colour tiles its cell
/// over the background or the border, in the layer's coordinate space: the pattern's base space
/// is the layer's points, y down from the origin of its bounds' coordinates, as Core Graphics
/// documents a pattern's base space to be the default user space of what it is drawn in. Both
/// ways a tree is drawn — into a window by the render server, into a context by `render(in:)` —
/// draw the same cells. It is not mixed with other colours by animations, which switch to or
/// from it halfway.
@MainActor
final class PatternColorLayerTests: XCTestCase {
    private let red = [255, 0, 0, 255], blue = [0, 0, 255, 255], clear = [0, 0, 0, 0]

    /// A colored pattern of a 1 × 2 cell, red in pattern y 0–1 and blue in y 1–2, with
    /// `alpha`.
    private func stripes(alpha: CGFloat = 1) -> CGColor {
        var callbacks = CGPatternCallbacks(
            version: 0,
            drawPattern: { _, cell in
                cell.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
                cell.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
                cell.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
                cell.fill(CGRect(x: 0, y: 1, width: 1, height: 1))
            }, releaseInfo: nil)
        let pattern = CGPattern(
            info: nil, bounds: CGRect(x: 0, y: 0, width: 1, height: 2), matrix: .identity, xStep: 1, yStep: 2,
            tiling: .constantSpacing, isColored: true, callbacks: &callbacks)!
        return CGColor(patternSpace: CGColorSpace(patternBaseSpace: nil)!, pattern: pattern, components: [alpha])!
    }

    /// A clear 6 × 8 root with one layer of `frame`, set up by `configure`.
    private func tree(frame: CGRect, _ configure: (CALayer) -> Void) -> CARenderLayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 6, height: 8)
        let layer = CALayer()
        layer.frame = frame
        configure(layer)
        root.addSublayer(layer)
        CATransaction.flush()
        return root.makeRenderTree()
    }

    /// Column `x` of `tree` from row 0 down, drawn by the render server (as into a window)
    /// and straight into the target by the rasterizer (as `render(in:)` draws), each as
    /// premultiplied RGBA; the two must agree.
    private func column(_ x: Int, of tree: CARenderLayer, scale: Int = 1, file: StaticString = #filePath, line: UInt = #line)
        throws -> [[Int]]
    {
        let width = 6 * scale, height = 8 * scale
        let renderer = CARenderer()
        renderer.scale = CGFloat(scale)
        var bgra = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(tree, into: &bgra, width: width, height: height, bufferAge: 0)
        func column(_ bgra: [UInt8]) -> [[Int]] {
            (0..<height).map { y in
                let i = (y * width + x) * 4
                return [Int(bgra[i + 2]), Int(bgra[i + 1]), Int(bgra[i]), Int(bgra[i + 3])]
            }
        }
        let server = column(bgra)
        var direct = [UInt8](repeating: 0, count: width * height * 4)
        try direct.withUnsafeMutableBytes {
            try CALayerCompositor().renderDirectly(
                tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4, scale: CGFloat(scale))
        }
        let rasterized = column(direct)
        XCTAssertEqual(server, rasterized, "the render server and render(in:) draw the same", file: file, line: line)
        return server
    }

    func testAPatternBackgroundTilesFromTheLayersOriginYDown() async throws {
        // The layer's top at device row 1: its first row is the cell's first (red), not the
        // device's second.
        let drawn = try column(2, of: tree(frame: CGRect(x: 1, y: 1, width: 3, height: 4)) { $0.backgroundColor = stripes() })
        XCTAssertEqual(drawn, [clear, red, blue, red, blue, clear, clear, clear])
        XCTAssertEqual(try column(0, of: tree(frame: CGRect(x: 1, y: 1, width: 3, height: 4)) { $0.backgroundColor = stripes() }), Array(repeating: clear, count: 8))
    }

    func testMovingTheBoundsOriginScrollsThePatternWithTheLayersContent() async throws {
        // Bounds from y = 1: the layer's top row shows its coordinates' row 1, the cell's blue.
        let drawn = try column(2, of: tree(frame: CGRect(x: 1, y: 1, width: 3, height: 4)) {
            $0.bounds.origin = CGPoint(x: 0, y: 1)
            $0.backgroundColor = stripes()
        })
        XCTAssertEqual(drawn, [clear, blue, red, blue, red, clear, clear, clear])
    }

    func testAPatternIsDrawnAtTheScaleOfThePixelsDrawn() async throws {
        // At 2 pixels a point each row of the cell is two pixel rows.
        let drawn = try column(3, of: tree(frame: CGRect(x: 1, y: 1, width: 3, height: 2)) { $0.backgroundColor = stripes() }, scale: 2)
        XCTAssertEqual(drawn, [clear, clear, red, red, blue, blue, clear, clear] + Array(repeating: clear, count: 8))
    }

    func testAPatternBorderTilesTheBorderOnly() async throws {
        // A 4 × 4 layer with a border 1 point wide: the border rows and columns take the
        // pattern, the inside stays clear.
        let tree = tree(frame: CGRect(x: 1, y: 1, width: 4, height: 4)) {
            $0.borderWidth = 1
            $0.borderColor = stripes()
        }
        XCTAssertEqual(try column(1, of: tree), [clear, red, blue, red, blue, clear, clear, clear])
        XCTAssertEqual(try column(2, of: tree), [clear, red, clear, clear, blue, clear, clear, clear])
    }

    func testAPatternBackgroundUnderAPlainBorderIsDrawnToo() async throws {
        let green = [0, 255, 0, 255]
        let tree = tree(frame: CGRect(x: 1, y: 1, width: 4, height: 4)) {
            $0.backgroundColor = stripes()
            $0.borderWidth = 1
            $0.borderColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        }
        XCTAssertEqual(try column(2, of: tree), [clear, green, blue, red, green, clear, clear, clear])
    }

    func testOpacityAndThePatternColoursAlphaApply() async throws {
        // Red and blue at 0.5 × 0.5: premultiplied, a quarter of 255 each (63.75, which 8-bit
        // rounding on the way may leave a level either side).
        let drawn = try column(2, of: tree(frame: CGRect(x: 1, y: 1, width: 3, height: 2)) {
            $0.backgroundColor = stripes(alpha: 0.5)
            $0.opacity = 0.5
        })
        for (pixel, expected) in zip(drawn[1...2], [[64, 0, 0, 64], [0, 0, 64, 64]]) {
            XCTAssertTrue(zip(pixel, expected).allSatisfy { abs($0 - $1) <= 1 }, "\(pixel) is not \(expected) ± 1")
        }
        XCTAssertEqual(drawn[3], clear)
    }

    func testAnAnimationToAPatternColourSwitchesHalfway() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let pattern = stripes()
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "backgroundColor")
        animation.fromValue = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        animation.duration = 2
        layer.backgroundColor = pattern
        layer.add(animation, forKey: "background")
        CATransaction.flush()
        world.clock.set(100.5)
        XCTAssertEqual(layer.presentation()?.backgroundColor, CGColor(red: 1, green: 0, blue: 0, alpha: 1), "before halfway: the plain colour")
        world.clock.set(101.5)
        XCTAssertTrue(layer.presentation()?.backgroundColor === pattern, "after halfway: the pattern colour itself")
    }
}
