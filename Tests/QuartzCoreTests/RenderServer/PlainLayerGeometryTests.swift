import CCompositor
import Foundation
@_spi(Benchmarking) @testable import QuartzCore
import XCTest

/// Layers that are only a background, a border and rounded corners are drawn as geometry at
/// their exact transform: every pixel is the layer's exact area coverage of it, composited
/// as pixman composites a solid colour through an 8-bit mask — checked against an
/// independent computation (each pixel's square clipped by the outline, measured by the
/// shoelace formula), at sub-pixel offsets, scales, rotations and skews, and while the layer
/// moves, with no bitmap drawn. (cairo's fill of the same outlines is not the reference:
/// its 15-sub-row scan conversion differs from the exact coverage by 8 to 23 levels at edge
/// pixels of these cases.)
@MainActor
final class PlainLayerGeometryTests: XCTestCase {
    private let width = 80, height = 72
    /// What the layer is drawn over: the target as the renderer clears it, transparent.
    private let clear: UInt32 = 0

    /// One plain layer in a root that draws nothing, its bounds at 0, 0 and its anchor at the
    /// top left: layer points go to device pixels through `transform`, then `position`.
    private struct Case {
        var name: String
        var size = CGSize(width: 40, height: 30)
        var position = CGPoint(x: 10.3, y: 7.6)
        var transform = CGAffineTransform.identity
        var radius: CGFloat = 8
        var corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        var curve: CALayerCornerCurve = .circular
        var borderWidth: CGFloat = 2
        var background = CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)
        var border: CGColor? = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        var opacity: Float = 1
    }

    /// `backdrop`: the root's background, under the layer (none: the target stays clear).
    private func makeTree(_ c: Case, backdrop: CGColor? = nil) -> CARenderLayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = backdrop
        let plain = CALayer()
        plain.anchorPoint = .zero
        plain.bounds = CGRect(origin: .zero, size: c.size)
        plain.position = c.position
        plain.transform = CATransform3DMakeAffineTransform(c.transform)
        plain.backgroundColor = c.background
        plain.cornerRadius = c.radius
        plain.maskedCorners = c.corners
        plain.cornerCurve = c.curve
        plain.borderWidth = c.borderWidth
        plain.borderColor = c.border
        plain.opacity = c.opacity
        root.addSublayer(plain)
        CATransaction.flush()
        return root.makeRenderTree()
    }

    private func render(_ tree: CARenderLayer, with renderer: CARenderer, into buffer: inout [UInt32], age: Int = 0) throws {
        renderer.drawsPlainLayersAsGeometry = true
        renderer.layer = tree
        try buffer.withUnsafeMutableBytes {
            try renderer.setDestination($0.baseAddress!, width: width, height: height, bytesPerRow: width * 4, bufferAge: age)
        }
        renderer.beginFrame(atTime: 0)
        try renderer.render()
        renderer.endFrame()
    }

    // MARK: - The independent computation

    /// pixman's rounded `x * a / 255`.
    private func multiply(_ x: UInt32, _ a: UInt32) -> UInt32 {
        let t = x * a + 0x80
        return ((t >> 8) + t) >> 8
    }

    private func inMask(_ colour: UInt32, _ mask: UInt32) -> UInt32 {
        (0..<4).reduce(0) { $0 | multiply((colour >> ($1 * 8)) & 0xFF, mask) << ($1 * 8) }
    }

    private func over(_ source: UInt32, _ target: UInt32) -> UInt32 {
        let inverse = 255 - (source >> 24)
        return (0..<4).reduce(0) {
            $0 | min(255, ((source >> ($1 * 8)) & 0xFF) + multiply((target >> ($1 * 8)) & 0xFF, inverse)) << ($1 * 8)
        }
    }

    /// A colour with `alpha`, premultiplied to 8 bits as cairo converts a source colour.
    private func premultiplied(_ color: CGColor?, alpha: Double) -> UInt32 {
        guard let c = color?.rgba else { return 0 }
        let a = Double(c.alpha) * alpha
        func channel(_ v: Double) -> UInt32 { UInt32(UInt16(v * 65535 + 0.5) >> 8) }
        return channel(a) << 24 | channel(Double(c.red) * a) << 16 | channel(Double(c.green) * a) << 8 | channel(Double(c.blue) * a)
    }

    /// The case's pixels computed here: coverage of the outline and of the border's inner
    /// outline per pixel, the background in the outline and the border between them over
    /// the clear target (through one group with the opacity when both parts are translucent).
    private func expected(_ c: Case) -> [UInt32] {
        let toDevice = c.transform.concatenating(CGAffineTransform(translationX: c.position.x, y: c.position.y))
        let bounds = CGRect(origin: .zero, size: c.size)
        let radius = min(c.radius, min(c.size.width, c.size.height) / 2)
        let outer = ExactCoverage.outline(bounds, radius: radius, corners: c.corners, curve: c.curve).map { $0.applying(toDevice) }
        let hasBorder = c.borderWidth > 0 && (c.border?.rgba?.alpha ?? 0) > 0
        let inner: [CGPoint]? =
            hasBorder && c.borderWidth * 2 < min(c.size.width, c.size.height)
            ? ExactCoverage.outline(
                bounds.insetBy(dx: c.borderWidth, dy: c.borderWidth), radius: max(radius - c.borderWidth, 0), corners: c.corners,
                curve: c.curve)
                .map { $0.applying(toDevice) } : nil
        let grouped = c.opacity < 1 && hasBorder
        let partAlpha = grouped ? 1 : Double(c.opacity)
        let background = premultiplied(c.background, alpha: partAlpha)
        let border = hasBorder ? premultiplied(c.border, alpha: partAlpha) : 0
        let groupAlpha = UInt32(UInt16(Double(c.opacity) * 65535 + 0.5) >> 8)
        var pixels = [UInt32](repeating: clear, count: width * height)
        func mask(_ coverage: Double) -> UInt32 { UInt32((min(max(coverage, 0), 1) * 255).rounded()) }
        for y in 0..<height {
            for x in 0..<width {
                let outerArea = ExactCoverage.area(of: outer, inPixel: x, y)
                guard outerArea > 0 else { continue }
                let innerArea = inner.map { ExactCoverage.area(of: $0, inPixel: x, y) } ?? 0
                let fill = inMask(background, mask(outerArea))
                let ring = inMask(border, mask(inner == nil ? outerArea : outerArea - innerArea))
                if grouped {
                    pixels[y * width + x] = over(inMask(over(ring, fill), groupAlpha), clear)
                } else {
                    pixels[y * width + x] = over(ring, over(fill, clear))
                }
            }
        }
        return pixels
    }

    /// The largest difference of one channel between the two images, and where.
    private func largestDifference(_ a: [UInt32], _ b: [UInt32]) -> (levels: Int, x: Int, y: Int) {
        var worst = (levels: 0, x: 0, y: 0)
        for i in a.indices where a[i] != b[i] {
            for shift in stride(from: 0, to: 32, by: 8) {
                let d = abs(Int((a[i] >> shift) & 0xFF) - Int((b[i] >> shift) & 0xFF))
                if d > worst.levels { worst = (d, i % width, i / width) }
            }
        }
        return worst
    }

    /// Levels of 8 bits a channel may differ from the computation here: arcs are drawn as
    /// chords within 0.005 pixel of them (up to about one level of coverage), and a mask one
    /// level off after rounding changes each of the two parts composited by up to one.
    static let tolerance = 3

    private var cases: [Case] {
        var list = [
            Case(name: "sub-pixel offset"),
            Case(name: "whole pixels", position: CGPoint(x: 12, y: 9)),
            Case(name: "scaled", transform: CGAffineTransform(scaleX: 1.37, y: 0.83)),
            Case(name: "rotated", position: CGPoint(x: 30.4, y: 4.2), transform: CGAffineTransform(rotationAngle: 0.5)),
            Case(name: "skewed", transform: CGAffineTransform(a: 1, b: 0.1, c: 0.4, d: 1, tx: 0, ty: 0)),
            Case(name: "continuous corners", position: CGPoint(x: 30.4, y: 4.2), transform: CGAffineTransform(rotationAngle: 0.3),
                 curve: .continuous),
            Case(name: "continuous corners, scaled up", position: CGPoint(x: 2.3, y: 1.7),
                 transform: CGAffineTransform(scaleX: 1.7, y: 1.9), radius: 9, curve: .continuous),
            Case(name: "continuous corners, two of them", position: CGPoint(x: 25.7, y: 3.3),
                 transform: CGAffineTransform(rotationAngle: -0.35), radius: 9,
                 corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner], curve: .continuous),
            // 1.53 radii of each side do not fit a 30-point side: drawn as quarter circles.
            Case(name: "continuous corners on sides too short for the curve", position: CGPoint(x: 30.4, y: 4.2),
                 transform: CGAffineTransform(rotationAngle: 0.3), radius: 12, curve: .continuous),
            Case(name: "border wider than the radius", radius: 4, borderWidth: 6),
            Case(name: "radius over half the side", radius: 30),
            Case(name: "border filling the layer", size: CGSize(width: 20, height: 10), borderWidth: 5),
            Case(name: "background only", border: nil),
            Case(name: "group opacity", transform: CGAffineTransform(rotationAngle: -0.2), opacity: 0.6),
            Case(name: "one part faded", border: nil, opacity: 0.45),
            Case(name: "scaled up across the target's edge", position: CGPoint(x: -20.5, y: -10.25),
                 transform: CGAffineTransform(scaleX: 1.6, y: 1.6)),
        ]
        for corner in [CACornerMask.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner] {
            list.append(Case(
                name: "corner \(corner.rawValue)", position: CGPoint(x: 25.7, y: 3.3), transform: CGAffineTransform(rotationAngle: 0.35),
                radius: 12, corners: corner))
        }
        return list
    }

    func testEachPixelIsTheLayersExactCoverageAtAnyAffineTransform() async throws {
        for c in cases {
            let renderer = CARenderer()
            var buffer = [UInt32](repeating: 0, count: width * height)
            try render(makeTree(c), with: renderer, into: &buffer)
            XCTAssertEqual(renderer.rasterisedBitmapCount, 0, "\(c.name): no bitmap")
            let worst = largestDifference(buffer, expected(c))
            XCTAssertLessThanOrEqual(worst.levels, Self.tolerance, "\(c.name): pixel (\(worst.x), \(worst.y))")
        }
    }

    /// The eight-pixels-at-a-time loops and the portable ones give the same pixels, byte for
    /// byte, for every case, over a clear target and over a translucent backdrop (where each
    /// blend's rounding counts); on a processor without AVX2 both runs take the portable path.
    func testTheWideAndPortableLoopsDrawTheSamePixels() async throws {
        defer { lamina_compositor_use_wide_loops(true) }
        let backdrop = CGColor(red: 0.61, green: 0.37, blue: 0.83, alpha: 0.71)
        for c in cases + cases.map({ var c = $0; c.name += " over a backdrop"; return c }) {
            let under = c.name.hasSuffix("over a backdrop") ? backdrop : nil
            var wide = [UInt32](repeating: 0, count: width * height)
            var portable = wide
            lamina_compositor_use_wide_loops(true)
            try render(makeTree(c, backdrop: under), with: CARenderer(), into: &wide)
            lamina_compositor_use_wide_loops(false)
            try render(makeTree(c, backdrop: under), with: CARenderer(), into: &portable)
            lamina_compositor_use_wide_loops(true)
            let differing = zip(wide, portable).filter { $0 != $1 }.count
            XCTAssertEqual(differing, 0, "\(c.name): pixels differing between the wide and portable loops")
            XCTAssertTrue(wide.contains { $0 != 0 }, "\(c.name): something drawn")
        }
    }

    /// A layer moving by sub-pixel steps is drawn exactly at each position, with no bitmap
    /// and nothing left to draw again once it rests; drawn into buffers showing the frame
    /// before, each frame is the same as a full redraw.
    func testAMovingLayerIsExactOnEveryFrameAndItsDamageMatchesAFullRedraw() async throws {
        let renderer = CARenderer()
        var buffer = [UInt32](repeating: 0, count: width * height)
        for step in 0..<12 {
            var c = Case(name: "step \(step)")
            c.position = CGPoint(x: 6 + 1.37 * CGFloat(step), y: 5 + 0.61 * CGFloat(step))
            c.transform = CGAffineTransform(rotationAngle: 0.07 * CGFloat(step))
            let tree = makeTree(c)
            try render(tree, with: renderer, into: &buffer, age: step == 0 ? 0 : 1)
            XCTAssertEqual(renderer.rasterisedBitmapCount, 0, c.name)
            XCTAssertEqual(renderer.approximatedBitmapCount, 0, "\(c.name): nothing to draw again at rest")
            var full = [UInt32](repeating: 0, count: width * height)
            try render(tree, with: CARenderer(), into: &full)
            XCTAssertEqual(PixelComparison.differingCount(buffer, full), 0, "\(c.name): the same as a full redraw")
            let worst = largestDifference(buffer, expected(c))
            XCTAssertLessThanOrEqual(worst.levels, Self.tolerance, "\(c.name): pixel (\(worst.x), \(worst.y))")
        }
    }

    /// A layer that fades, changes colour, loses or gains its border or moves by whole pixels
    /// keeps its geometry: each frame is still its exact coverage in that frame's colours,
    /// opacity and place.
    func testALayerThatFadesRecoloursOrMovesByWholePixelsIsExactOnEveryFrame() async throws {
        let renderer = CARenderer()
        for step in 0..<8 {
            var c = Case(name: "frame \(step)")
            c.position = CGPoint(x: 10.3 + CGFloat(step % 3), y: 7.6 + CGFloat(step / 3))
            c.opacity = 1 - 0.1 * Float(step)
            c.background = CGColor(red: 0.1 * CGFloat(step), green: 0.5, blue: 0.9, alpha: 0.8)
            if step < 4 { c.border = nil }
            var buffer = [UInt32](repeating: 0, count: width * height)
            try render(makeTree(c), with: renderer, into: &buffer)
            let worst = largestDifference(buffer, expected(c))
            XCTAssertLessThanOrEqual(worst.levels, Self.tolerance, "\(c.name): pixel (\(worst.x), \(worst.y))")
        }
    }

    /// A layer with sublayers whose background and border are rectangles on whole pixels (a
    /// window's background, a panel) holds no bitmap: both parts are drawn as geometry, with
    /// the pixels cairo's bitmaps of them give (every pixel wholly covered or not at all),
    /// frame after frame. Rounded, its parts keep their bitmaps.
    func testALayerWithSublayersOnWholePixelsHoldsNoBitmapAndDrawsCairosPixels() async throws {
        func tree(radius: CGFloat) -> CARenderLayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: width, height: height)
            root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
            let panel = CALayer()
            panel.frame = CGRect(x: 6, y: 5, width: 50, height: 40)
            panel.backgroundColor = CGColor(red: 0.3, green: 0.6, blue: 0.2, alpha: 0.7)
            panel.borderWidth = 3
            panel.borderColor = CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 0.6)
            panel.cornerRadius = radius
            let child = CALayer()
            child.frame = CGRect(x: -2, y: 10, width: 30, height: 12)
            child.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.9, alpha: 0.9)
            panel.addSublayer(child)
            root.addSublayer(panel)
            CATransaction.flush()
            return root.makeRenderTree()
        }
        func draw(_ tree: CARenderLayer, with renderer: CARenderer, geometry: Bool) throws -> [UInt32] {
            var buffer = [UInt32](repeating: 0, count: width * height)
            renderer.drawsPlainLayersAsGeometry = geometry
            renderer.layer = tree
            try buffer.withUnsafeMutableBytes {
                try renderer.setDestination($0.baseAddress!, width: width, height: height, bytesPerRow: width * 4, bufferAge: 0)
            }
            renderer.beginFrame(atTime: 0)
            try renderer.render()
            renderer.endFrame()
            return buffer
        }
        let square = tree(radius: 0)
        let renderer = CARenderer()
        for frame in 0..<2 {
            let drawn = try draw(square, with: renderer, geometry: true)
            XCTAssertEqual(renderer.rasterisedBitmapCount, 0, "frame \(frame): no bitmap drawn")
            XCTAssertEqual(renderer.cachedBitmapBytes, 0, "frame \(frame): no bitmap kept")
            let cairo = try draw(square, with: CARenderer(), geometry: false)
            XCTAssertEqual(PixelComparison.differingCount(drawn, cairo), 0, "frame \(frame): cairo's pixels")
        }
        let rounded = CARenderer()
        _ = try draw(tree(radius: 6), with: rounded, geometry: true)
        XCTAssertEqual(rounded.rasterisedBitmapCount, 2, "a rounded panel's background and border stay bitmaps")
    }
}
