import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import TestSupport
import XCTest

/// Each frame's timing reaches `onFrameTiming` with its presentation feedback: the pixels it
/// drew, its draw time and when it was shown (nil when the compositor discarded it).
@MainActor
final class WindowFrameTimingTests: XCTestCase {
    func testPresentedAndDiscardedFramesReportTheirTiming() async throws {
        let scripted = try await ScriptedWindow(test: self)
        var timings: [FrameTiming] = []
        scripted.window.onFrameTiming = { timings.append($0) }
        await scripted.completeFrame(.presented)
        await waitUntil("the first frame's timing") { timings.count == 1 }
        let first = try XCTUnwrap(timings.first)
        XCTAssertEqual(first.drawnPixels, 320 * 200, "the first frame draws every pixel")
        XCTAssertGreaterThanOrEqual(first.drawDuration, 0)
        XCTAssertNotNil(first.presentationTime)
        XCTAssertTrue(first.logLine.hasPrefix("lamina: frame-timing target="), first.logLine)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scripted.addLayer(CGRect(x: 20, y: 20, width: 10, height: 10), CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        CATransaction.commit()
        await scripted.waitForFrames(2)
        await scripted.completeFrame(.discarded)
        await waitUntil("the second frame's timing") { timings.count == 2 }
        XCTAssertNil(timings[1].presentationTime)
        XCTAssertNil(timings[1].latency)
        XCTAssertTrue(timings[1].logLine.hasSuffix("discarded"), timings[1].logLine)
    }
}

/// The window's frame records: their times in the order a frame goes through, the bounded
/// ring, the compositor's refresh and counter, and compositors without `wp_presentation`.
@MainActor
final class WindowFrameRecordTests: XCTestCase {
    private func commitLayer(_ scripted: ScriptedWindow, _ frames: Int) async {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scripted.addLayer(CGRect(x: 10, y: 10, width: 10, height: 10), CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        CATransaction.commit()
        await scripted.waitForFrames(frames)
    }

    func testARecordFollowsAFrameFromCommitToPresentation() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.refreshNanoseconds = 20_000_000
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame(.presented)
        await commitLayer(scripted, 2)
        await scripted.completeFrame(.presented)
        let window = scripted.window
        await waitUntil("two records") { window.frameTimings.count == 2 }
        XCTAssertEqual(window.frameTimings.map(\.frameNumber), [1, 2])
        let record = window.frameTimings[1]
        let begin = try XCTUnwrap(record.commitBeginTime, "the frame shows a new commit")
        let end = try XCTUnwrap(record.commitEndTime)
        let callback = try XCTUnwrap(record.frameCallbackTime)
        let presented = try XCTUnwrap(record.presentationTime)
        let order = [begin, end, record.renderBeginTime, record.renderEndTime, record.bufferCommitTime, callback]
        XCTAssertEqual(order, order.sorted(), "commit, render, buffer commit, callback happen in this order")
        XCTAssertGreaterThanOrEqual(presented, record.bufferCommitTime)
        guard case .presented(_, let refresh, let sequence, _) = record.presentation else {
            return XCTFail("presented expected, not \(record.presentation)")
        }
        XCTAssertEqual(refresh, 0.020)
        XCTAssertEqual(sequence, 2, "the scripted compositor counts its completed frames")
        XCTAssertEqual(window.frameTimingSummary().presentedFrames, 2)
    }

    func testTheRingKeepsTheLatestFrames() async throws {
        let scripted = try await ScriptedWindow(test: self)
        let window = scripted.window
        window.frameTimingCapacity = 2
        for frames in 2...4 {
            await scripted.completeFrame(.presented)
            await commitLayer(scripted, frames)
        }
        await scripted.completeFrame(.presented)
        await waitUntil("four records") { window.frameTimings.last?.frameNumber == 4 }
        XCTAssertEqual(window.frameTimings.map(\.frameNumber), [3, 4])
        window.frameTimingCapacity = 0
        XCTAssertEqual(window.frameTimingCapacity, 1, "at least one")
        XCTAssertEqual(window.frameTimings.map(\.frameNumber), [4])
    }

    func testARefreshOfZeroMeansNoConstantRate() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.refreshNanoseconds = 0
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        await scripted.completeFrame(.presented)
        let window = scripted.window
        await waitUntil("a record") { window.frameTimings.count == 1 }
        guard case .presented(_, let refresh, _, _) = window.frameTimings[0].presentation else {
            return XCTFail("presented expected")
        }
        XCTAssertNil(refresh)
    }

    func testFeedbackLeftUnansweredIsGivenUpSoTheLastFramesBeforeIdleAreRecorded() async throws {
        let clock = useManualMediaClock(start: 100)
        let scripted = try await ScriptedWindow(test: self)
        let window = scripted.window
        clock.set(100.1)
        await scripted.completeFrame(.unanswered)
        XCTAssertEqual(window.frameTimings.count, 0, "the feedback is waited for a while after the callback")
        // A quarter of a second after the callback, the window gives up waiting (and wakes
        // by itself to do so: it is idle).
        clock.set(100.35)
        await waitUntil("the record, complete without feedback") { window.frameTimings.count == 1 }
        XCTAssertEqual(window.frameTimings.first?.presentation, .unavailable)
        XCTAssertEqual(window.frameTimings.first?.frameCallbackTime, 100.1)
    }

    func testWithoutPresentationFeedbackRecordsCompleteAtTheFrameCallback() async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersPresentation = false
        let scripted = try await ScriptedWindow(test: self, configuration: configuration)
        let window = scripted.window
        var reported: [FrameTiming] = []
        window.onFrameTiming = { reported.append($0) }
        await scripted.completeFrame()
        await commitLayer(scripted, 2)
        await scripted.completeFrame()
        await waitUntil("two records") { reported.count == 2 }
        XCTAssertEqual(reported.map(\.presentation), [.unavailable, .unavailable])
        guard reported.count == 2 else { return }
        XCTAssertNotNil(reported[1].frameCallbackTime)
        XCTAssertTrue(reported[1].logLine.hasSuffix("unavailable"), reported[1].logLine)
        let summary = window.frameTimingSummary()
        XCTAssertEqual(summary.source, .frameCallbacks)
        XCTAssertEqual(summary.frames, 2)
        XCTAssertEqual(summary.unavailableFrames, 2)
    }
}
