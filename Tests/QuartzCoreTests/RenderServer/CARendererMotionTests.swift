import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// Layers that move, scale or fade are composited from the bitmaps they already have —
/// resampled through the new transform, faded by a constant mask — and drawn again only
/// once they come to rest, exactly as a full redraw draws them.
@MainActor
final class CARendererMotionTests: XCTestCase {
    private let width = 96, height = 64

    /// A displayed tree with one rounded, bordered layer (two parts drawn as one group) that
    /// keeps a bitmap.
    private func makeScene() throws -> (root: CALayer, card: CALayer, context: CARenderContext) {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        let card = layer("card", CGRect(x: 20, y: 12, width: 32, height: 24), CGColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1), in: root)
        card.cornerRadius = 6
        card.borderWidth = 2
        card.borderColor = CGColor(red: 0.9, green: 0.8, blue: 0.1, alpha: 1)
        try keepABitmap(of: card)
        let context = CARenderContext(rootLayer: root)
        CATransaction.flush()
        return (root, card, context)
    }

    /// Adds a one-second linear animation of `keyPath` beginning at `begin`, commits it and
    /// returns the renderer drawing the tree's update.
    private func animate(
        _ card: CALayer, _ context: CARenderContext, _ keyPath: String, from: Any, to: Any, begin: CFTimeInterval
    ) -> CARenderer {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        animation.beginTime = begin
        // Holds its end value once over.
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        card.add(animation, forKey: "motion")
        CATransaction.flush()
        let renderer = CARenderer()
        renderer.update = context.makeRenderUpdate(at: begin)
        return renderer
    }

    /// Draws the update's frame at `time` into `buffer` (which shows the frame before).
    private func draw(_ renderer: CARenderer, _ buffer: inout [UInt8], at time: CFTimeInterval, age: Int = 1) throws {
        try renderer.drawUpdateFrame(into: &buffer, width: width, height: height, atTime: time, bufferAge: age)
    }

    /// The update's tree at `time` drawn in full by cairo (``CALayerCompositor``).
    private func fullRedraw(_ renderer: CARenderer, at time: CFTimeInterval) throws -> [UInt8] {
        let tree = try XCTUnwrap(renderer.update).tree(at: time)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try buffer.withUnsafeMutableBytes {
            try CALayerCompositor().render(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        return buffer
    }

    /// The largest difference of one byte between the two images.
    private func largestDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        zip(a, b).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    func testAFadingLayerIsDrawnOnceAndFadedByItsMaskUntilItRests() async throws {
        let (_, card, context) = try makeScene()
        let begin = CACurrentMediaTime()
        let renderer = animate(card, context, "opacity", from: 1.0, to: 0.3, begin: begin)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try draw(renderer, &buffer, at: begin, age: 0)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 1)
        for step in 1...9 {
            let time = begin + Double(step) / 10
            try draw(renderer, &buffer, at: time)
            // Drawn opaque, the group's opacity is the compositing mask: cairo's pixels.
            XCTAssertEqual(largestDifference(buffer, try fullRedraw(renderer, at: time)), 0, "step \(step)")
            XCTAssertEqual(renderer.nextFrameTime(), time, "frames go on while it fades")
        }
        XCTAssertEqual(renderer.rasterisedBitmapCount, 1, "fading draws the bitmap no more")
        // Over, held at 0.3: the fade no longer keeps it in motion, and the first frame at
        // rest draws it with its opacity, once.
        try draw(renderer, &buffer, at: begin + 1.5)
        try draw(renderer, &buffer, at: begin + 1.6)
        XCTAssertEqual(renderer.approximatedBitmapCount, 0)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 2)
        XCTAssertEqual(buffer, try fullRedraw(renderer, at: begin + 1.6))
    }

    func testASubPixelMoveResamplesTheBitmapAndIsDrawnExactlyWhereItRests() async throws {
        let (_, card, context) = try makeScene()
        let begin = CACurrentMediaTime()
        // From 36 to 46.7: every frame at a new sub-pixel position.
        let renderer = animate(card, context, "position.x", from: 36, to: 46.7, begin: begin)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try draw(renderer, &buffer, at: begin, age: 0)
        let first = renderer.rasterisedBitmapCount
        for step in 1...9 {
            let time = begin + Double(step) / 10 + 0.013
            try draw(renderer, &buffer, at: time)
            XCTAssertEqual(renderer.approximatedBitmapCount, 1, "step \(step)")
            XCTAssertEqual(renderer.nextFrameTime(), time)
            // Resampled: the card's middle is its colour, its edges within bilinear's blur.
            let middle = ((24 * width) + Int(36 + 10.7 * Double(step) / 10 + 0.137)) * 4
            XCTAssertEqual(Array(buffer[middle..<middle + 4]), [230, 128, 51, 255], "step \(step)")
        }
        XCTAssertEqual(renderer.rasterisedBitmapCount, first, "moving draws the bitmap no more")
        // Comes to rest where it ended, now the model's position: drawn again once.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.removeAnimation(forKey: "motion")
        card.position.x = 46.7
        CATransaction.commit()
        renderer.update = context.makeRenderUpdate(at: begin + 2)
        try draw(renderer, &buffer, at: begin + 2)
        XCTAssertEqual(renderer.approximatedBitmapCount, 1, "moved since the last frame")
        XCTAssertEqual(renderer.nextFrameTime(), begin + 2, "asks for the frame that draws it at rest")
        try draw(renderer, &buffer, at: begin + 2.1)
        XCTAssertEqual(renderer.approximatedBitmapCount, 0)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity)
        XCTAssertEqual(renderer.rasterisedBitmapCount, first + 1)
        XCTAssertEqual(buffer, try fullRedraw(renderer, at: begin + 2.1))
    }

    func testScalingResamplesWithinTwiceTheDrawnScaleAndDrawsAgainBeyond() async throws {
        let (_, card, context) = try makeScene()
        let begin = CACurrentMediaTime()
        let renderer = animate(card, context, "transform.scale", from: 1, to: 3, begin: begin)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try draw(renderer, &buffer, at: begin, age: 0)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 1)
        // Scales 1.2, 1.4, … 1.8: resampled from the bitmap drawn at 1.
        for step in 1...4 {
            try draw(renderer, &buffer, at: begin + Double(step) / 10)
        }
        XCTAssertEqual(renderer.rasterisedBitmapCount, 1)
        // 2.2 is past twice the drawn scale: drawn again at 2.2, resampled from there on.
        try draw(renderer, &buffer, at: begin + 0.6)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 2)
        try draw(renderer, &buffer, at: begin + 0.8)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 2)
    }

    /// A translucent, bordered box drawn, then moved half a pixel through the model and the
    /// frame of the move drawn into `buffer`: the tree it moved to.
    private func drawBoxMovedHalfAPixel(
        keepingABitmap: Bool, _ renderer: CARenderer, _ buffer: inout [UInt8]
    ) throws -> (tree: CARenderLayer, frame: RenderedFrame) {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        let box = layer("box", CGRect(x: 10, y: 10, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 0.8), in: root)
        box.borderWidth = 1
        box.cornerRadius = 4
        if keepingABitmap { try keepABitmap(of: box) }
        CATransaction.flush()
        try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height, bufferAge: 0)
        box.position.x += 0.5
        CATransaction.flush()
        let moved = root.makeRenderTree()
        return (moved, try renderer.drawFrame(moved, into: &buffer, width: width, height: height))
    }

    func testALayerMovedThroughTheModelSettlesOneFrameLater() async throws {
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        let moved = try drawBoxMovedHalfAPixel(keepingABitmap: true, renderer, &buffer).tree
        XCTAssertEqual(renderer.approximatedBitmapCount, 1)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 1)
        XCTAssertEqual(renderer.nextFrameTime(), 0, "the frame at rest is due at once")
        let settle = try renderer.drawFrame(moved, into: &buffer, width: width, height: height)
        XCTAssertEqual(renderer.approximatedBitmapCount, 0)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 2)
        XCTAssertFalse(settle.region.isEmpty, "drawing it exactly damages its box")
        var expected = [UInt8](repeating: 0, count: width * height * 4)
        try expected.withUnsafeMutableBytes {
            try CALayerCompositor().render(moved, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        XCTAssertEqual(buffer, expected)
        let idle = try renderer.drawFrame(moved, into: &buffer, width: width, height: height)
        XCTAssertTrue(idle.region.isEmpty, "at rest: nothing more to draw")
    }

    func testAPlainLayerMovedThroughTheModelIsDrawnExactlyAtOnceWithNoFrameToSettle() async throws {
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        let (moved, frame) = try drawBoxMovedHalfAPixel(keepingABitmap: false, renderer, &buffer)
        XCTAssertFalse(frame.region.isEmpty)
        XCTAssertEqual(renderer.rasterisedBitmapCount, 0, "only a background, a border and corners: no bitmap")
        XCTAssertEqual(renderer.approximatedBitmapCount, 0, "drawn at its exact place, not resampled")
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "no frame to settle")
        var full = [UInt8](repeating: 0, count: width * height * 4)
        try CARenderer().drawFrame(moved, into: &full, width: width, height: height, bufferAge: 0)
        XCTAssertEqual(buffer, full, "the same as a full redraw")
        let idle = try renderer.drawFrame(moved, into: &buffer, width: width, height: height)
        XCTAssertTrue(idle.region.isEmpty, "at rest: nothing more to draw")
    }

    func testBitmapsOfLayersNoLongerDrawnAreKeptWithinTheByteLimitLeastRecentlyUsedFirst() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let first = layer("first", CGRect(x: 4, y: 4, width: 16, height: 16), red, in: root)
        let second = layer("second", CGRect(x: 40, y: 4, width: 16, height: 16), red, in: root)
        try keepABitmap(of: first)
        try keepABitmap(of: second)
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        func frame() throws {
            CATransaction.flush()
            try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height)
        }
        try frame()
        let both = renderer.cachedBitmapBytes
        // Within the default limit a layer taken away and put back keeps its bitmap.
        first.removeFromSuperlayer()
        try frame()
        XCTAssertEqual(renderer.cachedBitmapBytes, both)
        root.addSublayer(first)
        try frame()
        XCTAssertEqual(renderer.rasterisedBitmapCount, 2, "put back, it is composited from its bitmap")
        // With room for one bitmap, the one not drawn goes; the one drawn stays.
        renderer.cachedBitmapByteLimit = both / 2
        second.removeFromSuperlayer()
        try frame()
        XCTAssertEqual(renderer.cachedBitmapBytes * 2, both)
        root.addSublayer(second)
        try frame()
        XCTAssertEqual(renderer.rasterisedBitmapCount, 3, "dropped, it is drawn again")
        // A frame keeps every bitmap it draws, even beyond the limit, and drops the least
        // recently used beyond it after.
        renderer.cachedBitmapByteLimit = 0
        try frame()
        XCTAssertEqual(renderer.cachedBitmapBytes, both)
        second.removeFromSuperlayer()
        try frame()
        XCTAssertEqual(renderer.cachedBitmapBytes * 2, both)
    }

    /// A displayed tree with a card drawn as one group: a mask over a rounded clip and a
    /// sublayer (a rounded clip alone is applied as coverage, with no group).
    private func makeGroupScene() throws -> (root: CALayer, card: CALayer, context: CARenderContext) {
        let (root, card, context) = try makeScene()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        card.masksToBounds = true
        let mask = CALayer()
        mask.frame = card.bounds
        mask.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        card.mask = mask
        _ = layer("stripe", CGRect(x: 0, y: 8, width: 32, height: 8), CGColor(red: 1, green: 1, blue: 1, alpha: 1), in: card)
        CATransaction.commit()
        return (root, card, context)
    }

    func testAGroupRotatingIsDrawnOnceAndResampledUntilItRests() async throws {
        let (_, card, context) = try makeGroupScene()
        let begin = CACurrentMediaTime()
        let renderer = animate(card, context, "transform.rotation.z", from: 0.0, to: 0.2, begin: begin)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try draw(renderer, &buffer, at: begin, age: 0)
        XCTAssertEqual(renderer.rasterisedGroupCount, 1)
        for step in 1...9 {
            try draw(renderer, &buffer, at: begin + Double(step) / 10)
            XCTAssertEqual(renderer.approximatedBitmapCount, 1, "step \(step)")
        }
        XCTAssertEqual(renderer.rasterisedGroupCount, 1, "rotating draws the group no more")
        // Held at 0.2 radians once over: drawn again once, exactly.
        try draw(renderer, &buffer, at: begin + 1.5)
        try draw(renderer, &buffer, at: begin + 1.6)
        XCTAssertEqual(renderer.approximatedBitmapCount, 0)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity)
        XCTAssertEqual(renderer.rasterisedGroupCount, 2)
        XCTAssertEqual(buffer, try fullRedraw(renderer, at: begin + 1.6))
    }

    func testAGroupFadingInIsDrawnOpaqueOnceAndFadedByItsMaskWithCairosPixels() async throws {
        let (_, card, context) = try makeGroupScene()
        let begin = CACurrentMediaTime()
        let renderer = animate(card, context, "opacity", from: 0.2, to: 1.0, begin: begin)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        for step in 0...9 {
            let time = begin + Double(step) / 10
            try draw(renderer, &buffer, at: time, age: step == 0 ? 0 : 1)
            // The group painted with its opacity, as cairo paints a group.
            XCTAssertEqual(largestDifference(buffer, try fullRedraw(renderer, at: time)), 0, "step \(step)")
        }
        XCTAssertEqual(renderer.rasterisedGroupCount, 1, "fading draws the group once, opaque")
    }

    func testAGroupMovedByWholePixelsKeepsItsImageAndIsExact() async throws {
        let (root, card, _) = try makeGroupScene()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height, bufferAge: 0)
        for step in 1...3 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            card.position.x += 7
            CATransaction.commit()
            let tree = root.makeRenderTree()
            try renderer.drawFrame(tree, into: &buffer, width: width, height: height)
            XCTAssertEqual(renderer.approximatedBitmapCount, 0, "step \(step): moved by whole pixels, exact")
            var expected = [UInt8](repeating: 0, count: width * height * 4)
            try expected.withUnsafeMutableBytes {
                try CALayerCompositor().render(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
            }
            XCTAssertEqual(buffer, expected, "step \(step)")
        }
        XCTAssertEqual(renderer.rasterisedGroupCount, 1)
    }

    func testAGroupSlidingInFromBeyondTheEdgeIsDrawnWholeOnceAndExactlyWhereItRests() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        // Opacity over a sublayer: one group, its left half beyond the target's edge.
        let panel = layer("panel", CGRect(x: -16, y: 10, width: 32, height: 30), CGColor(red: 0, green: 0.6, blue: 0.3, alpha: 1), in: root)
        panel.opacity = 0.7
        _ = layer("dot", CGRect(x: 4, y: 4, width: 10, height: 10), CGColor(red: 1, green: 1, blue: 0, alpha: 1), in: panel)
        let context = CARenderContext(rootLayer: root)
        CATransaction.flush()
        let begin = CACurrentMediaTime()
        let renderer = animate(panel, context, "position.x", from: 0.0, to: 40.5, begin: begin)
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        for step in 0...9 {
            try draw(renderer, &buffer, at: begin + Double(step) / 10, age: step == 0 ? 0 : 1)
            XCTAssertEqual(renderer.approximatedBitmapCount, 1, "step \(step)")
        }
        XCTAssertEqual(renderer.rasterisedGroupCount, 1, "drawn whole once, then moved")
        try draw(renderer, &buffer, at: begin + 1.5)
        try draw(renderer, &buffer, at: begin + 1.6)
        XCTAssertEqual(renderer.approximatedBitmapCount, 0)
        XCTAssertEqual(renderer.rasterisedGroupCount, 2, "drawn again where it rests")
        XCTAssertEqual(buffer, try fullRedraw(renderer, at: begin + 1.6))
    }

    func testLayersHiddenBehindAnOpaqueLayerAreNeitherDrawnNorCompositedAndTheirChangesDamageNothing() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        let hidden = layer("hidden", CGRect(x: 20, y: 10, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        hidden.cornerRadius = 4
        // Opaque, square, on whole pixels: it hides what is below it.
        _ = layer("cover", CGRect(x: 10, y: 5, width: 50, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: root)
        let beside = layer("beside", CGRect(x: 70, y: 10, width: 10, height: 10), CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: root)
        CATransaction.flush()
        let renderer = CARenderer()
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height, bufferAge: 0)
        let drawnBefore = renderer.rasterisedBitmapCount
        hidden.backgroundColor = CGColor(red: 1, green: 1, blue: 0, alpha: 1)
        hidden.position.x += 3
        CATransaction.flush()
        let changedBelow = try renderer.drawFrame(root.makeRenderTree(), into: &buffer, width: width, height: height)
        XCTAssertEqual(changedBelow.region, [], "nothing of it shows")
        XCTAssertEqual(renderer.rasterisedBitmapCount, drawnBefore, "nor is it drawn again while hidden")
        // Out from under the cover it is drawn, and the frame is a full redraw's.
        hidden.position.x = 70
        hidden.position.y = 45
        beside.isHidden = true
        CATransaction.flush()
        let tree = root.makeRenderTree()
        try renderer.drawFrame(tree, into: &buffer, width: width, height: height)
        var expected = [UInt8](repeating: 0, count: width * height * 4)
        try expected.withUnsafeMutableBytes {
            try CALayerCompositor().render(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        XCTAssertEqual(buffer, expected)
    }

    func testAnOpaqueRootOverAWindowBackgroundDrawsTheRootsPixels() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        _ = layer("dot", CGRect(x: 10, y: 10, width: 8, height: 8), CGColor(red: 1, green: 1, blue: 1, alpha: 0.5), in: root)
        CATransaction.flush()
        let renderer = CARenderer()
        renderer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var buffer = [UInt8](repeating: 0x55, count: width * height * 4)
        let tree = root.makeRenderTree()
        try renderer.drawFrame(tree, into: &buffer, width: width, height: height, bufferAge: 0)
        var expected = [UInt8](repeating: 0, count: width * height * 4)
        try expected.withUnsafeMutableBytes {
            try CALayerCompositor().render(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        XCTAssertEqual(buffer, expected)
        XCTAssertEqual(Array(buffer[0..<4]), [255, 0, 0, 255], "the root's blue, not the window's red")
    }

    func testBitmapsDrawnOnSeveralThreadsAreTheSameAsOnOne() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        for i in 0..<24 {
            let label = CATextLayer()
            label.frame = CGRect(x: (i % 6) * 16, y: (i / 6) * 16, width: 15, height: 15)
            label.string = "\(i)"
            label.fontSize = 9
            label.backgroundColor = CGColor(red: Double(i % 4) / 4, green: 0.5, blue: Double(i % 3) / 3, alpha: 0.9)
            label.cornerRadius = CGFloat(i % 5)
            root.addSublayer(label)
        }
        CATransaction.flush()
        let tree = root.makeRenderTree()
        let one = try drawnByANewRenderer(tree, width: width, height: height, threads: 1)
        let four = try drawnByANewRenderer(tree, width: width, height: height, threads: 4)
        XCTAssertEqual(one.renderer.rasterisedBitmapCount, 24)
        XCTAssertEqual(four.renderer.rasterisedBitmapCount, 24)
        XCTAssertEqual(four.pixels, one.pixels)
    }
}
