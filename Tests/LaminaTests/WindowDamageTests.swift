import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A window redraws and reports only what changed: moving a layer damages its old and new
/// places, and every committed buffer — reused buffers that showed older frames included —
/// holds exactly the tree drawn in full.
@MainActor
final class WindowDamageTests: XCTestCase {
    /// A red 30×40 layer at (10, 20), committed at once.
    private func box(in scripted: ScriptedWindow) -> CALayer {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        let box = scripted.addLayer(CGRect(x: 10, y: 20, width: 30, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        CATransaction.commit()
        return box
    }

    private func bytes(_ image: CGImage) -> [UInt8] {
        image.withUnsafePixelBytes { Array($0) }
    }

    private func move(_ layer: CALayer, to position: CGPoint) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = position
        CATransaction.commit()
    }

    func testMovingALayerDamagesItsOldAndNewPlacesOnly() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let box = box(in: scripted)
        await scripted.waitForFrames(2)
        await scripted.completeFrame()
        // From (10, 20)–(40, 60) to (110, 20)–(140, 60): an opaque box on whole pixels
        // changes exactly its pixels at each place.
        move(box, to: CGPoint(x: 125, y: 40))
        await scripted.waitForFrames(3)
        let frame = try XCTUnwrap(scripted.compositor.state.frames.last)
        XCTAssertEqual(frame.bufferDamage, [
            .init(x: 10, y: 20, width: 30, height: 40), .init(x: 110, y: 20, width: 30, height: 40),
        ])
        let image = try XCTUnwrap(frame.image)
        XCTAssertEqual(image.pixel(x: 110, y: 20), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(image.pixel(x: 10, y: 20), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "the old place shows the window's background again")
    }

    func testEveryCommittedBufferHoldsTheWholeTreeAsDrawnInFull() async throws {
        let scripted = try await ScriptedWindow(test: self)
        // Compared with the tree drawn alone: no window background under it.
        scripted.window.backgroundColor = nil
        await scripted.completeFrame()
        await scripted.waitForFrames(2, "the frame without a background")
        await scripted.completeFrame()
        let other = CALayer()
        other.frame = CGRect(x: 200, y: 100, width: 50, height: 50)
        other.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)
        other.cornerRadius = 10
        scripted.window.rootLayer.addSublayer(other)
        // One frame with both layers.
        let box = box(in: scripted)
        await scripted.waitForFrames(3)
        await scripted.completeFrame()
        let reference = CALayerCompositor()
        for step in 1...6 {
            move(box, to: CGPoint(x: 25 + step * 23, y: 40 + step * 7))
            await scripted.waitForFrames(3 + step)
            let committed = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
            let expected = try reference.renderImage(scripted.window.rootLayer.makeRenderTree(), width: 320, height: 200)
            let (got, want) = (bytes(committed), bytes(expected))
            if let offset = got.indices.first(where: { got[$0] != want[$0] }) {
                XCTFail("step \(step): byte \(offset) (pixel \(offset / 4 % 320), \(offset / 4 / 320)) is \(got[offset]), "
                    + "\(want[offset]) in a full redraw")
            }
            await scripted.completeFrame()
        }
    }
}
