import Foundation
@_spi(Benchmarking) @testable import QuartzCore
import TestSupport
import XCTest

/// The renderer draws only what changed, into buffers that show older frames: for random
/// trees and random sequences of changes (filters, compositing filters and backdrops among
/// them), every frame it draws is byte-identical to the same tree drawn in full (and, with
/// every layer in a bitmap, within one level of 8-bit rounding of straight cairo drawing).
@MainActor
final class CARendererDamageTests: XCTestCase {
    private let width = 96, height = 72

    private func randomColor(_ random: inout SplitMix64) -> CGColor? {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return nil
        case 1: return CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.5)
        default:
            return CGColor(
                red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random),
                blue: .random(in: 0...1, using: &random), alpha: 1)
        }
    }

    /// Changes one random property of one random layer.
    private func mutate(_ layers: [CALayer], _ random: inout SplitMix64) {
        guard let layer = layers.randomElement(using: &random) else { return }
        let half = CGFloat(Int.random(in: -12...12, using: &random)) / 2
        switch Int.random(in: 0..<18, using: &random) {
        case 0, 1: layer.position.x += half
        case 2: layer.position.y += half
        case 3: layer.bounds.size.width = CGFloat(Int.random(in: 0...40, using: &random))
        case 4: layer.backgroundColor = randomColor(&random)
        case 5: layer.opacity = [0, 0.5, 1, 1][Int.random(in: 0..<4, using: &random)]
        case 6: layer.cornerRadius = CGFloat(Int.random(in: 0...8, using: &random))
        case 7: layer.borderWidth = CGFloat(Int.random(in: 0...3, using: &random))
        case 8: layer.isHidden.toggle()
        case 9: layer.masksToBounds.toggle()
        case 10: layer.transform = CATransform3DMakeRotation(.random(in: -1...1, using: &random), 0, 0, 1)
        case 11: layer.zPosition = CGFloat(Int.random(in: -1...1, using: &random))
        case 12:
            layer.shadowOpacity = layer.shadowOpacity > 0 ? 0 : 0.8
            layer.shadowRadius = 2
        case 13:
            // A rounded mask, or none.
            if layer.mask == nil {
                let mask = CALayer()
                mask.frame = CGRect(x: 2, y: 2, width: 12, height: 12)
                mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                mask.cornerRadius = 4
                layer.mask = mask
            } else {
                layer.mask = nil
            }
        case 14:
            // A blurred group (reaching beyond the layer), or none.
            layer.filters = layer.filters == nil ? [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 1.5]) as Any] : nil
        case 15:
            layer.compositingFilter = layer.compositingFilter == nil ? CIFilter(name: "CIMultiplyBlendMode") : nil
        case 16:
            // A frosted backdrop: changes under it redraw all of it.
            layer.backgroundFilters =
                layer.backgroundFilters == nil ? [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 2]) as Any] : nil
        default:
            // Moves the layer to another parent (or to the top).
            if let parent = layers.randomElement(using: &random), parent !== layer, !isAncestor(layer, of: parent) {
                parent.addSublayer(layer)
            }
        }
    }

    private func isAncestor(_ a: CALayer, of b: CALayer) -> Bool {
        var current: CALayer? = b
        while let c = current {
            if c === a { return true }
            current = c.superlayer
        }
        return false
    }

    /// The first byte offset where `a` and `b` differ by more than `tolerance`.
    private func firstDifference(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> Int? {
        a == b ? nil : a.indices.first { abs(Int(a[$0]) - Int(b[$0])) > tolerance }
    }

    private func pixels(_ body: (UnsafeMutableRawPointer) throws -> Void) rethrows -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        try bytes.withUnsafeMutableBytes { try body($0.baseAddress!) }
        return bytes
    }

    func testDamagedFramesInRotatingBuffersEqualFullRedraws() async throws {
        for seed in UInt64(1)...140 {
            var random = SplitMix64(seed: seed)
            let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
            var layers = [root]
            for i in 0..<8 {
                let parent = layers.randomElement(using: &random)!
                let child = layer(
                    "l\(i)",
                    CGRect(
                        x: Int.random(in: -10...80, using: &random), y: Int.random(in: -10...60, using: &random),
                        width: Int.random(in: 4...40, using: &random), height: Int.random(in: 4...40, using: &random)),
                    randomColor(&random), in: parent)
                child.borderColor = randomColor(&random)
                layers.append(child)
            }
            let renderer = CARenderer()
            let reference = CALayerCompositor()
            // Three buffers used in turn: each shows the frame drawn three frames ago.
            var buffers = Array(repeating: [UInt8](repeating: 0xAB, count: width * height * 4), count: 3)
            var lastDrawn: [Int?] = [nil, nil, nil]
            var drawn = -1
            for frame in 0..<25 {
                for _ in 0..<Int.random(in: 1...3, using: &random) { mutate(layers, &random) }
                CATransaction.flush()
                let tree = root.makeRenderTree()
                renderer.layer = tree
                // Layers that moved or faded are composited from their bitmaps resampled
                // until the frame at rest draws them exactly: compared once settled.
                var index = 0, age = 0, settling = 0
                repeat {
                    drawn += 1
                    index = drawn % 3
                    age = lastDrawn[index].map { drawn - $0 } ?? 0
                    try buffers[index].withUnsafeMutableBytes { bytes in
                        try renderer.setDestination(
                            bytes.baseAddress!, width: width, height: height, bytesPerRow: width * 4, bufferAge: age)
                    }
                    renderer.beginFrame(atTime: Double(drawn))
                    try renderer.render()
                    renderer.endFrame()
                    lastDrawn[index] = drawn
                    settling += 1
                } while renderer.approximatedBitmapCount > 0 && settling < 3
                XCTAssertEqual(renderer.approximatedBitmapCount, 0, "seed \(seed) frame \(frame) settles in one frame")
                // A fresh renderer draws everything: the same bytes.
                let expected = try pixels {
                    try CALayerCompositor().render(tree, into: $0, width: width, height: height, bytesPerRow: width * 4)
                }
                if let offset = firstDifference(buffers[index], expected, tolerance: 0) {
                    XCTFail(
                        "seed \(seed) frame \(frame) (buffer age \(age)): pixel (\(offset / 4 % width), "
                            + "\(offset / 4 / width)) differs from a full redraw")
                    return
                }
                // Straight cairo drawing composites a layer's parts onto the target one by
                // one, the bitmap path onto the bitmap first: 8-bit rounding may differ by 1.
                // (Rotated layers are resampled from an unrotated bitmap, and plain layers
                // drawn as geometry and rounded clips applied as coverage have exact area
                // coverage where cairo samples 15 sub-rows: each compared with its own
                // references elsewhere.)
                guard layers.allSatisfy({ CATransform3DIsIdentity($0.transform) }) else { continue }
                let bitmaps = CARenderer()
                bitmaps.drawsPlainLayersAsGeometry = false
                bitmaps.roundedClips = .groups
                var inBitmaps = [UInt8](repeating: 0, count: width * height * 4)
                try bitmaps.drawFrame(tree, into: &inBitmaps, width: width, height: height, bufferAge: 0)
                let direct = try pixels {
                    try reference.renderDirectly(tree, into: $0, width: width, height: height, bytesPerRow: width * 4)
                }
                if let offset = firstDifference(inBitmaps, direct, tolerance: 1) {
                    XCTFail(
                        "seed \(seed) frame \(frame): pixel (\(offset / 4 % width), \(offset / 4 / width)) is "
                            + "\(inBitmaps[offset]) in the bitmap path, \(direct[offset]) drawn straight")
                    return
                }
            }
        }
    }

    func testALayerMovingAcrossTheTargetsEdgeKeepsItsBitmapAndDrawsLikeAFullRedraw() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        let box = layer("box", CGRect(x: -6, y: 10, width: 12, height: 12), CGColor(red: 0, green: 0.5, blue: 1, alpha: 0.8), in: root)
        box.cornerRadius = 4
        box.borderWidth = 1
        box.borderColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        try keepABitmap(of: box)
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        for step in 0..<4 {
            // Half outside the left edge, then a little less each frame, by whole pixels.
            box.position.x = CGFloat(step)
            CATransaction.flush()
            let tree = root.makeRenderTree()
            _ = try renderer.drawFrame(tree, into: &buffer, width: width, height: height, bufferAge: step == 0 ? 0 : 1)
            let expected = try pixels {
                try CALayerCompositor().render(tree, into: $0, width: width, height: height, bytesPerRow: width * 4)
            }
            XCTAssertNil(firstDifference(buffer, expected, tolerance: 0), "frame \(step) differs from a full redraw")
        }
        XCTAssertEqual(renderer.rasterisedBitmapCount, 1, "the bitmap holds the part outside the target too")
    }

    func testAnUnchangedMaskedGroupIsDrawnOnceWhileALayerMovesOverIt() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        // A group cairo draws: a layer with a sublayer, under a rounded mask.
        let group = layer("group", CGRect(x: 10, y: 10, width: 40, height: 30), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: root)
        _ = layer("inner", CGRect(x: 5, y: 5, width: 20, height: 10), CGColor(red: 1, green: 1, blue: 0, alpha: 1), in: group)
        let mask = CALayer()
        mask.frame = CGRect(x: 2, y: 2, width: 36, height: 26)
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        mask.cornerRadius = 6
        group.mask = mask
        let mover = layer("mover", CGRect(x: 0, y: 20, width: 8, height: 8), CGColor(red: 1, green: 0, blue: 0, alpha: 0.5), in: root)
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        func frameMatchesAFullRedraw(_ label: String) throws {
            let tree = root.makeRenderTree()
            _ = try renderer.drawFrame(tree, into: &buffer, width: width, height: height)
            let expected = try pixels {
                try CALayerCompositor().render(tree, into: $0, width: width, height: height, bytesPerRow: width * 4)
            }
            XCTAssertNil(firstDifference(buffer, expected, tolerance: 0), "\(label) differs from a full redraw")
        }
        try frameMatchesAFullRedraw("the first frame")
        for step in 1...5 {
            // Across the group: its pixels are damaged each frame, its image reused.
            mover.position.x = CGFloat(8 * step)
            CATransaction.flush()
            try frameMatchesAFullRedraw("frame \(step)")
        }
        XCTAssertEqual(renderer.rasterisedGroupCount, 1, "the unchanged group is drawn once")
        group.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        CATransaction.flush()
        try frameMatchesAFullRedraw("the changed group")
        XCTAssertEqual(renderer.rasterisedGroupCount, 2, "a changed group is drawn again")
    }

    func testABackdropInAClippingLayerFiltersTheSamePixelsWhateverElseTheFrameRedraws() async throws {
        // A frosted layer reaching beyond its clipping parent, over a red band just outside
        // the parent: it filters what is below it inside the clip only, in a full frame as
        // in one redrawing the parent alone (a blur's edges would otherwise read the band in
        // one and not in the other).
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height), CGColor(red: 1, green: 1, blue: 1, alpha: 1))
        _ = layer("band", CGRect(x: 30, y: 22, width: 50, height: 8), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        let parent = layer("parent", CGRect(x: 40, y: 30, width: 24, height: 24), CGColor(red: 0, green: 0.6, blue: 0.2, alpha: 1), in: root)
        parent.masksToBounds = true
        _ = layer("dot", CGRect(x: 4, y: 4, width: 6, height: 6), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: parent)
        let frost = layer("frost", CGRect(x: -8, y: -8, width: 40, height: 40), nil, in: parent)
        frost.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 3]) as Any]
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height, bufferAge: 0)
        parent.backgroundColor = CGColor(red: 0, green: 0.3, blue: 0.7, alpha: 1)
        CATransaction.flush()
        let tree = root.makeRenderTree()
        let changed = try renderer.drawFrame(tree, into: &buffer, width: width, height: height)
        XCTAssertEqual(changed.region, [CGRect(x: 40, y: 30, width: 24, height: 24)], "the parent's pixels only")
        let full = try pixels {
            try CALayerCompositor().render(tree, into: $0, width: width, height: height, bytesPerRow: width * 4)
        }
        XCTAssertNil(firstDifference(buffer, full, tolerance: 0), "the same bytes as a full frame")
        let straight = try pixels {
            try CALayerCompositor().renderDirectly(tree, into: $0, width: width, height: height, bytesPerRow: width * 4)
        }
        XCTAssertNil(firstDifference(full, straight, tolerance: 1), "within 8-bit rounding of straight cairo drawing")
    }

    func testAnUnchangedFrameDrawsNoPixelsAndMovingOneLayerDrawsItsOldAndNewBoxes() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        let box = layer("box", CGRect(x: 10, y: 10, width: 8, height: 8), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        func frame() throws -> RenderedFrame {
            try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height)
        }
        // The first frame has no previous one: everything.
        XCTAssertEqual(try frame().drawn, width * height)
        let still = try frame()
        XCTAssertEqual(still.region, [])
        XCTAssertEqual(still.drawn, 0)
        box.position.x += 20
        CATransaction.flush()
        let moved = try frame()
        // The 8×8 box on whole pixels: exactly its pixels at the old and at the new place.
        XCTAssertEqual(moved.region, [CGRect(x: 10, y: 10, width: 8, height: 8), CGRect(x: 30, y: 10, width: 8, height: 8)])
        XCTAssertEqual(moved.drawn, 2 * 8 * 8)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 0, "a plain layer is drawn as geometry, with no bitmap")
    }

    func testMovingATranslucentGroupDamagesItsBoxesNotTheWholeTarget() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        // Opacity over a sublayer: one group, drawn by cairo as a whole.
        let group = layer("group", CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        group.opacity = 0.5
        _ = layer("child", CGRect(x: 5, y: 5, width: 10, height: 10), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: group)
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        func frame() throws -> [CGRect] {
            try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height).region
        }
        _ = try frame()
        group.position.x += 40
        CATransaction.flush()
        // The 20×20 group with its one-pixel margins (two on the far sides), old and new.
        XCTAssertEqual(try frame(), [CGRect(x: 9, y: 9, width: 23, height: 23), CGRect(x: 49, y: 9, width: 23, height: 23)])
    }
}
