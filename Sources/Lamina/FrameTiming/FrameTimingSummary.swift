import Foundation

/// Lamina: what a run of frames amounted to: how many were shown, at what rate, their
/// intervals, latencies and render times as percentiles, and how many refreshes they missed.
///
/// Made by ``FrameTimingStatistics`` (or ``Window/frameTimingSummary()``). The figures come
/// from `wp_presentation` when the compositor presented at least two frames
/// (``Source-swift.enum/presentation``); otherwise (sway 1.7 headless reports every frame
/// discarded; some compositors offer no `wp_presentation`) from the frame callbacks
/// (``Source-swift.enum/frameCallbacks``), which come back about when a frame was shown.
public struct FrameTimingSummary: Equatable, Sendable {
    /// Where the intervals and latencies come from.
    public enum Source: String, Equatable, Sendable {
        /// Presentation feedback: intervals between presentation times, latency from buffer
        /// commit to presentation.
        case presentation
        /// Frame callbacks: intervals between callbacks, latency from buffer commit to the
        /// frame's callback.
        case frameCallbacks = "frame callbacks"
    }

    /// The 50th, 90th and 99th percentiles and the maximum of a set of durations, in seconds
    /// (or, where a property says so, in refresh intervals).
    ///
    /// Taken from an HDR histogram of microseconds with three significant digits: each value
    /// is exact below 2.048 ms and within 0.1% above.
    public struct Percentiles: Equatable, Sendable {
        /// How many values there were.
        public var count: Int
        /// The median.
        public var p50: Double
        /// The 90th percentile.
        public var p90: Double
        /// The 99th percentile.
        public var p99: Double
        /// The largest value.
        public var max: Double

        /// Percentiles from known values (tests and tools).
        public init(count: Int, p50: Double, p90: Double, p99: Double, max: Double) {
            self.count = count
            self.p50 = p50
            self.p90 = p90
            self.p99 = p99
            self.max = max
        }

        /// Every figure divided by `divisor` (the count stays).
        func divided(by divisor: Double) -> Percentiles {
            Percentiles(count: count, p50: p50 / divisor, p90: p90 / divisor, p99: p99 / divisor, max: max / divisor)
        }
    }

    /// Where the intervals and latencies come from.
    public var source: Source
    /// Frames counted: presented ones (``Source-swift.enum/presentation``) or ones whose frame
    /// callback came back (``Source-swift.enum/frameCallbacks``).
    public var frames: Int
    /// Frames the compositor reported presented.
    public var presentedFrames: Int
    /// Frames the compositor reported discarded.
    public var discardedFrames: Int
    /// Frames without presentation feedback (no `wp_presentation`, or no answer).
    public var unavailableFrames: Int
    /// Frames per second: intervals counted divided by their sum (0 with fewer than two frames).
    public var framesPerSecond: Double
    /// Seconds between consecutive counted frames; nil with fewer than two.
    public var interval: Percentiles?
    /// Seconds from buffer commit to presentation (or to the frame callback); nil without any.
    public var latency: Percentiles?
    /// Seconds the render thread spent on each frame; nil without frames.
    public var renderTime: Percentiles?
    /// The refresh interval the compositor last reported (seconds); nil when it reported none.
    public var refreshInterval: Double?
    /// Refreshes that showed no new frame between two counted frames: from the output's
    /// refresh counter when the compositor gives one, else from the reported refresh
    /// interval, else from the median interval.
    public var missedRefreshes: Int
    /// Intervals that missed no refresh, divided by all intervals (1 with none).
    public var onTimeRatio: Double
    /// Intervals left out because the compositor's times went backwards or stood still,
    /// or its refresh counter did, and input events left out because their change was shown
    /// before they happened.
    public var anomalies: Int
    /// Seconds from each input event to the frame that showed its change
    /// (``InputTiming/latency``); nil when no event's change was shown.
    public var inputLatency: Percentiles?
    /// ``inputLatency`` in refresh intervals: divided by the refresh interval the compositor
    /// reported, else (frame callbacks) by the median interval between frames; nil without
    /// either. Under 1 is the next refresh; 2 or more is a frame late.
    public var inputLatencyInRefreshIntervals: Percentiles?
    /// Input events whose handlers changed nothing in the window (not in ``inputLatency``).
    public var inputEventsWithoutEffect: Int
    /// Input events whose change went into a frame that was never known to be shown (neither
    /// presented nor called back; not in ``inputLatency``).
    public var inputEventsNotShown: Int
    /// Apple's hitch-time ratio: milliseconds by which frames missed their expected
    /// presentation (the refreshes they missed), per second of continuous animation (the sum
    /// of the counted intervals); 0 without intervals. Up to 5 ms/s is good, 10 or more bad.
    public var hitchTimeRatio: Double

    /// A summary from known figures (tests and tools; ``FrameTimingStatistics`` makes them).
    public init(
        source: Source, frames: Int, presentedFrames: Int, discardedFrames: Int, unavailableFrames: Int,
        framesPerSecond: Double, interval: Percentiles?, latency: Percentiles?, renderTime: Percentiles?,
        refreshInterval: Double?, missedRefreshes: Int, onTimeRatio: Double, anomalies: Int,
        inputLatency: Percentiles? = nil, inputLatencyInRefreshIntervals: Percentiles? = nil,
        inputEventsWithoutEffect: Int = 0, inputEventsNotShown: Int = 0, hitchTimeRatio: Double = 0
    ) {
        self.source = source
        self.frames = frames
        self.presentedFrames = presentedFrames
        self.discardedFrames = discardedFrames
        self.unavailableFrames = unavailableFrames
        self.framesPerSecond = framesPerSecond
        self.interval = interval
        self.latency = latency
        self.renderTime = renderTime
        self.refreshInterval = refreshInterval
        self.missedRefreshes = missedRefreshes
        self.onTimeRatio = onTimeRatio
        self.anomalies = anomalies
        self.inputLatency = inputLatency
        self.inputLatencyInRefreshIntervals = inputLatencyInRefreshIntervals
        self.inputEventsWithoutEffect = inputEventsWithoutEffect
        self.inputEventsNotShown = inputEventsNotShown
        self.hitchTimeRatio = hitchTimeRatio
    }

    /// The missed refreshes as a share of the refreshes the frames spanned (0…1).
    public var missedRatio: Double {
        let intervals = interval?.count ?? 0
        return intervals + missedRefreshes > 0 ? Double(missedRefreshes) / Double(intervals + missedRefreshes) : 0
    }

    /// One line: `frames N, fps F, interval p50 A p99 B max C ms, latency p50 D p99 E ms,
    /// render p50 G p99 H ms, missed M (P%), input latency p50 I p99 J ms (K events), hitch
    /// ratio R ms/s` — percentiles that could not be measured are 0; K counts the events whose
    /// change was shown. A summary of no input events at all says `no input events` in place
    /// of the input latency.
    public var line: String {
        func ms(_ value: Double?) -> String { String(format: "%.2f", (value ?? 0) * 1000) }
        let hadInput = inputLatency != nil || inputEventsWithoutEffect > 0 || inputEventsNotShown > 0
        let input = hadInput
            ? "input latency p50 \(ms(inputLatency?.p50)) p99 \(ms(inputLatency?.p99)) ms (\(inputLatency?.count ?? 0) events)"
            : "no input events"
        return "frames \(frames), fps \(String(format: "%.1f", framesPerSecond)), "
            + "interval p50 \(ms(interval?.p50)) p99 \(ms(interval?.p99)) max \(ms(interval?.max)) ms, "
            + "latency p50 \(ms(latency?.p50)) p99 \(ms(latency?.p99)) ms, "
            + "render p50 \(ms(renderTime?.p50)) p99 \(ms(renderTime?.p99)) ms, "
            + "missed \(missedRefreshes) (\(String(format: "%.1f", missedRatio * 100))%), "
            + "\(input), hitch ratio \(String(format: "%.1f", hitchTimeRatio)) ms/s"
    }
}
