import Foundation
@_spi(Benchmarking) @testable import QuartzCore
import TestSupport
import XCTest

/// A `masksToBounds` layer whose clip is not a rectangle of whole device pixels — rounded
/// corners, a sub-pixel position, a scale, a turn — has its sublayers composited one by one
/// and masked together by the clip's exact area coverage (no cairo group): each pixel is what
/// the sublayers draw unclipped times the coverage plus what is below them times the rest
/// (computed here from an independent coverage of the outline), and away from the clip's
/// edge the pixels are cairo's clipped drawing of the same tree within one level. (At edge
/// pixels cairo differs by design: it samples 15 sub-rows, and mixes each sublayer with
/// what is below it on its own.)
@MainActor
final class RoundedClipCoverageTests: XCTestCase {
    private let width = 96, height = 80

    /// Where the card is, how it is turned or scaled, and its corners.
    private struct Case {
        var name: String
        var position = CGPoint(x: 20.3, y: 17.6)
        var transform = CGAffineTransform.identity
        var radius: CGFloat = 10
        var corners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
        var curve: CALayerCornerCurve = .circular
    }

    private let cases = [
        Case(name: "sub-pixel offset"),
        Case(name: "another sub-pixel offset", position: CGPoint(x: 21.5, y: 16.25)),
        Case(name: "whole pixels", position: CGPoint(x: 20, y: 17)),
        Case(name: "scaled", position: CGPoint(x: 14.7, y: 9.2), transform: CGAffineTransform(scaleX: 1.37, y: 1.21)),
        Case(name: "turned", position: CGPoint(x: 34.4, y: 6.2), transform: CGAffineTransform(rotationAngle: 0.3)),
        Case(name: "continuous corners, turned", position: CGPoint(x: 34.4, y: 6.2),
             transform: CGAffineTransform(rotationAngle: -0.2).translatedBy(x: -8, y: 12), radius: 9, curve: .continuous),
        Case(name: "two corners", position: CGPoint(x: 19.9, y: 18.45), radius: 12,
             corners: [.layerMinXMinYCorner, .layerMaxXMaxYCorner]),
    ]

    /// An opaque image of `size` pixels whose colour changes linearly across it (resampled
    /// bilinearly, as a turned layer's bitmap is, it keeps its values inside).
    private func pattern(_ size: Int) throws -> CGImage {
        var bytes = [UInt8](repeating: 255, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size {
                let i = (y * size + x) * 4
                bytes[i] = UInt8(40 + 2 * x)
                bytes[i + 1] = UInt8(60 + 3 * y)
                bytes[i + 2] = 120
            }
        }
        return try CGImage(width: size, height: size, bytesPerRow: size * 4, premultipliedBGRA: bytes)
    }

    /// The parts of the tree, to leave some out.
    private struct Parts {
        var clips = true
        var sublayers = true
        /// The card's background and border, and the background of the layer inside it.
        var cardAppearance = true
        /// A rounded clipping layer holding a plain layer, inside the card; whether it clips,
        /// and whether it has its plain layer.
        var nested = false
        var nestedClips = true
        var nestedSublayers = true
    }

    /// A root with an opaque background holding the card: 48 × 40 points placed by the case,
    /// clipping an image sublayer past its top left corner and a translucent plain sublayer
    /// poking past its bottom right one; with its appearance, a background and a border.
    private func makeTree(_ c: Case, _ parts: Parts = Parts()) throws -> CARenderLayer {
        let root = try makeLayers(c, parts)
        CATransaction.flush()
        return root.makeRenderTree()
    }

    /// The layers of ``makeTree(_:_:)``: the root, its card the first sublayer.
    private func makeLayers(_ c: Case, _ parts: Parts = Parts()) throws -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = CGColor(red: 0.9, green: 0.92, blue: 0.95, alpha: 1)
        let card = CALayer()
        card.anchorPoint = .zero
        card.bounds = CGRect(x: 0, y: 0, width: 48, height: 40)
        card.position = c.position
        card.transform = CATransform3DMakeAffineTransform(c.transform)
        card.cornerRadius = c.radius
        card.maskedCorners = c.corners
        card.cornerCurve = c.curve
        card.masksToBounds = parts.clips
        if parts.cardAppearance {
            card.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.7, alpha: 1)
            card.borderWidth = 1.5
            card.borderColor = CGColor(red: 1, green: 0.8, blue: 0.2, alpha: 0.9)
        }
        if parts.sublayers {
            let image = CALayer()
            image.frame = CGRect(x: -6, y: -4, width: 40, height: 24)
            image.contents = try pattern(32)
            card.addSublayer(image)
            let badge = CALayer()
            badge.frame = CGRect(x: 30, y: 24, width: 30, height: 24)
            badge.backgroundColor = CGColor(red: 0.9, green: 0.1, blue: 0.3, alpha: 0.7)
            card.addSublayer(badge)
        }
        if parts.nested {
            let inner = CALayer()
            inner.frame = CGRect(x: 8.5, y: 10.25, width: 20, height: 16)
            inner.cornerRadius = 6
            inner.masksToBounds = parts.nestedClips
            if parts.cardAppearance { inner.backgroundColor = CGColor(red: 0.1, green: 0.8, blue: 0.4, alpha: 0.8) }
            if parts.nestedSublayers {
                let dot = CALayer()
                dot.frame = CGRect(x: -4, y: -4, width: 12, height: 12)
                dot.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
                inner.addSublayer(dot)
            }
            card.addSublayer(inner)
        }
        root.addSublayer(card)
        return root
    }

    private func draw(_ tree: CARenderLayer, with renderer: CARenderer = CARenderer()) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(tree, into: &buffer, width: width, height: height, bufferAge: 0)
        return buffer
    }

    /// The card's outline in device pixels (its bounds with its corners).
    private func outline(_ c: Case, inset: CGFloat = 0) -> [CGPoint] {
        let toDevice = c.transform.concatenating(CGAffineTransform(translationX: c.position.x, y: c.position.y))
        let bounds = CGRect(x: 0, y: 0, width: 48, height: 40).insetBy(dx: inset, dy: inset)
        return ExactCoverage.outline(bounds, radius: max(c.radius - inset, 0), corners: c.corners, curve: c.curve)
            .map { $0.applying(toDevice) }
    }

    func testSublayersAreMaskedTogetherByTheClipsExactCoverage() async throws {
        for c in cases {
            let renderer = CARenderer()
            let clipped = try draw(makeTree(c, Parts(cardAppearance: false)), with: renderer)
            XCTAssertEqual(renderer.rasterisedGroupCount, 0, "\(c.name): no group")
            let unclipped = try draw(makeTree(c, Parts(clips: false, cardAppearance: false)))
            let below = try draw(makeTree(c, Parts(sublayers: false, cardAppearance: false)))
            let shape = outline(c)
            var worst = (levels: 0.0, x: 0, y: 0)
            for y in 0..<height {
                for x in 0..<width {
                    let coverage = ExactCoverage.area(of: shape, inPixel: x, y)
                    for channel in 0..<4 {
                        let i = (y * width + x) * 4 + channel
                        let expected = Double(below[i]) * (1 - coverage) + Double(unclipped[i]) * coverage
                        let levels = abs(Double(clipped[i]) - expected)
                        if levels > worst.levels { worst = (levels, x, y) }
                    }
                }
            }
            XCTAssertLessThanOrEqual(worst.levels, Self.tolerance, "\(c.name): pixel (\(worst.x), \(worst.y))")
        }
    }

    func testANestedClipMasksItsSublayersAndTheOuterClipMasksBoth() async throws {
        for c in cases {
            let renderer = CARenderer()
            let clipped = try draw(makeTree(c, Parts(cardAppearance: false, nested: true)), with: renderer)
            XCTAssertEqual(renderer.rasterisedGroupCount, 0, "\(c.name): no group")
            // Below the card; the card unclipped without the inner layer's sublayer; and with
            // it, unclipped too.
            let below = try draw(makeTree(c, Parts(sublayers: false, cardAppearance: false)))
            let withoutDot = try draw(makeTree(c, Parts(clips: false, cardAppearance: false, nested: true, nestedSublayers: false)))
            let unclipped = try draw(makeTree(c, Parts(clips: false, cardAppearance: false, nested: true, nestedClips: false)))
            let toDevice = c.transform.concatenating(CGAffineTransform(translationX: c.position.x, y: c.position.y))
            let inner = ExactCoverage.outline(
                CGRect(x: 8.5, y: 10.25, width: 20, height: 16), radius: 6,
                corners: [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
            ).map { $0.applying(toDevice) }
            let outer = outline(c)
            var worst = (levels: 0.0, x: 0, y: 0)
            for y in 0..<height {
                for x in 0..<width {
                    let (o, n) = (ExactCoverage.area(of: outer, inPixel: x, y), ExactCoverage.area(of: inner, inPixel: x, y))
                    for channel in 0..<4 {
                        let i = (y * width + x) * 4 + channel
                        let card = Double(withoutDot[i]) * (1 - n) + Double(unclipped[i]) * n
                        let expected = Double(below[i]) * (1 - o) + card * o
                        let levels = abs(Double(clipped[i]) - expected)
                        if levels > worst.levels { worst = (levels, x, y) }
                    }
                }
            }
            // Two mixes, each within the tolerance of one.
            XCTAssertLessThanOrEqual(worst.levels, 2 * Self.tolerance, "\(c.name): pixel (\(worst.x), \(worst.y))")
        }
    }

    /// Levels of 8 bits a channel may differ from the mix computed here: the coverage is taken
    /// to 8 bits (half a level) and each of the two products is rounded (half a level each);
    /// arcs are drawn as chords within 0.005 pixel of them.
    static let tolerance = 2.0

    func testAwayFromTheClipsEdgeThePixelsAreCairosClippedDrawing() async throws {
        for c in cases {
            let tree = try makeTree(c)
            let renderer = CARenderer()
            let clipped = try draw(tree, with: renderer)
            XCTAssertEqual(renderer.rasterisedGroupCount, 0, "\(c.name): no group")
            let cairo = CARenderer()
            cairo.roundedClips = .groups
            let reference = try draw(tree, with: cairo)
            XCTAssertEqual(cairo.rasterisedGroupCount, 1, "\(c.name): the reference draws the card as one cairo group")
            // Pixels near an edge of the card, of its border, of its plain sublayer (drawn as
            // geometry, with exact coverage) or of its image (a turned layer's bitmap is
            // resampled where cairo samples the image once) are left out: those whose 3 × 3
            // neighbourhood one of the outlines covers partly.
            let toDevice = c.transform.concatenating(CGAffineTransform(translationX: c.position.x, y: c.position.y))
            func rectangle(_ r: CGRect) -> [CGPoint] {
                [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
                    .map { $0.applying(toDevice) }
            }
            let outlines = [
                outline(c), outline(c, inset: 1.5), rectangle(CGRect(x: 30, y: 24, width: 30, height: 24)),
                rectangle(CGRect(x: -6, y: -4, width: 40, height: 24)),
            ]
            var partly = [Bool](repeating: false, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    partly[y * width + x] = outlines.contains {
                        let area = ExactCoverage.area(of: $0, inPixel: x, y)
                        return area > 0 && area < 1
                    }
                }
            }
            var compared = 0
            var worst = (levels: 0, x: 0, y: 0)
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    let nearEdge = (-1...1).contains { dy in (-1...1).contains { dx in partly[(y + dy) * width + x + dx] } }
                    guard !nearEdge else { continue }
                    compared += 1
                    for channel in 0..<4 {
                        let i = (y * width + x) * 4 + channel
                        let levels = abs(Int(clipped[i]) - Int(reference[i]))
                        if levels > worst.levels { worst = (levels, x, y) }
                    }
                }
            }
            XCTAssertGreaterThan(compared, width * height / 2, c.name)
            XCTAssertLessThanOrEqual(worst.levels, 1, "\(c.name): pixel (\(worst.x), \(worst.y))")
        }
    }

    func testAMovingClippedCardDrawsNoGroupAndEachDamagedFrameEqualsAFullRedraw() async throws {
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        for step in 0..<12 {
            // Eased sub-pixel steps, then a turn and a scale, with a rounded clip nested inside.
            let t = Double(step) / 11
            var c = Case(name: "step \(step)", position: CGPoint(x: 14 + 18 * t * t * (3 - 2 * t), y: 12.3 + 0.37 * Double(step)))
            if step > 7 { c.transform = CGAffineTransform(rotationAngle: 0.1 * Double(step - 7)).scaledBy(x: 1.1, y: 1.1) }
            let tree = try makeTree(c, Parts(nested: true))
            try renderer.drawFrame(tree, into: &buffer, width: width, height: height, bufferAge: step == 0 ? 0 : 1)
            XCTAssertEqual(renderer.rasterisedGroupCount, 0, c.name)
            XCTAssertEqual(buffer, try draw(tree), "\(c.name): the damaged frame equals a full redraw")
        }
        // Only the clip changes (a card of no appearance of its own gets rounder): its pixels
        // are damaged.
        for radius in [12.0, 16, 19.5] {
            let tree = try makeTree(Case(name: "radius \(radius)", radius: radius), Parts(cardAppearance: false))
            try renderer.drawFrame(tree, into: &buffer, width: width, height: height)
            XCTAssertEqual(buffer, try draw(tree), "radius \(radius): the damaged frame equals a full redraw")
        }
    }

    /// Draws `count` frames of an animation of `keyPath` on `layer`, a tenth of a second apart.
    private func animateFrames(_ root: CALayer, _ layer: CALayer, _ keyPath: String, by: CGFloat, count: Int) throws -> CARenderer {
        let begin = CACurrentMediaTime()
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.byValue = by
        animation.duration = 1
        animation.beginTime = begin
        layer.add(animation, forKey: "motion")
        let context = CARenderContext(rootLayer: root)
        CATransaction.flush()
        let renderer = CARenderer()
        renderer.update = context.makeRenderUpdate(at: begin)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        for step in 0..<count {
            try renderer.drawUpdateFrame(
                into: &buffer, width: width, height: height, atTime: begin + Double(step) / 10, bufferAge: step == 0 ? 0 : 1)
        }
        return renderer
    }

    func testACardAnimatedWholeKeepsItsGroupImageAndOneWithAnAnimatedSublayerIsClippedByCoverage() async throws {
        let moving = try makeLayers(cases[0])
        let card = moving.sublayers![0]
        let whole = try animateFrames(moving, card, "position.x", by: 12.5, count: 5)
        XCTAssertEqual(whole.rasterisedGroupCount, 1, "drawn once as a group, resampled while it moves")
        XCTAssertEqual(whole.approximatedBitmapCount, 1)

        let inside = try makeLayers(cases[0])
        let badge = inside.sublayers![0].sublayers![1]
        let sliding = try animateFrames(inside, badge, "position.x", by: -20.5, count: 5)
        XCTAssertEqual(sliding.rasterisedGroupCount, 0, "no group: the clip is applied as coverage")
        XCTAssertEqual(sliding.approximatedBitmapCount, 0, "every frame exact")
    }

    func testAClipOfTheSameGeometryInTheNextFrameKeepsItsCoverage() async throws {
        let cache = RoundedClipCache()
        let target = PixelRect(x0: 0, y0: 0, x1: Int32(width), y1: Int32(height))
        let card = try makeTree(cases[0]).sublayers[0]
        let place = CGAffineTransform(translationX: 20.3, y: 17.6)
        cache.beginFrame()
        let first = try XCTUnwrap(cache.clip(of: card, toDevice: place, within: target))
        cache.beginFrame()
        let again = try XCTUnwrap(cache.clip(of: card, toDevice: place, within: target))
        XCTAssertTrue(first === again, "unchanged: kept")
        cache.beginFrame()
        let moved = try XCTUnwrap(cache.clip(of: card, toDevice: place.translatedBy(x: 0.25, y: 0), within: target))
        XCTAssertFalse(moved === again, "moved by a quarter pixel: covered anew")
        XCTAssertFalse(moved.drawsSame(as: again))
        cache.beginFrame()
        cache.beginFrame()
        let later = try XCTUnwrap(cache.clip(of: card, toDevice: place, within: target))
        XCTAssertFalse(later === first, "only the last frame's clips are kept")
        XCTAssertTrue(later.drawsSame(as: first))
    }
}
