import Foundation
import Lamina
import LaminaTesting
import Wayland
import XCTest

/// A `Window` of its own `Application` on a `ScriptedCompositor`, with the fatal errors the
/// application reported. Closed (and the compositor stopped) when the test ends.
@MainActor
final class ScriptedWindow {
    let compositor: ScriptedCompositor
    let application: Application
    let window: Window
    private(set) var fatalErrors: [LaminaError] = []

    /// Opens the window and waits until its first frame was committed (unless
    /// `waitsForFirstFrame` is false: a compositor that sends no first configure).
    init(
        test: XCTestCase, configuration: ScriptedCompositor.Configuration = ScriptedCompositor.Configuration(),
        preferredSize: CGSize = CGSize(width: 320, height: 200), decorations: Window.Decorations = .automatic,
        title: String = "scripted", waitsForFirstFrame: Bool = true
    ) async throws {
        compositor = try ScriptedCompositor(configuration)
        application = try Application(socket: compositor.socketPath)
        window = try Window(application: application, title: title, preferredSize: preferredSize, decorations: decorations)
        let application = application, compositor = compositor
        test.addTeardownBlock { @MainActor in
            application.close()
            compositor.stop()
        }
        // Weak: the render thread's report of the connection closing at the end of the test
        // may reach the main thread after this object is gone.
        application.onFatalError = { [weak self] error in self?.fatalErrors.append(error) }
        guard waitsForFirstFrame else { return }
        let drawn = await compositor.waitUntil { $0.frames.count == 1 }
        XCTAssertTrue(drawn, "the first configure was answered with a frame")
        // The render thread's report of that commit reaches the main thread after it.
        let window = window
        await waitUntil("the window heard of its first commit") { window.statistics.committedFrames == 1 }
    }

    /// Adds a layer with `frame` and background `color` to the window's root layer.
    @discardableResult
    func addLayer(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.backgroundColor = color
        window.rootLayer.addSublayer(layer)
        return layer
    }

    /// Completes the pending frame (presented at `presentedAt` when given: seconds on the
    /// media clock) and waits until the window heard of it.
    func completeFrame(_ outcome: ScriptedCompositor.PresentationOutcome? = nil, presentedAt: Double? = nil) async {
        let callbacks = window.statistics.frameCallbacks
        compositor.completeFrame(outcome, presentedAt: presentedAt)
        await waitUntil("the frame callback reached the window") { self.window.statistics.frameCallbacks > callbacks }
    }

    /// Commits pending layer changes and waits until the compositor has the resulting
    /// frame count.
    func waitForFrames(_ count: Int, _ what: String = "the frame") async {
        CATransaction.flush()
        let arrived = await compositor.waitUntil { $0.frames.count >= count }
        XCTAssertTrue(arrived, "\(what): \(count) frames expected, \(compositor.state.frames.count) arrived")
    }

    /// The pointer enters the window and presses `button` (left by default), as a user's
    /// input that copying, selecting or dragging answers; waits until the window saw the press
    /// and returns its serial. Replaces the window's `onPointerEvent`.
    @discardableResult
    func press(_ button: UInt32 = 0x110) async -> UInt32 {
        var pressed = false
        window.onPointerEvent = { if case .pressed = $0.kind { pressed = true } }
        compositor.pointerEnter(x: 10, y: 10)
        let serial = compositor.pointerButton(button, pressed: true)
        await waitUntil("the press arrived") { pressed }
        return serial
    }

    /// Waits until the client has handled everything sent so far and flushed its answers,
    /// then returns the number of frames the compositor has.
    func framesAfterRoundtrip() async -> Int {
        let answered = await compositor.roundtrip()
        XCTAssertTrue(answered, "the client answered a ping")
        // What the client does at the end of the turn that handled the ping is flushed with
        // the next turn; one more roundtrip covers it.
        _ = await compositor.roundtrip()
        return compositor.state.frames.count
    }
}

/// Waits (polling the main actor) until `condition` holds; fails the test after `timeout`.
@MainActor
func waitUntil(_ what: String, timeout: Double = 10, file: StaticString = #filePath, line: UInt = #line, _ condition: () -> Bool) async {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { return XCTFail("timed out waiting until \(what)", file: file, line: line) }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
}
