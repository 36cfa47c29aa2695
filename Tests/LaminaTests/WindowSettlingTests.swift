import Foundation
import Lamina
import LaminaTesting
import XCTest

/// `await window.settled()` resumes when the window shows its current content and nothing
/// animates — at once when that is so already — and gives way to cancellation and closing.
@MainActor
final class WindowSettlingTests: XCTestCase {
    /// A task waiting for the window to settle, and what became of it.
    @MainActor
    private final class Waiter {
        var outcome: Result<Void, any Error>?
        private(set) var task: Task<Void, Never>?

        init(_ window: Window, where condition: (@MainActor (Window) -> Bool)? = nil) {
            task = Task { @MainActor [self] in
                do {
                    if let condition { try await window.settled(where: condition) } else { try await window.settled() }
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
            }
        }
    }

    /// Opens a window and shows its first frame: it is settled.
    private func settledWindow(
        _ configuration: ScriptedCompositor.Configuration = ScriptedCompositor.Configuration()
    ) async throws -> ScriptedWindow {
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame()
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertTrue(scripted.window.isSettled, "the first frame is shown and nothing animates")
        return scripted
    }

    func testItResumesOnlyOnceTheAnimationEndedAndItsLastFrameIsShown() async throws {
        let clock = CAManualMediaClock(start: 50)
        CAMediaClock.use(clock)
        addTeardownBlock { @MainActor in CAMediaClock.use(CASystemMediaClock()) }
        let scripted = try await settledWindow()
        let window = scripted.window
        let layer = scripted.addLayer(CGRect(x: 10, y: 10, width: 40, height: 40), .black)
        await scripted.waitForFrames(2)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        let waiter = Waiter(window)
        // Frames shown while it animates (from 50 to 51) do not resume it.
        for (index, time) in [50.25, 50.5, 50.75].enumerated() {
            clock.set(time)
            await scripted.completeFrame()
            await scripted.waitForFrames(3 + index)
            XCTAssertNil(waiter.outcome, "still animating at \(time)")
        }
        clock.set(51.5)
        // The animation is over: the frames that follow (the one at rest, and any of the
        // commit that removes the finished animation) are completed one by one. The
        // waiter stays put while one is outstanding, and resumes once the last was shown.
        for _ in 0..<5 {
            _ = await scripted.framesAfterRoundtrip()
            if waiter.outcome != nil { break }
            XCTAssertEqual(scripted.compositor.state.pendingFrameCallbacks, 1, "it waits only while a frame is outstanding")
            await scripted.completeFrame()
        }
        await waitUntil("the waiter resumed") { waiter.outcome != nil }
        guard case .success = waiter.outcome else { return XCTFail("expected success, got \(String(describing: waiter.outcome))") }
        XCTAssertTrue(window.isSettled)
        XCTAssertNil(layer.animationKeys(), "the finished animation is gone")
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(scripted.compositor.state.pendingFrameCallbacks, 0, "no frame outstanding")
        XCTAssertEqual(frames, scripted.compositor.state.frames.count)
        // A plain layer is drawn exactly on every frame: the frame after the end shows it at
        // rest, and removing the finished animation changes nothing drawn.
        XCTAssertEqual(frames, 6, "two before, three animated frames, the one after the end")
    }

    func testItReturnsAtOnceWhenTheWindowIsSettledAlready() async throws {
        let scripted = try await settledWindow()
        let frames = scripted.compositor.state.frames.count
        // Nothing more comes from the compositor: only an immediate return ends this.
        let waiter = Waiter(scripted.window)
        await waitUntil("the waiter resumed") { waiter.outcome != nil }
        guard case .success = waiter.outcome else { return XCTFail("expected success, got \(String(describing: waiter.outcome))") }
        XCTAssertEqual(scripted.compositor.state.frames.count, frames, "no frame was needed")
    }

    func testItWaitsForItsConditionAcrossSettledMoments() async throws {
        let scripted = try await settledWindow()
        let window = scripted.window
        let waiter = Waiter(window, where: { $0.size == CGSize(width: 400, height: 300) })
        _ = await scripted.compositor.roundtrip()
        XCTAssertNil(waiter.outcome, "settled, but not at that size")
        scripted.compositor.configure(width: 400, height: 300)
        await waitUntil("the resized frame is pending") { window.size.width == 400 && window.isFramePending }
        XCTAssertNil(waiter.outcome, "resized, but its frame is not shown yet")
        await scripted.completeFrame()
        await waitUntil("the waiter resumed") { waiter.outcome != nil }
        guard case .success = waiter.outcome else { return XCTFail("expected success, got \(String(describing: waiter.outcome))") }
        XCTAssertTrue(window.isSettled)
    }

    func testItSettlesWhenTheCompositorAnswersTheNewestOfTwoPendingFramesFirst() async throws {
        // wlroots answers the callbacks of a surface's newest commit before older ones: the
        // resized frame's callback comes first, then that of the frame it replaced.
        var configuration = ScriptedCompositor.Configuration()
        configuration.answersNewestFrameCallbacksFirst = true
        let scripted = try await settledWindow(configuration)
        let window = scripted.window
        scripted.addLayer(CGRect(x: 10, y: 10, width: 40, height: 40), .black)
        await scripted.waitForFrames(2, "the frame with the layer")
        // A configure answered while that frame's callback is pending: two callbacks pending.
        scripted.compositor.configure(width: 400, height: 300)
        await waitUntil("the resized frame is committed") { window.statistics.committedFrames == 3 }
        let twoPending = await scripted.compositor.waitUntil { $0.pendingFrameCallbacks == 2 }
        XCTAssertTrue(twoPending, "the callbacks of both frames are pending")
        let waiter = Waiter(window)
        await scripted.completeFrame()
        await waitUntil("both callbacks reached the window") { window.statistics.frameCallbacks == 3 }
        await waitUntil("the waiter resumed") { waiter.outcome != nil }
        guard case .success = waiter.outcome else { return XCTFail("expected success, got \(String(describing: waiter.outcome))") }
        XCTAssertTrue(window.isSettled, "the resized frame is on screen, whatever order its callbacks came in")
        XCTAssertEqual(window.size, CGSize(width: 400, height: 300))
    }

    func testCancellingTheWaitingTaskEndsItWithCancellationError() async throws {
        let scripted = try await ScriptedWindow(test: self)
        // The first frame's callback never comes: the window does not settle.
        XCTAssertTrue(scripted.window.isFramePending)
        let waiter = Waiter(scripted.window)
        _ = await scripted.compositor.roundtrip()
        XCTAssertNil(waiter.outcome)
        waiter.task?.cancel()
        await waitUntil("the waiter ended") { waiter.outcome != nil }
        guard case .failure(let error) = waiter.outcome else { return XCTFail("expected an error") }
        XCTAssertTrue(error is CancellationError, "got \(error)")
    }

    func testAnAlreadyCancelledTaskThrowsAtOnce() async throws {
        let scripted = try await settledWindow()
        let task = Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            try await scripted.window.settled()
        }
        do {
            try await task.value
            XCTFail("a cancelled task does not wait")
        } catch {
            XCTAssertTrue(error is CancellationError, "got \(error)")
        }
    }

    func testClosingTheWindowEndsTheWaitWithWindowClosed() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let waiter = Waiter(scripted.window)
        _ = await scripted.compositor.roundtrip()
        scripted.window.close()
        await waitUntil("the waiter ended") { waiter.outcome != nil }
        guard case .failure(let error) = waiter.outcome else { return XCTFail("expected an error") }
        XCTAssertEqual(error as? LaminaError, .windowClosed)
        do {
            try await scripted.window.settled()
            XCTFail("a closed window does not settle")
        } catch {
            XCTAssertEqual(error as? LaminaError, .windowClosed)
        }
    }

    func testATimeoutEndsTheWaitForAWindowThatNeverSettlesAndIsNotNeededForOneThatDoes() async throws {
        let scripted = try await settledWindow()
        try await scripted.window.settled(timeout: 10)  // settled already: at once
        // An animation that never ends, and frames the compositor never completes: it never settles.
        let layer = scripted.addLayer(CGRect(x: 10, y: 10, width: 40, height: 40), .black)
        let spin = CABasicAnimation(keyPath: "opacity")
        spin.fromValue = 0
        spin.toValue = 1
        spin.duration = 1
        spin.repeatCount = .infinity
        layer.add(spin, forKey: "spin")
        CATransaction.flush()
        do {
            try await scripted.window.settled(timeout: 0.2)
            XCTFail("a window that animates forever does not settle")
        } catch {
            XCTAssertEqual(error as? LaminaError, .timedOut(seconds: 0.2))
        }
        // The waiter the timeout ended is gone: closing the window reports nothing more to it.
        scripted.window.close()
    }
}
