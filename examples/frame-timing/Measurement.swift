import Foundation
import Lamina

/// The frames of the measured run and the intervals the main thread was blocked (media
/// times, seconds).
@MainActor
final class Measurement {
    /// When measuring began and ends (set when the first frame record arrives).
    private(set) var start: Double?
    let seconds: Double
    private(set) var frames: [FrameTiming] = []
    /// The input events that happened while measuring.
    private(set) var inputs: [InputTiming] = []
    var blocked: [(start: Double, end: Double)] = []

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// When a frame was shown, as well as is known: presented, else its frame callback.
    static func shownTime(_ timing: FrameTiming) -> Double? {
        timing.presentationTime ?? timing.frameCallbackTime
    }

    /// Starts measuring now.
    func begin(at time: Double) {
        start = time
    }

    /// Keeps `timing` if it was shown while measuring.
    func add(_ timing: FrameTiming) {
        guard let start, let shown = Self.shownTime(timing), shown >= start, shown < start + seconds else { return }
        frames.append(timing)
    }

    /// Keeps `input` if it happened while measuring.
    func add(_ input: InputTiming) {
        guard let start, input.eventTime >= start, input.eventTime < start + seconds else { return }
        inputs.append(input)
    }

    var summary: FrameTimingSummary { FrameTimingStatistics(frames, inputs: inputs).summary }

    /// The line about input events: `input: N shown, M without visible effect, K not shown;
    /// latency p50 A p90 B max C ms, p50 D p99 E refresh intervals`; nil without events.
    func inputLine(_ summary: FrameTimingSummary) -> String? {
        guard !inputs.isEmpty else { return nil }
        let latency = summary.inputLatency, refreshes = summary.inputLatencyInRefreshIntervals
        func ms(_ value: Double?) -> String { String(format: "%.2f", (value ?? 0) * 1000) }
        func times(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "-" }
        return "input: \(latency?.count ?? 0) shown, \(summary.inputEventsWithoutEffect) without visible effect, "
            + "\(summary.inputEventsNotShown) not shown; latency p50 \(ms(latency?.p50)) p90 \(ms(latency?.p90)) "
            + "max \(ms(latency?.max)) ms, p50 \(times(refreshes?.p50)) p99 \(times(refreshes?.p99)) refresh intervals"
    }

    /// The line about frames shown while the main thread was blocked; nil without blocks.
    var blockedLine: String? {
        guard !blocked.isEmpty else { return nil }
        let blockedSeconds = blocked.reduce(0) { $0 + ($1.end - $1.start) }
        let during = frames.filter { timing in
            guard let shown = Self.shownTime(timing) else { return false }
            return blocked.contains { shown >= $0.start && shown < $0.end }
        }
        return String(
            format: "blocked: %d frames in %.2f s (%.1f fps) while the main thread was blocked", during.count,
            blockedSeconds, blockedSeconds > 0 ? Double(during.count) / blockedSeconds : 0)
    }

    /// What the figures rest on, when it is less than presentation feedback.
    func notes(_ summary: FrameTimingSummary) -> [String] {
        guard summary.source == .frameCallbacks else { return [] }
        return [
            "note: the compositor reported no frame presented (\(summary.discardedFrames) discarded, "
                + "\(summary.unavailableFrames) without feedback); intervals and latency come from frame callbacks"
        ]
    }
}

/// Blocks the main thread `milliseconds` at a time, every `every` seconds from `from`,
/// recording each block in `measurement`.
@MainActor
func scheduleBlocks(from: Double, until end: Double, every: Double, milliseconds: Int, measurement: Measurement) {
    var next = from + every / 2
    while next + Double(milliseconds) / 1000 < end {
        let at = next
        DispatchQueue.main.asyncAfter(deadline: .now() + (at - CACurrentMediaTime())) {
            MainActor.assumeIsolated {
                let blockStart = CACurrentMediaTime()
                // Busy, as an app doing work on its main thread is (not sleeping in a run loop).
                while CACurrentMediaTime() - blockStart < Double(milliseconds) / 1000 {}
                measurement.blocked.append((blockStart, CACurrentMediaTime()))
            }
        }
        next += every
    }
}
