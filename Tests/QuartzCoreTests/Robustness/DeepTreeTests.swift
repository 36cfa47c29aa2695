import Foundation
import QuartzCore
import TestSupport
import XCTest

/// A tree thousands of layers deep commits, presents, hit-tests, snapshots, renders and is
/// released without exhausting the stack (the recursion through the tree keeps its frames
/// small).
@MainActor
final class DeepTreeTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    func testAChainOfTenThousandLayersWorksEndToEnd() async throws {
        commitEarlierTestsChanges()
        let depth = 10_000
        let (root, leaf) = chainOfLayers(depth: depth, leafColor: red)
        CATransaction.flush()

        let presentation = try XCTUnwrap(root.presentation())
        XCTAssertTrue(presentation.hitTest(CGPoint(x: 5, y: 5))?.model() === leaf)
        XCTAssertNil(presentation.hitTest(CGPoint(x: 15, y: 15))?.superlayer, "outside the chain: the root")

        let tree = root.makeRenderTree()
        var levels = 0
        var node = tree
        while let next = node.sublayers.first {
            node = next
            levels += 1
        }
        XCTAssertEqual(levels, depth)

        let image = try CALayerCompositor().renderImage(tree, width: 20, height: 20)
        XCTAssertEqual(image.pixel(x: 5, y: 5), px(255, 0, 0))
        XCTAssertEqual(image.pixel(x: 15, y: 15), rgba(0, 0, 0, 0))

        var bytes = [UInt8](repeating: 0, count: 20 * 20 * 4)
        try CARenderer().drawFrame(tree, into: &bytes, width: 20, height: 20, bufferAge: 0)
        // Premultiplied ARGB in native (little-endian) byte order: B, G, R, A of opaque red.
        XCTAssertEqual(Array(bytes[(5 * 20 + 5) * 4..<(5 * 20 + 5) * 4 + 4]), [0, 0, 255, 255])
        XCTAssertEqual(Array(bytes[(15 * 20 + 15) * 4..<(15 * 20 + 15) * 4 + 4]), [0, 0, 0, 0])

        // A change deep down commits and snapshots again.
        leaf.opacity = 0.5
        CATransaction.flush()
        var changed = root.makeRenderTree()
        for _ in 0..<depth { changed = changed.sublayers[0] }
        XCTAssertEqual(changed.opacity, 0.5)
    }

    /// An animation ten thousand levels down is timed through every superlayer, evaluated
    /// into the presentation tree, hit where it is shown and drawn there by the render server.
    func testAnAnimatedLayerTenThousandLevelsDownIsEvaluatedHitAndDrawn() async throws {
        let world = AnimationWorld(test: self, start: 100, displayed: true)
        let context = try XCTUnwrap(world.context)
        let (top, leaf) = chainOfLayers(depth: 10_000, leafColor: red)
        world.root.addSublayer(top)
        CATransaction.flush()
        // The leaf (10×10 at the origin) slides right by 20 points in a second.
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 5
        slide.toValue = 25
        slide.duration = 1
        leaf.add(slide, forKey: "slide")
        CATransaction.flush()
        world.advance(to: 100.5)

        XCTAssertEqual(leaf.presentation()?.position.x, 15)
        let shown = try XCTUnwrap(world.root.presentation())
        XCTAssertTrue(shown.hitTest(CGPoint(x: 12, y: 5))?.model() === leaf, "where the leaf is shown")
        XCTAssertTrue(shown.hitTest(CGPoint(x: 5, y: 5))?.model() === leaf.superlayer, "where it was: its superlayer")

        let renderer = CARenderer()
        renderer.update = context.makeRenderUpdate(at: 100.5)
        let width = 30, height = 12
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try buffer.withUnsafeMutableBytes { bytes in
            try renderer.setDestination(bytes.baseAddress!, width: width, height: height, bytesPerRow: width * 4, bufferAge: 0)
            renderer.beginFrame(atTime: 100.5)
            defer { renderer.endFrame() }
            try renderer.render()
        }
        // Premultiplied ARGB in native (little-endian) byte order: B, G, R, A.
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(buffer[(y * width + x) * 4..<(y * width + x) * 4 + 4]) }
        XCTAssertEqual(pixel(10, 5), [0, 0, 255, 255], "the leaf's left edge at 10 points")
        XCTAssertEqual(pixel(19, 5), [0, 0, 255, 255], "its right edge at 20")
        XCTAssertEqual(pixel(9, 5), [0, 0, 0, 0])
        XCTAssertEqual(pixel(20, 5), [0, 0, 0, 0])
    }
}
