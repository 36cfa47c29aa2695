import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import TestSupport
import XCTest

/// The frame loop against a compositor that completes frames, reports presentation and
/// releases buffers only when the test says so; animations driven by a manual media clock.
@MainActor
final class WindowFramePacingTests: XCTestCase {
    /// A blue 20×20 layer at the window's top-left corner.
    private func addBox(to scripted: ScriptedWindow) -> CALayer {
        scripted.addLayer(CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
    }

    func testChangesWhileAFrameIsPendingWaitForItsCallbackAndAreDrawnInOneFrame() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let box = addBox(to: scripted)
        await scripted.waitForFrames(2)
        CATransaction.setDisableActions(true)
        box.position = CGPoint(x: 100, y: 100)
        CATransaction.flush()
        CATransaction.setDisableActions(true)
        box.position = CGPoint(x: 150, y: 120)
        CATransaction.flush()
        let framesBefore = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(framesBefore, 2, "throttled until the frame callback")
        await scripted.completeFrame()
        await scripted.waitForFrames(3)
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        XCTAssertEqual(image.pixel(x: 150, y: 120), CGImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255), "the last position")
        XCTAssertEqual(image.pixel(x: 100, y: 100), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "the window's background")
        let after = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(after, 3, "both changes in one frame")
    }

    func testAnIdleWindowAsksForNoFrameCallback() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 1)
        XCTAssertEqual(scripted.compositor.state.pendingFrameCallbacks, 0, "nothing requested after the settled frame")
        XCTAssertFalse(scripted.window.isFramePending)
        XCTAssertTrue(scripted.window.isSettled)
    }

    func testPresentedAndDiscardedFramesAreCountedApart() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame(.discarded)
        await waitUntil("the discarded frame was counted") { scripted.window.statistics.discardedFrames == 1 }
        XCTAssertEqual(scripted.window.statistics.presentedFrames, 0)
        _ = addBox(to: scripted)
        await scripted.waitForFrames(2)
        await scripted.completeFrame(.presented)
        await waitUntil("the presented frame was counted") { scripted.window.statistics.presentedFrames == 1 }
        XCTAssertEqual(scripted.window.statistics.discardedFrames, 1)
        XCTAssertEqual(scripted.window.statistics.committedFrames, 2)
        XCTAssertEqual(scripted.window.statistics.frameCallbacks, 2)
    }

    func testWithEveryBufferHeldTheNextFrameWaitsForARelease() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.releasesReplacedBuffers = false
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let box = addBox(to: scripted)
        CATransaction.setDisableActions(true)
        for frame in 2...3 {
            await scripted.completeFrame()
            box.position.x += 10
            await scripted.waitForFrames(frame)
        }
        XCTAssertEqual(scripted.compositor.state.heldBuffers, 3, "three buffers, all held")
        await scripted.completeFrame()
        box.position.x += 10
        CATransaction.flush()
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 3, "no free buffer: nothing is drawn, nothing held is written")
        scripted.compositor.releaseBuffers()
        await scripted.waitForFrames(4, "the frame drawn once a buffer was released")
        XCTAssertEqual(scripted.compositor.state.count(of: "wl_shm_pool.create_buffer"), 3, "a released buffer was reused")
    }

    func testAnAnimationDrawsAFramePerCallbackUntilItEndsThenIdles() async throws {
        let clock = useManualMediaClock(start: 50)
        var configuration = ScriptedCompositor.Configuration()
        configuration.outputWidth = 400
        let scripted = try await ScriptedWindow(test: self, configuration: configuration, preferredSize: CGSize(width: 200, height: 20))
        let box = addBox(to: scripted)
        await scripted.completeFrame()
        await scripted.waitForFrames(2)
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 10
        move.toValue = 190
        move.duration = 1
        box.add(move, forKey: "move")
        box.position.x = 190
        CATransaction.setDisableActions(true)
        CATransaction.flush()
        // Each completed frame draws the next one at the media time it is drawn.
        for (index, time) in [50.25, 50.5, 50.75].enumerated() {
            clock.set(time)
            await scripted.completeFrame()
            await scripted.waitForFrames(3 + index)
            let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
            // position.x = 10 + 180 × fraction; the 20-wide box spans x − 10 … x + 10.
            let x = 10 + 180 * (time - 50)
            XCTAssertEqual(image.pixel(x: Int(x) - 9, y: 10)?.blue, 255, "drawn at \(x) at \(time)")
            XCTAssertEqual(image.pixel(x: Int(x) + 11, y: 10)?.red, 255, "nothing right of it at \(time): the white background")
        }
        clock.set(51.5)
        await scripted.completeFrame()
        await scripted.waitForFrames(6, "the frame after the end")
        await scripted.completeFrame()
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 6, "the animation is over: no more frames")
        XCTAssertEqual(scripted.compositor.state.pendingFrameCallbacks, 0)
    }
}
