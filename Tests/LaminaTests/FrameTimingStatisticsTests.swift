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
                + "render p50 0.50 p99 0.50 ms, missed 3 (50.0%)")
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
        XCTAssertEqual(summary.line, "frames 0, fps 0.0, interval p50 0.00 p99 0.00 max 0.00 ms, latency p50 0.00 p99 0.00 ms, render p50 0.00 p99 0.00 ms, missed 0 (0.0%)")
    }

    func testCSVRowsMatchTheHeader() {
        let timing = FrameTiming(
            frameNumber: 3, targetTime: 2.02, commitBeginTime: 1.99, commitEndTime: 1.991, renderBeginTime: 1.9985,
            renderEndTime: 2.0, bufferCommitTime: 2.0005, frameCallbackTime: 2.0161, drawnPixels: 7,
            presentation: presented(2.016, refresh: 0.016667, sequence: 42))
        let row = timing.csvRow
        XCTAssertEqual(row.split(separator: ",", omittingEmptySubsequences: false).count, FrameTiming.csvHeader.split(separator: ",").count)
        XCTAssertEqual(row, "3,2.020000,1.990000,1.991000,1.998500,2.000000,2.000500,2.016100,2.016000,16.667,42,vsync,presented,7,1.500,15.500")
        XCTAssertEqual(
            frame(4, .discarded).csvRow.split(separator: ",", omittingEmptySubsequences: false).dropFirst(8).joined(separator: ","),
            ",,,,discarded,1,1.000,")
    }
}
