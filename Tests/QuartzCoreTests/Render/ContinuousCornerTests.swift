import Foundation
@_spi(Benchmarking) @testable import QuartzCore
import XCTest

/// Corners with `cornerCurve = .continuous` follow Apple's continuous curve: checked against
/// the curve computed here from its published measurements (three cubic Béziers a corner,
/// leaving each edge 1.528665 radii from the corner, Apple's `cornerCurveExpansionFactor`),
/// pixel by pixel around all four corners: pixels wholly outside the curve are empty, pixels
/// wholly inside are full. Quarter circles of the same radius differ from it by up to 1.3
/// radii/100 near the edges (2.4 pixels at the sizes here), which these checks see.
@MainActor
final class ContinuousCornerTests: XCTestCase {
    /// The continuous corner's outline at the top-left corner of a layer, in radii from the
    /// corner: (x along the top edge, y down the left edge), from the left edge to the top.
    private static let outline: [(x: Double, y: Double)] = {
        let cubics: [[(Double, Double)]] = [
            [(1.528665, 0), (1.088493, 0), (0.868407, 0), (0.631494, 0.074911)],
            [(0.631494, 0.074911), (0.372824, 0.169059), (0.169059, 0.372824), (0.074911, 0.631494)],
            [(0.074911, 0.631494), (0, 0.868407), (0, 1.088493), (0, 1.528665)],
        ]
        var points: [(x: Double, y: Double)] = []
        for p in cubics {
            for step in 0...4000 {
                let t = Double(step) / 4000, u = 1 - t
                let (a, b) = (u * u * u, 3 * u * u * t)
                let (c, d) = (3 * u * t * t, t * t * t)
                // (along the left edge, along the top edge) → (x, y) = (second, first).
                let along = a * p[0].0 + b * p[1].0 + c * p[2].0 + d * p[3].0
                let across = a * p[0].1 + b * p[1].1 + c * p[2].1 + d * p[3].1
                points.append((x: across, y: along))
            }
        }
        return points
    }()

    /// The outline's y (radii) where it crosses `x` (radii, 0...1.528665): y falls as x grows.
    private static func outlineY(atX x: Double) -> Double {
        guard let after = outline.firstIndex(where: { $0.x >= x }) else { return 0 }
        guard after > 0 else { return outline[0].y }
        let (p, q) = (outline[after - 1], outline[after])
        return q.x == p.x ? q.y : p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x)
    }

    /// Checks the pixels of a `size`-pixel square image whose shape has continuous corners of
    /// `radius` pixels, around each corner (`alpha(x, y)` reads a pixel, y down): those wholly
    /// outside the curve by a quarter pixel are empty, those wholly inside by a quarter pixel
    /// are full. Returns the number of pixels checked.
    private func checkCorners(size: Int, radius: Double, alpha: (Int, Int) -> UInt8) -> Int {
        var checked = 0
        let extent = Int((1.528665 * radius).rounded(.up))
        for column in 0..<extent {
            // Over the column the outline runs from y(left) down to y(right).
            let high = Self.outlineY(atX: Double(column) / radius) * radius
            let low = Self.outlineY(atX: Double(column + 1) / radius) * radius
            for row in 0..<extent {
                let outside = Double(row + 1) <= low - 0.25
                let inside = Double(row) >= high + 0.25
                guard outside || inside else { continue }
                // The same pixel at each corner, mirrored.
                for (x, y) in [(column, row), (size - 1 - column, row), (column, size - 1 - row), (size - 1 - column, size - 1 - row)] {
                    let value = alpha(x, y)
                    if outside {
                        XCTAssertLessThanOrEqual(value, 2, "pixel (\(x), \(y)) is outside the continuous corner")
                    } else {
                        XCTAssertGreaterThanOrEqual(value, 253, "pixel (\(x), \(y)) is inside the continuous corner")
                    }
                    checked += 1
                }
            }
        }
        return checked
    }

    private func continuousLayer(side: CGFloat, radius: CGFloat) -> CALayer {
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        layer.position = .zero
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.cornerRadius = radius
        layer.cornerCurve = .continuous
        return layer
    }

    func testRenderInContextDrawsApplesContinuousCorners() async throws {
        // 300 points at scale 2, radius 90 points: 1.53 radii (138) fit half a side (150).
        let layer = continuousLayer(side: 300, radius: 90)
        let size = 600
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: size * 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.translateBy(x: 0, y: CGFloat(size))
        context.scaleBy(x: 2, y: -2)
        layer.render(in: context)
        let bytes = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        let checked = checkCorners(size: size, radius: 180) { x, y in bytes[(y * size + x) * 4 + 3] }
        XCTAssertGreaterThan(checked, 4 * 20_000)
    }

    func testTheRendererDrawsContinuousCornersOfAPlainLayer() async throws {
        let size = 600
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.addSublayer(continuousLayer(side: CGFloat(size), radius: 180))
        CATransaction.flush()
        let renderer = CARenderer()
        renderer.drawsPlainLayersAsGeometry = true
        renderer.layer = root.makeRenderTree()
        var buffer = [UInt32](repeating: 0, count: size * size)
        try buffer.withUnsafeMutableBytes {
            try renderer.setDestination($0.baseAddress!, width: size, height: size, bytesPerRow: size * 4, bufferAge: 0)
        }
        renderer.beginFrame(atTime: 0)
        try renderer.render()
        renderer.endFrame()
        let checked = checkCorners(size: size, radius: 180) { x, y in UInt8(buffer[y * size + x] >> 24) }
        XCTAssertGreaterThan(checked, 4 * 20_000)
    }

    func testCornersTooLargeForTheCurveAreDrawnAsQuarterCircles() async throws {
        // Radius 60 in a 150-point square: 1.53 radii (92) do not fit half a side (75).
        let layer = continuousLayer(side: 150, radius: 60)
        let context = try XCTUnwrap(
            CGContext(
                data: nil, width: 150, height: 150, bitsPerComponent: 8, bytesPerRow: 600,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.translateBy(x: 0, y: 150)
        context.scaleBy(x: 1, y: -1)
        layer.render(in: context)
        let bytes = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        // On the quarter circle of radius 60 centred at (60, 60): the pixel whose centre is
        // 2 pixels outside it along the diagonal is empty, 2 pixels inside is full.
        let outside = 60 - (60 + 2) / 2.0.squareRoot(), inside = 60 - (60 - 2) / 2.0.squareRoot()
        XCTAssertEqual(bytes[(Int(outside) * 150 + Int(outside)) * 4 + 3], 0)
        XCTAssertEqual(bytes[(Int(inside) * 150 + Int(inside)) * 4 + 3], 255)
        // And where the edge meets the circle, 61 points from the corner, the edge is full.
        XCTAssertEqual(bytes[(0 * 150 + 61) * 4 + 3], 255)
    }
}
