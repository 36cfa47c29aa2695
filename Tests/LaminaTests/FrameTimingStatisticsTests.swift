import Lamina
import XCTest

/// Frame timings summed up: percentiles from the histogram, frame rate, missed refreshes
/// from refresh counters or intervals, the frame-callback fallback, and compositor times
/// that make no sense.
final class FrameTimingStatisticsTests: XCTestCase {
    /// A frame drawn in `render` seconds, committed at `commit`, with `presentation`.
    private func frame(
        _ number: UInt64, commit: Double = 0, render: Double = 0.001, callback: Double? = nil,
        _ presentation: FrameTiming.Presentation
    ) -> FrameTiming {
        FrameTiming(
            frameNumber: number, targetTime: commit, renderBeginTime: commit - render, renderEndTime: commit,
            bufferCommitTime: commit, frameCallbackTime: callback, drawnPixels: 1, presentation: presentation)
    }

    private func presented(_ time: Double, refresh: Double? = 0.010, sequence: UInt64? = nil) -> FrameTiming.Presentation {
        .presented(time: time, refreshInterval: refresh, sequence: sequence, flags: .vsync)
    }

    func testRenderTimePercentilesAreTheNearestRanksOfTheValues() throws {
        // 10 µs, 20 µs, … 1000 µs, shuffled: below 2.048 ms the histogram is exact.
        let renders = (1...100).map { Double($0) * 10e-6 }
        var generator = SystemRandomNumberGenerator()
        let timings = renders.shuffled(using: &generator).enumerated().map { index, render in
            frame(UInt64(index + 1), commit: 1 + Double(index) * 0.01, render: render, .discarded)
        }
        let render = try XCTUnwrap(FrameTimingStatistics(timings).summary.renderTime)
        // Nearest rank: the ⌈p·n⌉-th smallest of n = 100 values.
        XCTAssertEqual(render.count, 100)
        XCTAssertEqual(render.p50, 500e-6, accuracy: 1e-9)
        XCTAssertEqual(render.p90, 900e-6, accuracy: 1e-9)
        XCTAssertEqual(render.p99, 990e-6, accuracy: 1e-9)
        XCTAssertEqual(render.max, 1000e-6, accuracy: 1e-9)
    }

    func testMissedRefreshesComeFromTheRefreshCounter() throws {
        // Counters 10, 11, 13, 14, 18: 0 + 1 + 0 + 3 refreshes without a new frame. The
        // times say nothing else (every interval 10 ms) — the counter wins.
        let sequences: [UInt64] = [10, 11, 13, 14, 18]
        let timings = sequences.enumerated().map { index, sequence in
            frame(UInt64(index + 1), commit: Double(index) * 0.010 - 0.004, presented(Double(index) * 0.010, sequence: sequence))
        }
        let summary = FrameTimingStatistics(timings).summary
        XCTAssertEqual(summary.source, .presentation)
        XCTAssertEqual(summary.frames, 5)
        XCTAssertEqual(summary.missedRefreshes, 4)
        XCTAssertEqual(summary.onTimeRatio, 0.5, "2 of 4 intervals missed nothing")
        XCTAssertEqual(summary.missedRatio, 0.5, "4 missed of the 8 refreshes spanned")
        XCTAssertEqual(summary.framesPerSecond, 100, accuracy: 1e-9)
        let latency = try XCTUnwrap(summary.latency)
        XCTAssertEqual(latency.p50, 0.004, accuracy: 1e-6)
        XCTAssertEqual(summary.anomalies, 0)
    }

    func testMissedRefreshesComeFromTheRefreshIntervalWithoutACounter() {
        // Presented at 0, 10, 20, 41 ms with a 5 ms refresh: intervals of 2, 2 and 4.2
        // periods (rounded to 4) miss 1 + 1 + 3 refreshes. (Against the median interval
        // instead, only the last would miss one.)
        let times = [0.0, 0.010, 0.020, 0.041]
        let timings = times.enumerated().map { index, time in frame(UInt64(index + 1), presented(time, refresh: 0.005)) }
        let summary = FrameTimingStatistics(timings).summary
        XCTAssertEqual(summary.missedRefreshes, 5)
        XCTAssertEqual(summary.onTimeRatio, 0)
        XCTAssertEqual(summary.refreshInterval, 0.005)
    }

    func testSummaryLineHasTheDocumentedForm() {
        var timings: [FrameTiming] = []
        for index in 0..<4 {
            let time = Double(index) * 0.020
            let shown = presented(time, refresh: 0.010, sequence: UInt64(2 * index + 1))
            timings.append(frame(UInt64(index + 1), commit: time - 0.001, render: 0.0005, shown))
        }
        XCTAssertEqual(
            FrameTimingStatistics(timings).summary.line,
            "frames 4, fps 50.0, interval p50 20.00 p99 20.00 max 20.00 ms, latency p50 1.00 p99 1.00 ms, "
                + "render p50 0.50 p99 0.50 ms, missed 3 (50.0%), no input events, "
                + "hitch ratio 500.0 ms/s")
    }

    func testOnlyDiscardedFramesFallBackToFrameCallbacks() throws {
        // sway 1.7 headless: every frame discarded, frame callbacks every 16 ms.
        let timings = (0..<5).map { index in
            frame(UInt64(index + 1), commit: Double(index) * 0.016, callback: Double(index) * 0.016 + 0.002, .discarded)
        }
        let summary = FrameTimingStatistics(timings).summary
        XCTAssertEqual(summary.source, .frameCallbacks)
        XCTAssertEqual(summary.frames, 5)
        XCTAssertEqual(summary.discardedFrames, 5)
        XCTAssertEqual(summary.presentedFrames, 0)
        XCTAssertNil(summary.refreshInterval)
        XCTAssertEqual(try XCTUnwrap(summary.interval).p50, 0.016, accuracy: 0.016 * 0.001)
        XCTAssertEqual(try XCTUnwrap(summary.latency).max, 0.002, accuracy: 1e-9)
        XCTAssertEqual(summary.missedRefreshes, 0, "counted against the median interval")
    }

    func testFramesWithoutPresentationFeedbackUseFrameCallbacks() {
        let timings = [0.0, 0.016, 0.048].enumerated().map { index, time in
            frame(UInt64(index + 1), commit: time, callback: time, .unavailable)
        }
        let summary = FrameTimingStatistics(timings).summary
        XCTAssertEqual(summary.source, .frameCallbacks)
        XCTAssertEqual(summary.unavailableFrames, 3)
        // Intervals 16 and 32 ms; the median (the 1st of 2) is 16 ms: the 32 ms one missed 1.
        XCTAssertEqual(summary.missedRefreshes, 1)
    }

    func testCompositorTimesThatMakeNoSenseAreCountedNotTrusted() throws {
        let timings = [
            frame(1, presented(1.000, refresh: nil, sequence: 100)),
            frame(2, presented(1.010, refresh: nil, sequence: 101)),
            // Time goes backwards: the interval is left out.
            frame(3, presented(0.500, refresh: nil, sequence: 102)),
            // Counter goes backwards: the interval is kept, missed counted from the refresh.
            frame(4, presented(0.510, refresh: 0.010, sequence: 7)),
            // An absurd jump: a million seconds later, clamped to a minute in the histogram.
            frame(5, presented(1_000_000.51, refresh: 0.010, sequence: 8)),
            frame(6, commit: .nan, render: .infinity, presented(.nan, refresh: .nan, sequence: 9)),
        ]
        let summary = FrameTimingStatistics(timings).summary
        XCTAssertEqual(summary.anomalies, 3, "backwards time, backwards counter, a time that is not a number")
        let interval = try XCTUnwrap(summary.interval)
        XCTAssertEqual(interval.count, 3)
        XCTAssertEqual(interval.max, 60, "clamped to a minute")
        XCTAssertEqual(summary.missedRefreshes, 0 + 0, "the counter went 100 → 101, then 7 → 8 after the 0.510 s frame")
        XCTAssertEqual(summary.refreshInterval, 0.010)
    }

    func testNoFramesMakeAnEmptySummary() {
        let summary = FrameTimingStatistics().summary
        XCTAssertEqual(summary.frames, 0)
        XCTAssertNil(summary.interval)
        XCTAssertNil(summary.renderTime)
        XCTAssertEqual(summary.line, "frames 0, fps 0.0, interval p50 0.00 p99 0.00 max 0.00 ms, latency p50 0.00 p99 0.00 ms, render p50 0.00 p99 0.00 ms, missed 0 (0.0%), no input events, hitch ratio 0.0 ms/s")
    }

    func testCSVRowsMatchTheHeader() {
        let timing = FrameTiming(
            frameNumber: 3, targetTime: 2.02, commitBeginTime: 1.99, commitEndTime: 1.991, renderBeginTime: 1.9985,
            renderEndTime: 2.0, bufferCommitTime: 2.0005, frameCallbackTime: 2.0161, drawnPixels: 7,
            presentation: presented(2.016, refresh: 0.016667, sequence: 42))
        let row = timing.csvRow
        XCTAssertEqual(row.split(separator: ",", omittingEmptySubsequences: false).count, FrameTiming.csvHeader.split(separator: ",").count)
        XCTAssertEqual(row, "3,2.020000,1.990000,1.991000,1.998500,2.000000,2.000500,2.016100,2.016000,16.667,42,vsync,presented,7,1.500,15.500,0")
        var afterIdle = frame(4, .discarded)
        afterIdle.followsIdle = true
        XCTAssertEqual(
            afterIdle.csvRow.split(separator: ",", omittingEmptySubsequences: false).dropFirst(8).joined(separator: ","),
            ",,,,discarded,1,1.000,,1")
    }

    // MARK: - Runs of animation, hitches and input latency

    func testAFrameThatFollowsIdleTimeStartsANewRun() throws {
        // Two runs, 20 ms apart within each, a second of idle between them: the idle second
        // is neither an interval nor missed refreshes.
        let times = [1.000, 1.020, 1.040, 2.040, 2.060]
        let timings = times.enumerated().map { index, time in
            var timing = frame(UInt64(index + 1), commit: time - 0.005, presented(time, refresh: 0.020))
            timing.followsIdle = index == 0 || index == 3
            return timing
        }
        let summary = FrameTimingStatistics(timings).summary
        XCTAssertEqual(summary.frames, 5)
        XCTAssertEqual(try XCTUnwrap(summary.interval).count, 3)
        XCTAssertEqual(try XCTUnwrap(summary.interval).max, 0.020, accuracy: 1e-9)
        XCTAssertEqual(summary.missedRefreshes, 0)
        XCTAssertEqual(summary.framesPerSecond, 50, accuracy: 1e-9)
        XCTAssertEqual(summary.hitchTimeRatio, 0)
    }

    func testTheHitchRatioIsTheTimeFramesWereLatePerSecondOfAnimation() {
        // Presented at 0, 10, 20, 40, 70 ms with a 10 ms refresh: the last two frames are late
        // by one and two refreshes (30 ms) over 70 ms of animation.
        let times = [0.0, 0.010, 0.020, 0.040, 0.070]
        let timings = times.enumerated().map { index, time in frame(UInt64(index + 1), presented(time, refresh: 0.010)) }
        let summary = FrameTimingStatistics(timings).summary
        XCTAssertEqual(summary.missedRefreshes, 3)
        XCTAssertEqual(summary.hitchTimeRatio, 30.0 / 0.070, accuracy: 1e-9)
        // With the refresh counter and no refresh interval, each interval's share stands in.
        let counted = [(0.0, UInt64(1)), (0.010, 2), (0.030, 4)].enumerated().map { index, shown in
            frame(UInt64(index + 1), presented(shown.0, refresh: nil, sequence: shown.1))
        }
        XCTAssertEqual(FrameTimingStatistics(counted).summary.hitchTimeRatio, 10.0 / 0.030, accuracy: 1e-9)
    }

    /// An input event's record: `latency` seconds from the event to the presentation of
    /// frame `frame` (nil: its handlers changed nothing).
    private func input(_ number: UInt64, latency: Double?, frame: UInt64? = 1, refresh: Double? = 0.020) -> InputTiming {
        let event = 10.0 + Double(number)
        return InputTiming(
            eventNumber: number, event: .pointer(.pressed(button: 0x110)), timestamp: 0, eventTime: event,
            arrivalTime: event + 0.001, frameNumber: latency == nil ? nil : frame,
            bufferCommitTime: latency.map { _ in event + 0.002 }, presentationTime: latency.map { event + $0 },
            refreshInterval: latency == nil ? nil : refresh)
    }

    func testInputLatencyIsSummedUpInMillisecondsAndRefreshIntervals() throws {
        // 20 events shown 10, 20, … 200 ms after they happened; 3 that changed nothing; one
        // whose frame was never shown; one "shown" before it happened.
        var inputs = (1...20).map { input(UInt64($0), latency: Double($0) * 0.010) }
        inputs += (21...23).map { input(UInt64($0), latency: nil) }
        var unshown = input(24, latency: 0.010)
        unshown.presentationTime = nil
        inputs.append(unshown)
        inputs.append(input(25, latency: -0.5))
        let summary = FrameTimingStatistics([FrameTiming](), inputs: inputs.shuffled()).summary
        let latency = try XCTUnwrap(summary.inputLatency)
        // Nearest rank of 20 values; the histogram keeps three significant digits (0.1%).
        XCTAssertEqual(latency.count, 20)
        XCTAssertEqual(latency.p50, 0.100, accuracy: 0.100 * 0.001)
        XCTAssertEqual(latency.p90, 0.180, accuracy: 0.180 * 0.001)
        XCTAssertEqual(latency.p99, 0.200, accuracy: 0.200 * 0.001)
        XCTAssertEqual(latency.max, 0.200, accuracy: 0.200 * 0.001)
        let refreshes = try XCTUnwrap(summary.inputLatencyInRefreshIntervals)
        XCTAssertEqual(refreshes.count, 20)
        XCTAssertEqual(refreshes.p50, 5, accuracy: 5 * 0.001, "100 ms at a 20 ms refresh")
        XCTAssertEqual(refreshes.max, 10, accuracy: 10 * 0.001)
        XCTAssertEqual(summary.inputEventsWithoutEffect, 3)
        XCTAssertEqual(summary.inputEventsNotShown, 1)
        XCTAssertEqual(summary.anomalies, 1, "shown before it happened")
        let figures = String(format: "p50 %.2f p99 %.2f", latency.p50 * 1000, latency.p99 * 1000)
        XCTAssertTrue(summary.line.hasSuffix(", input latency \(figures) ms (20 events), hitch ratio 0.0 ms/s"), summary.line)
    }

    func testWithFrameCallbacksAloneInputLatencyIsInMedianIntervals() throws {
        // sway 1.7 headless: no presentation, callbacks every 16 ms; one event shown 24 ms later.
        let timings = (0..<3).map { index in
            frame(UInt64(index + 1), commit: Double(index) * 0.016, callback: Double(index) * 0.016 + 0.002, .discarded)
        }
        var shown = input(1, latency: nil, refresh: nil)
        shown.frameNumber = 2
        shown.frameCallbackTime = shown.eventTime + 0.024
        let summary = FrameTimingStatistics(timings, inputs: [shown]).summary
        XCTAssertEqual(try XCTUnwrap(summary.inputLatency).p50, 0.024, accuracy: 0.024 * 0.001)
        XCTAssertEqual(try XCTUnwrap(summary.inputLatencyInRefreshIntervals).p50, 1.5, accuracy: 1.5 * 0.002)
    }

    func testTheCompositorsTimestampIsReadOnTheMonotonicClockWhenPlausible() {
        // Arrival at 100.010 s is 100010 ms: a stamp of 100005 happened 5 ms before.
        XCTAssertEqual(InputTiming.eventTime(timestamp: 100_005, arrival: 100.010), 100.005, accuracy: 1e-9)
        XCTAssertEqual(InputTiming.eventTime(timestamp: 100_010, arrival: 100.010), 100.010, accuracy: 1e-9)
        // The 32-bit millisecond counter wraps every 49.7 days.
        let wrapped = 4_294_967.2965  // 2³² ms and a half: the counter reads 0
        XCTAssertEqual(InputTiming.eventTime(timestamp: UInt32.max, arrival: wrapped), wrapped - 0.001, accuracy: 1e-9)
        // After the arrival, more than a second before it, or on no clock at all: the arrival.
        XCTAssertEqual(InputTiming.eventTime(timestamp: 100_011, arrival: 100.010), 100.010)
        XCTAssertEqual(InputTiming.eventTime(timestamp: 99_009, arrival: 100.010), 100.010)
        XCTAssertEqual(InputTiming.eventTime(timestamp: 17, arrival: -5), -5)
        XCTAssertTrue(InputTiming.eventTime(timestamp: 17, arrival: .nan).isNaN)
        XCTAssertEqual(InputTiming.eventTime(timestamp: 17, arrival: .infinity), .infinity)
    }

    func testInputCSVRowsMatchTheHeader() {
        var shown = input(7, latency: 0.015)
        shown.timestamp = 17_005
        XCTAssertEqual(shown.csvRow.split(separator: ",", omittingEmptySubsequences: false).count, InputTiming.csvHeader.split(separator: ",").count)
        XCTAssertEqual(shown.csvRow, "7,pointer-pressed,17005,17.000000,17.001000,1,17.002000,,17.015000,20.000,15.000,0.750")
        XCTAssertEqual(input(8, latency: nil).csvRow, "8,pointer-pressed,0,18.000000,18.001000,,,,,,,")
        XCTAssertEqual(InputTiming.csvPath(besideFramesAt: "/tmp/frames.csv"), "/tmp/frames-input.csv")
        XCTAssertEqual(InputTiming.csvPath(besideFramesAt: "/tmp/frames.csv.2"), "/tmp/frames.csv.2-input.csv")
    }
}
