import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import TestSupport
import XCTest

/// A layer that turns red on a press, blue on a release: every button event has a visible
/// effect, every other pointer event none.
@MainActor
private final class PressLayer: CALayer, PointerEventHandling {
    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        switch event.kind {
        case .pressed: backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        case .released: backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        default: return false
        }
        return true
    }
}

/// Each input event's record, under a manual media clock and a compositor whose input
/// timestamps and presentation times the test sets: which frame showed its change, when,
/// and the latency the window's summary makes of it; and frames after idle time.
@MainActor
final class WindowInputLatencyTests: XCTestCase {
    private var clock = CAManualMediaClock(start: 100)

    override func setUp() async throws {
        clock = useManualMediaClock(start: 100)
    }

    /// Animates `keyPath` of `layer` from `from` to `to` and commits.
    private func animate(_ layer: CALayer, _ keyPath: String, from: Double, to: Double, duration: Double) {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = duration
        layer.add(animation, forKey: keyPath)
        CATransaction.flush()
    }

    /// A window at a 20 ms refresh with a keyboard, its first frame presented at 100 s, a
    /// `PressLayer` at (20, 20, 100×100) drawn and presented at 100.02 s; idle since.
    private func openWindow() async throws -> (ScriptedWindow, PressLayer) {
        var configuration = ScriptedCompositor.Configuration()
        configuration.refreshNanoseconds = 20_000_000
        configuration.offersKeyboard = true
        configuration.keyRepeat = nil
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame(.presented, presentedAt: 100)
        let box = PressLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        box.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        scripted.window.rootLayer.addSublayer(box)
        CATransaction.commit()
        await scripted.waitForFrames(2)
        await scripted.completeFrame(.presented, presentedAt: 100.020)
        return (scripted, box)
    }

    func testAPressIsTimedFromItsTimestampToThePresentationOfTheFrameThatShowsIt() async throws {
        let (scripted, _) = try await openWindow()
        let window = scripted.window
        var reported: [InputTiming] = []
        window.onInputTiming = { reported.append($0) }
        // The pointer enters (no visible effect), then presses 5 ms before the client reads it.
        clock.set(100.030)
        scripted.compositor.setInputTimestamp(100_025)
        scripted.compositor.pointerEnter(x: 40, y: 40)
        scripted.compositor.pointerButton(pressed: true)
        await scripted.waitForFrames(3, "the frame showing the press")
        clock.set(100.045)
        await scripted.completeFrame(.presented, presentedAt: 100.040)
        await waitUntil("both records") { reported.count == 2 }
        XCTAssertEqual(window.inputTimings, reported)
        let entered = try XCTUnwrap(reported.first)
        XCTAssertEqual(entered.event, .pointer(.entered))
        XCTAssertNil(entered.frameNumber, "entering changed nothing")
        XCTAssertNil(entered.latency)
        let press = try XCTUnwrap(reported.last)
        XCTAssertEqual(press.eventNumber, 2)
        XCTAssertEqual(press.event, .pointer(.pressed(button: 0x110)))
        XCTAssertEqual(press.timestamp, 100_025)
        XCTAssertEqual(press.eventTime, 100.025, accuracy: 1e-9)
        XCTAssertEqual(press.arrivalTime, 100.030)
        XCTAssertEqual(press.frameNumber, 3)
        XCTAssertEqual(press.bufferCommitTime, 100.030)
        XCTAssertEqual(press.presentationTime, 100.040)
        XCTAssertEqual(press.frameCallbackTime, 100.045)
        XCTAssertEqual(press.refreshInterval, 0.020)
        XCTAssertEqual(try XCTUnwrap(press.latency), 0.015, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(press.latencyInRefreshIntervals), 0.75, accuracy: 1e-9)
        XCTAssertEqual(window.frameTimings.last?.frameNumber, 3)
    }

    func testKeysAndUntrustedTimestampsAreTimedAndTheSummaryCountsEventsWithoutEffectApart() async throws {
        let (scripted, box) = try await openWindow()
        let window = scripted.window
        window.onKeyEvent = { event in
            guard event.kind == .pressed else { return }
            CATransaction.setDisableActions(true)
            box.opacity = 0.5
        }
        scripted.compositor.keyboardEnter()
        // A key pressed 1 ms before it arrives, shown 31 ms after it happened: 1.55 refreshes.
        clock.set(100.050)
        scripted.compositor.setInputTimestamp(100_049)
        scripted.compositor.key(30, pressed: true)
        await scripted.waitForFrames(3, "the frame showing the key")
        clock.set(100.080)
        await scripted.completeFrame(.presented, presentedAt: 100.080)
        // A release that changes nothing, and a press stamped on another clock (from the
        // future): timed from its arrival, 20 ms before it was shown.
        scripted.compositor.key(30, pressed: false)
        clock.set(100.090)
        scripted.compositor.setInputTimestamp(4_000_000_000)
        scripted.compositor.pointerEnter(x: 40, y: 40)
        scripted.compositor.pointerButton(pressed: true)
        await scripted.waitForFrames(4, "the frame showing the press")
        await scripted.completeFrame(.presented, presentedAt: 100.110)
        await waitUntil("four records") { window.inputTimings.count == 4 }
        XCTAssertEqual(window.inputTimings.map(\.event), [
            .key(.pressed), .key(.released), .pointer(.entered), .pointer(.pressed(button: 0x110)),
        ])
        XCTAssertEqual(window.inputTimings.map(\.frameNumber), [3, nil, nil, 4])
        guard window.inputTimings.count == 4 else { return }
        let press = window.inputTimings[3]
        XCTAssertEqual(press.eventTime, 100.090, "an implausible timestamp falls back to the arrival")
        let latencies = window.inputTimings.compactMap(\.latency)
        XCTAssertEqual(latencies.count, 2)
        XCTAssertEqual(latencies[0], 0.031, accuracy: 1e-9)
        XCTAssertEqual(latencies[1], 0.020, accuracy: 1e-9)
        let summary = window.frameTimingSummary()
        let latency = try XCTUnwrap(summary.inputLatency)
        XCTAssertEqual(latency.count, 2)
        XCTAssertEqual(latency.p50, 0.020, accuracy: 0.020 * 0.001, "the lower of two")
        // The histogram keeps three significant digits (0.1%).
        XCTAssertEqual(latency.max, 0.031, accuracy: 0.031 * 0.001)
        XCTAssertEqual(try XCTUnwrap(summary.inputLatencyInRefreshIntervals).max, 1.55, accuracy: 1.55 * 0.001)
        XCTAssertEqual(summary.inputEventsWithoutEffect, 2)
        XCTAssertEqual(summary.inputEventsNotShown, 0)
    }

    func testFramesAfterAnIdleWindowStartANewRunAndIdleTimeIsNoMiss() async throws {
        let (scripted, box) = try await openWindow()
        let window = scripted.window
        // A second idle, then an animation: frames presented at 101.00, 101.02, 101.04.
        clock.set(101)
        animate(box, "position.x", from: 70, to: 170, duration: 1)
        for (index, time) in [101.0, 101.02, 101.04].enumerated() {
            await scripted.waitForFrames(3 + index)
            clock.set(time + 0.02)
            await scripted.completeFrame(.presented, presentedAt: time)
        }
        await waitUntil("five records") { window.frameTimings.count == 5 }
        XCTAssertEqual(window.frameTimings.map(\.followsIdle), [true, true, true, false, false])
        let summary = window.frameTimingSummary()
        XCTAssertEqual(summary.frames, 5)
        XCTAssertEqual(try XCTUnwrap(summary.interval).count, 2, "within the run only")
        XCTAssertEqual(summary.missedRefreshes, 0, "the idle second missed nothing")
        XCTAssertEqual(summary.framesPerSecond, 50, accuracy: 1e-6)
        XCTAssertEqual(summary.hitchTimeRatio, 0)
    }

    func testAFrameOfARunStartsAtItsDeadlineSoInputBeforeItIsInThatFrame() async throws {
        let (scripted, _) = try await openWindow()
        let window = scripted.window
        // Something animates: frames follow each other, each presented 20 ms after the last.
        let spinner = scripted.addLayer(CGRect(x: 200, y: 20, width: 20, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        animate(spinner, "opacity", from: 1, to: 0, duration: 10)
        await scripted.waitForFrames(3, "the animation's first frame")
        clock.set(100.041)
        await scripted.completeFrame(.presented, presentedAt: 100.040)
        // The next frame is for 100.06: drawn from 100.06 − 2 ms (render) − 8 ms (compositor)
        // = 100.05 on, not at the callback.
        let atCallback = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(atCallback, 3, "no frame at the callback: its deadline is later")
        clock.set(100.045)
        scripted.compositor.setInputTimestamp(100_044)
        scripted.compositor.pointerEnter(x: 40, y: 40)
        scripted.compositor.pointerButton(pressed: true)
        await waitUntil("the press was handled") { window.inputTimings.count == 1 }
        let beforeDeadline = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(beforeDeadline, 3, "still before the deadline")
        clock.set(100.0501)
        await scripted.waitForFrames(4, "the frame started at its deadline")
        clock.set(100.061)
        await scripted.completeFrame(.presented, presentedAt: 100.060)
        await waitUntil("the press's record") { window.inputTimings.count == 2 }
        let press = try XCTUnwrap(window.inputTimings.last)
        XCTAssertEqual(press.event, .pointer(.pressed(button: 0x110)))
        XCTAssertEqual(press.frameNumber, 4, "in the animation's next frame, not one after it")
        XCTAssertEqual(try XCTUnwrap(press.latency), 0.016, accuracy: 1e-9)
        XCTAssertEqual(window.frameTimings.last?.frameNumber, 4)
        XCTAssertEqual(try XCTUnwrap(window.frameTimings.last?.targetTime), 100.06, accuracy: 1e-9)
    }

    /// With `openWindow()`'s window: something animates, frame 3 is presented at 100.04, the
    /// pointer enters, and frame 4 (for 100.06) is committed at its deadline, 100.05; its
    /// callback is pending. Returns the counter of pointer events the window handled.
    private func commitFrameFourAtItsDeadline(_ scripted: ScriptedWindow) async throws -> CallCounter {
        let spinner = scripted.addLayer(CGRect(x: 200, y: 20, width: 20, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        animate(spinner, "opacity", from: 1, to: 0, duration: 10)
        await scripted.waitForFrames(3)
        clock.set(100.041)
        await scripted.completeFrame(.presented, presentedAt: 100.040)
        let handled = CallCounter()
        scripted.window.onPointerEvent = { _ in handled.increment() }
        scripted.compositor.pointerEnter(x: 40, y: 40)
        clock.set(100.0502)
        await scripted.waitForFrames(4, "frame 4, at its deadline")
        return handled
    }

    func testInputWhileAFrameAwaitsItsCallbackIsDrawnIntoItAgainWithoutWaitingForTheCallback() async throws {
        let (scripted, box) = try await openWindow()
        let window = scripted.window
        box.actions = ["backgroundColor": NSNull()]
        let handled = try await commitFrameFourAtItsDeadline(scripted)
        XCTAssertEqual(scripted.compositor.state.pendingFrameCallbacks, 1, "frame 4's callback is pending")
        // A press after frame 4 was committed, 12.5 ms before its refresh: the main thread's
        // commit reaches the render thread at once, which draws frame 4 again with it.
        clock.set(100.0525)
        scripted.compositor.setInputTimestamp(100_052)
        scripted.compositor.pointerButton(pressed: true)
        await scripted.waitForFrames(5, "the redraw, before any frame callback")
        XCTAssertEqual(scripted.compositor.state.completedFrameCallbacks, 3, "no callback was answered meanwhile")
        let redraw = try XCTUnwrap(scripted.compositor.state.frames.last)
        XCTAssertFalse(redraw.requestedFrame, "the redraw shares frame 4's callback")
        XCTAssertTrue(redraw.requestedFeedback)
        XCTAssertEqual(redraw.image?.pixel(x: 70, y: 70), CGImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255), "the press is shown")
        // What the press changed, and the spinner, whose animation comes again with the update
        // (evaluated at the same time, it looks the same): not the whole window.
        let damaged = redraw.bufferDamage.map { CGRect(x: Int($0.x), y: Int($0.y), width: Int($0.width), height: Int($0.height)) }
        XCTAssertEqual(damaged.reduce(CGRect.null) { $0.union($1) }.intersection(CGRect(x: 20, y: 20, width: 100, height: 100)), CGRect(x: 20, y: 20, width: 100, height: 100))
        XCTAssertEqual(damaged.map { $0.width * $0.height }.reduce(0, +), 100 * 100 + 20 * 20, "\(damaged)")
        // A release 1 ms later: frame 4 was drawn again once already; the next frame shows it.
        clock.set(100.0535)
        scripted.compositor.pointerButton(pressed: false)
        await waitUntil("the release was handled") { handled.count == 3 }
        let afterRelease = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(afterRelease, 5, "one redraw per frame")
        clock.set(100.061)
        await scripted.completeFrame(.presented, presentedAt: 100.060)
        clock.set(100.0702)
        await scripted.waitForFrames(6, "frame 5, with the release")
        clock.set(100.081)
        await scripted.completeFrame(.presented, presentedAt: 100.080)
        await waitUntil("both records") { window.inputTimings.count == 3 }
        XCTAssertEqual(window.inputTimings.map(\.frameNumber), [nil, 4, 5])
        let press = window.inputTimings[1]
        // Stamped 100.052 (whole milliseconds), read 0.5 ms later: it happened at 100.0525.
        XCTAssertEqual(try XCTUnwrap(press.latency), 0.0075, accuracy: 1e-9)
        XCTAssertEqual(press.bufferCommitTime, 100.0525, "the redraw's commit")
        XCTAssertEqual(try XCTUnwrap(window.inputTimings[2].latency), 0.080 - 0.0525, accuracy: 1e-9, "stamped 1 ms earlier")
        await waitUntil("frame 5's record") { window.frameTimings.count == 5 }
        XCTAssertEqual(window.frameTimings.map(\.frameNumber), [1, 2, 3, 4, 5])
        XCTAssertEqual(window.frameTimings[3].bufferCommitTime, 100.0502, "frame 4 presented as first committed: both were")
        XCTAssertEqual(window.statistics.committedFrames, window.statistics.frameCallbacks, "one callback per frame")
        _ = box
    }

    func testInputAfterTheRedrawDeadlineWaitsForTheNextFrame() async throws {
        let (scripted, _) = try await openWindow()
        let handled = try await commitFrameFourAtItsDeadline(scripted)
        // 7.4 ms before frame 4's refresh: a redraw (0.5 ms expected) would reach the
        // compositor after its 7 ms repaint window began.
        clock.set(100.0526)
        scripted.compositor.pointerButton(pressed: true)
        await waitUntil("the press was handled") { handled.count == 2 }
        let frames = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(frames, 4, "no redraw after its deadline")
    }

    func testAtSixtyHertzInputWithinTheRepaintWindowIsShownAtTheNextRefreshAndLaterInputAtTheOneAfter() async throws {
        // A compositor presenting every 1/60 s with weston-like feedback (it takes the last
        // commit made 7 ms or more before a refresh), an animation running, and a press or
        // release at a different phase of each refresh (1…16 ms after it). A frame starts
        // 10 ms before its refresh (2 ms of render time expected, 8 ms for the compositor):
        // input in the first 6.67 ms is in it. Input after the frame was committed is drawn
        // into it again while the redraw still reaches the compositor's repaint window
        // (0.5 ms of redraw time expected, 7 ms for the compositor): until 9.17 ms.
        var configuration = ScriptedCompositor.Configuration()
        configuration.refreshNanoseconds = 16_666_667
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let window = scripted.window
        let refresh = 0.016_666_667
        await scripted.completeFrame(.presented, presentedAt: 100)
        let box = PressLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        box.frame = CGRect(x: 20, y: 20, width: 100, height: 100)
        window.rootLayer.addSublayer(box)
        CATransaction.commit()
        await scripted.waitForFrames(2)
        await scripted.completeFrame(.presented, presentedAt: 100.02)
        var handled = 0
        window.onPointerEvent = { _ in handled += 1 }
        scripted.compositor.pointerEnter(x: 40, y: 40)
        await waitUntil("the pointer entered") { handled == 1 }
        // Frame 3, the animation's first, is presented at T(0); frame 3 + k at T(k).
        func vblank(_ k: Int) -> Double { 100.04 + Double(k) * refresh }
        clock.set(100.025)
        let spinner = scripted.addLayer(CGRect(x: 200, y: 20, width: 20, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        animate(spinner, "opacity", from: 1, to: 0.5, duration: 10)
        await scripted.waitForFrames(3)
        var commits = 3
        var expected: [UInt64] = []
        let events = 32
        for k in 0..<events {
            clock.set(vblank(k) + 0.0005)
            await scripted.completeFrame(.presented, presentedAt: vblank(k))
            let start = vblank(k + 1) - 0.010
            let arrival = vblank(k) + Double(1 + k * 7 % 16) / 1000
            func press() async {
                clock.set(arrival)
                scripted.compositor.setInputTimestamp(UInt32((arrival * 1000).rounded(.down)))
                scripted.compositor.pointerButton(pressed: k % 2 == 0)
                await waitUntil("event \(k) was handled") { handled == 2 + k }
            }
            if arrival < start {
                await press()
                expected.append(UInt64(3 + k + 1))
                clock.set(start + 0.0002)
                commits += 1
                await scripted.waitForFrames(commits)
            } else {
                clock.set(start + 0.0002)
                commits += 1
                await scripted.waitForFrames(commits)
                await press()
                if arrival <= vblank(k + 1) - 0.0075 {
                    commits += 1
                    await scripted.waitForFrames(commits, "the redraw of frame \(3 + k + 1) for event \(k)")
                    expected.append(UInt64(3 + k + 1))
                } else {
                    let frames = await scripted.framesAfterRoundtrip()
                    XCTAssertEqual(frames, commits, "event \(k) at phase \(arrival - vblank(k)): too late for a redraw")
                    expected.append(UInt64(3 + k + 2))
                }
            }
        }
        clock.set(vblank(events) + 0.0005)
        await scripted.completeFrame(.presented, presentedAt: vblank(events))
        clock.set(vblank(events + 1) - 0.0098)
        commits += 1
        await scripted.waitForFrames(commits)
        clock.set(vblank(events + 1) + 0.0005)
        await scripted.completeFrame(.presented, presentedAt: vblank(events + 1))
        await waitUntil("every event's record") { window.inputTimings.count == 1 + events }
        await waitUntil("every frame's record") { window.frameTimings.count == 2 + events + 2 }
        let presses = window.inputTimings.dropFirst()
        XCTAssertEqual(presses.map(\.frameNumber), expected)
        XCTAssertEqual(expected.enumerated().filter { $0.element == UInt64(3 + $0.offset + 1) }.count, 18, "18 of 32 in the next refresh")
        XCTAssertEqual(window.frameTimings.map(\.frameNumber), Array(1...UInt64(2 + events + 2)), "a redraw is no frame of its own")
        for press in presses {
            guard let frame = press.frameNumber, let latency = press.latency, let committed = press.bufferCommitTime
            else { continue }
            XCTAssertEqual(latency, vblank(Int(frame) - 3) - press.eventTime, accuracy: 1e-9)
            // The compositor's repaint window: the commit carrying the change was 7 ms early.
            XCTAssertLessThanOrEqual(committed, vblank(Int(frame) - 3) - 0.007, "event \(press.eventNumber)")
            XCTAssertGreaterThanOrEqual(committed, press.arrivalTime, "event \(press.eventNumber)")
        }
        // Phases 1…9 ms: 0.94…0.46 refresh intervals; 10…16 ms: 1.40…1.04 (nearest ranks of 32).
        let refreshes = try XCTUnwrap(window.frameTimingSummary().inputLatencyInRefreshIntervals)
        let sorted = presses.compactMap(\.latencyInRefreshIntervals).sorted()
        print(String(
            format: "input latency at 60 Hz, weston-like repaint window: p50 %.2f p99 %.2f max %.2f refresh intervals (%d events)",
            refreshes.p50, refreshes.p99, refreshes.max, refreshes.count))
        XCTAssertEqual(refreshes.count, events)
        XCTAssertEqual(refreshes.p50, sorted[15], accuracy: sorted[15] * 0.001)
        XCTAssertEqual(refreshes.p99, sorted[31], accuracy: sorted[31] * 0.001)
        XCTAssertLessThanOrEqual(refreshes.p50, 1.0)
        XCTAssertLessThanOrEqual(refreshes.p99, 2.0)
    }
}
