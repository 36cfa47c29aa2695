import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// The window follows every configure: its size, its root layer and the buffers it commits.
@MainActor
final class WindowResizeTests: XCTestCase {
    func testTheFirstConfigureIsAnsweredByExactlyOneFrameAtThePreferredSize() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let frame = try XCTUnwrap(scripted.compositor.state.frames.first)
        XCTAssertEqual(frame.bufferSize?.width, 320)
        XCTAssertEqual(frame.bufferSize?.height, 200)
        XCTAssertEqual(frame.bufferDamage, [.init(x: 0, y: 0, width: 320, height: 200)])
        XCTAssertTrue(frame.requestedFrame, "a frame callback paces the next frame")
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 200))
        await scripted.completeFrame()
        XCTAssertTrue(scripted.window.isSettled)
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 1, "nothing changed: no second frame")
        XCTAssertEqual(scripted.compositor.state.violations, [])
    }

    func testEveryResizeReachesTheRootLayerAndTheBuffer() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        for (index, size) in [(640, 480), (200, 100), (1024, 96)].enumerated() {
            scripted.compositor.configure(width: Int32(size.0), height: Int32(size.1))
            await scripted.waitForFrames(2 + index, "the frame at \(size)")
            let expected = CGSize(width: size.0, height: size.1)
            XCTAssertEqual(scripted.window.size, expected)
            XCTAssertEqual(scripted.window.rootLayer.frame, CGRect(origin: .zero, size: expected))
            XCTAssertEqual(scripted.window.rootLayer.presentation()?.frame, CGRect(origin: .zero, size: expected), "not animated")
            let frame = try XCTUnwrap(scripted.compositor.state.frames.last)
            XCTAssertEqual(frame.bufferSize?.width, size.0)
            XCTAssertEqual(frame.bufferSize?.height, size.1)
            await scripted.completeFrame()
        }
    }

    func testAResizeIsAnsweredEvenWhileAFrameCallbackIsPending() async throws {
        // Hidden windows get no frame callbacks: a configure must not wait for one.
        let scripted = try await ScriptedWindow(test: self)
        XCTAssertTrue(scripted.window.isFramePending)
        scripted.compositor.configure(width: 500, height: 300)
        await scripted.waitForFrames(2, "the resized frame without a frame callback")
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.width, 500)
    }

    func testAWindowThatAnsweredAConfigureWhileAFrameWasPendingSettlesWhenBothCallbacksReturn() async throws {
        let scripted = try await ScriptedWindow(test: self)
        scripted.compositor.configure(width: 500, height: 300)
        await scripted.waitForFrames(2, "the answer, committed while the first frame's callback is pending")
        let window = scripted.window
        await waitUntil("both commits reached the window") { window.statistics.committedFrames == 2 }
        scripted.compositor.completeFrame()
        try await window.settled(timeout: 10)  // both frame callbacks came back
        XCTAssertEqual(window.statistics.frameCallbacks, 2)
        XCTAssertFalse(window.isFramePending)
    }

    func testAHugeConfigureIsClampedAndANegativeOneFallsBackToThePreferredSize() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        scripted.compositor.configure(width: 100_000, height: 30)
        await scripted.waitForFrames(2)
        XCTAssertEqual(scripted.window.size, CGSize(width: 16_384, height: 30))
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.width, 16_384)
        await scripted.completeFrame()
        scripted.compositor.configure(width: -20, height: 90)
        await scripted.waitForFrames(3)
        XCTAssertEqual(scripted.window.size, CGSize(width: 320, height: 90))
        XCTAssertEqual(scripted.compositor.state.frames.last?.bufferSize?.width, 320)
    }

    func testTheDrawnTreeIsWhatTheCompositorReceives() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        scripted.addLayer(CGRect(x: 10, y: 20, width: 30, height: 40), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        await scripted.waitForFrames(2)
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        XCTAssertEqual(image.pixel(x: 10, y: 20), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255), "the box's top-left pixel")
        XCTAssertEqual(image.pixel(x: 39, y: 59), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255), "its bottom-right pixel")
        XCTAssertEqual(image.pixel(x: 40, y: 60), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "outside it: the window's white background")
    }

    func testTheRootHasThePreferredSizeBeforeTheFirstConfigureSoASceneBuiltThenFollowsIt() async throws {
        let compositor = try ScriptedCompositor()
        let application = try Application(socket: compositor.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            compositor.stop()
        }
        let window = try Window(application: application, title: "early", preferredSize: CGSize(width: 300, height: 200))
        XCTAssertEqual(window.rootLayer.frame, CGRect(x: 0, y: 0, width: 300, height: 200))
        XCTAssertEqual(window.size, .zero, "no configure yet")
        let fill = CALayer()
        fill.frame = CGRect(x: 10, y: 10, width: 280, height: 180)
        fill.autoresizingMask = [.layerWidthSizable, .layerHeightSizable]
        window.rootLayer.addSublayer(fill)
        _ = await compositor.waitUntil { $0.frames.count == 1 }
        compositor.configure(width: 400, height: 250)
        let resized = await compositor.waitUntil { $0.frames.last?.bufferSize?.width == 400 }
        XCTAssertTrue(resized)
        XCTAssertEqual(fill.frame, CGRect(x: 10, y: 10, width: 380, height: 230))
    }

    func testAResizeLaysTheTreeOutAgainThroughAutoresizingAndLayoutSublayers() async throws {
        let scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        let red = CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255)
        // A bar along the bottom, 10 points from the sides and the bottom edge, 20 high.
        let bar = scripted.addLayer(CGRect(x: 10, y: 170, width: 300, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        bar.autoresizingMask = [.layerWidthSizable, .layerMinYMargin]
        let manager = CentringLayoutManager()
        scripted.window.rootLayer.layoutManager = manager
        let centred = scripted.addLayer(.zero, CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        await scripted.waitForFrames(2)
        await scripted.completeFrame()
        scripted.compositor.configure(width: 500, height: 300)
        await scripted.waitForFrames(3, "the relaid-out frame at 500×300")
        XCTAssertEqual(bar.frame, CGRect(x: 10, y: 270, width: 480, height: 20))
        XCTAssertEqual(centred.frame, CGRect(x: 240, y: 140, width: 20, height: 20), "layoutSublayers ran for the new size")
        XCTAssertEqual(bar.presentation()?.frame, CGRect(x: 10, y: 270, width: 480, height: 20), "not animated")
        let image = try XCTUnwrap(scripted.compositor.state.frames.last?.image)
        XCTAssertEqual(image.pixel(x: 10, y: 270), red, "the bar's top-left pixel")
        XCTAssertEqual(image.pixel(x: 489, y: 289), red, "its bottom-right pixel")
        XCTAssertEqual(image.pixel(x: 490, y: 289), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "right of it: the margin kept")
        XCTAssertEqual(image.pixel(x: 10, y: 269), CGImage.Pixel(red: 255, green: 255, blue: 255, alpha: 255), "above it")
        XCTAssertEqual(image.pixel(x: 250, y: 150), CGImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255), "the centred square")
    }

    /// From a configure's acknowledgement until its layout is done, the window commits no
    /// frame of the tree before it, even with an animation running and a frame callback
    /// come: the next frame is the configure's, and it finds a free buffer (two in all).
    func testNoFrameIsCommittedBetweenAConfiguresAcknowledgementAndItsLayout() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let compositor = scripted.compositor
        await scripted.completeFrame()
        let spinner = scripted.addLayer(CGRect(x: 20, y: 20, width: 40, height: 40), CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let move = CABasicAnimation(keyPath: "position.x")
        move.byValue = 100
        move.duration = 1
        move.repeatCount = .infinity
        spinner.add(move, forKey: "move")
        await scripted.waitForFrames(2, "the animation's first frame")
        let hook = ConfigureLayoutHook(compositor: compositor, width: 500)
        scripted.window.rootLayer.layoutManager = hook
        compositor.configure(width: 500, height: 300)
        let resized = await compositor.waitUntil { $0.frames.last?.bufferSize?.width == 500 }
        XCTAssertTrue(resized, "the configure's frame")
        XCTAssertEqual(hook.layouts, 1, "the configure was laid out")
        XCTAssertEqual(hook.framesCommittedDuringLayout, 0, "no frame during the layout, though its callback came")
        XCTAssertLessThanOrEqual(scripted.window.renderResources.buffers, 2)
        XCTAssertEqual(compositor.state.violations, [])
    }
}

/// During the layout for a configure of `width` (which runs after the configure was
/// acknowledged), completes the pending frame and waits half a second for a frame that must
/// not come, counting the frames committed meanwhile.
private final class ConfigureLayoutHook: CALayoutManager {
    let compositor: ScriptedCompositor
    let width: CGFloat
    private(set) var layouts = 0
    private(set) var framesCommittedDuringLayout = 0

    init(compositor: ScriptedCompositor, width: CGFloat) {
        self.compositor = compositor
        self.width = width
    }

    func layoutSublayers(of layer: CALayer) {
        guard layer.bounds.width == width else { return }
        layouts += 1
        let before = compositor.state.frames.count
        compositor.completeFrame()
        _ = compositor.wait(timeout: 0.5) { $0.frames.count > before }
        framesCommittedDuringLayout = compositor.state.frames.count - before
    }
}

/// Centres every sublayer as a 20×20 square.
private final class CentringLayoutManager: CALayoutManager {
    func layoutSublayers(of layer: CALayer) {
        for sublayer in layer.sublayers ?? [] where sublayer.autoresizingMask.isEmpty {
            sublayer.frame = CGRect(x: layer.bounds.midX - 10, y: layer.bounds.midY - 10, width: 20, height: 20)
        }
    }
}
