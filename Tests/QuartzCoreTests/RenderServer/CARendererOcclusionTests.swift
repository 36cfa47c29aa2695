import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// What an opaque layer hides of the layers below it is not composited — still, moving or
/// turning — and the frame's pixels are the same as when everything is composited.
@MainActor
final class CARendererOcclusionTests: XCTestCase {
    private let width = 200, height = 120
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 0.6)
    private let blue = CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 1)

    /// A tree with a translucent red layer at (20, 20, 100, 60) and an opaque blue one above
    /// it at (60, 10, 120, 90), overlapping it by 60 × 60 points.
    private func makeScene(coverRadius: CGFloat = 0) -> (root: CALayer, cover: CALayer) {
        let root = layer("root", CGRect(x: 0, y: 0, width: width, height: height))
        _ = layer("below", CGRect(x: 20, y: 20, width: 100, height: 60), red, in: root)
        let cover = layer("cover", CGRect(x: 60, y: 10, width: 120, height: 90), blue, in: root)
        cover.cornerRadius = coverRadius
        CATransaction.flush()
        return (root, cover)
    }

    /// The tree drawn by a renderer that leaves hidden pixels out (`cuts`) or not.
    private func drawn(_ tree: CARenderLayer, cuts: Bool) throws -> (pixels: [UInt8], composited: Int) {
        let renderer = CARenderer()
        renderer.cutsHiddenPixels = cuts
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try renderer.drawFrame(tree, into: &buffer, width: width, height: height, bufferAge: 0)
        return (buffer, renderer.compositedPixelCount)
    }

    /// The tree drawn in full by cairo (``CALayerCompositor``).
    private func fullRedraw(_ tree: CARenderLayer) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: width * height * 4)
        try buffer.withUnsafeMutableBytes {
            try CALayerCompositor().render(tree, into: $0.baseAddress!, width: width, height: height, bytesPerRow: width * 4)
        }
        return buffer
    }

    func testTheCoveredPartOfALayerUnderAnOpaqueOneIsNotComposited() async throws {
        let tree = makeScene().root.makeRenderTree()
        let cut = try drawn(tree, cuts: true), whole = try drawn(tree, cuts: false)
        // Both bitmaps whole: 100 × 60 + 120 × 90; without the 60 × 60 the cover hides.
        XCTAssertEqual(whole.composited, 6000 + 10800)
        XCTAssertEqual(cut.composited, 6000 + 10800 - 3600)
        XCTAssertEqual(cut.pixels, whole.pixels)
        XCTAssertEqual(cut.pixels, try fullRedraw(tree))
    }

    func testARoundedOpaqueLayerHidesItsInteriorButNotItsCorners() async throws {
        let tree = makeScene(coverRadius: 12).root.makeRenderTree()
        let cut = try drawn(tree, cuts: true), whole = try drawn(tree, cuts: false)
        XCTAssertEqual(cut.pixels, try fullRedraw(tree))
        XCTAssertEqual(cut.pixels, whole.pixels)
        // The corners (12 points) reach into the overlap's top-left: at least the overlap's
        // part right of them or below them is hidden.
        XCTAssertGreaterThanOrEqual(whole.composited - cut.composited, 48 * 60)
    }

    func testWhatATurningOpaqueLayerHidesIsLeftOutInEveryFrameWithTheSamePixels() async throws {
        let (root, cover) = makeScene(coverRadius: 12)
        let context = CARenderContext(rootLayer: root)
        let turn = CABasicAnimation(keyPath: "transform.rotation.z")
        turn.fromValue = 0.0
        turn.toValue = 0.3
        turn.duration = 1
        let begin = CACurrentMediaTime()
        turn.beginTime = begin
        cover.add(turn, forKey: "turn")
        CATransaction.flush()
        let cutting = CARenderer(), whole = CARenderer()
        whole.cutsHiddenPixels = false
        cutting.update = context.makeRenderUpdate(at: begin)
        whole.update = context.makeRenderUpdate(at: begin)
        var cutPixels = [UInt8](repeating: 0, count: width * height * 4), wholePixels = cutPixels
        func draw(_ renderer: CARenderer, _ buffer: inout [UInt8], at time: CFTimeInterval) throws {
            try renderer.drawUpdateFrame(into: &buffer, width: width, height: height, atTime: time, bufferAge: 0)
        }
        for step in 0...9 {
            let time = begin + Double(step) / 10 + 0.013
            try draw(cutting, &cutPixels, at: time)
            try draw(whole, &wholePixels, at: time)
            XCTAssertEqual(cutPixels, wholePixels, "step \(step)")
            XCTAssertLessThan(cutting.compositedPixelCount, whole.compositedPixelCount - 1024, "step \(step)")
        }
        // At rest: drawn exactly, as a full redraw draws it.
        try draw(cutting, &cutPixels, at: begin + 1.5)
        try draw(cutting, &cutPixels, at: begin + 1.6)
        XCTAssertEqual(cutting.approximatedBitmapCount, 0)
        XCTAssertEqual(cutPixels, try fullRedraw(try XCTUnwrap(cutting.update).tree(at: begin + 1.6)))
    }

    func testALayerBelowABackdropIsCompositedWhereTheBackdropReadsIt() async throws {
        // The frosted layer blurs what is below it, the red layer's pixels under the cover
        // included (near the cover's edge the blur reads them): they must be there.
        let (root, cover) = makeScene()
        let frost = layer("frost", CGRect(x: 40, y: 30, width: 60, height: 40), nil, in: root)
        frost.backgroundFilters = [CIFilter(name: "CIGaussianBlur", parameters: [kCIInputRadiusKey: 6]) as Any]
        root.addSublayer(cover)
        CATransaction.flush()
        let tree = root.makeRenderTree()
        let cut = try drawn(tree, cuts: true), whole = try drawn(tree, cuts: false)
        XCTAssertEqual(cut.pixels, whole.pixels)
        XCTAssertEqual(cut.composited, whole.composited, "nothing below the backdrop is left out")
    }
}
