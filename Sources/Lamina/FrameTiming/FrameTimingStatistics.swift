import Foundation
import Histogram

/// Lamina: accumulates frame timings, one at a time in frame order, into a
/// ``FrameTimingSummary``; its memory stays the same however many frames it sees.
///
/// Compositor times are untrusted: an interval that is not positive (times going backwards
/// or repeating), a refresh counter going backwards, or a duration beyond a minute is
/// counted in ``FrameTimingSummary/anomalies`` or clamped to a minute, never trusted to
/// the point of a crash.
public struct FrameTimingStatistics: Sendable {
    /// Values are kept in microseconds up to this (a minute); longer ones count as a minute.
    static let highestMicroseconds: UInt64 = 60_000_000

    /// One kind of interval, latency and missed-refresh count (presentation or callbacks).
    struct Track: Sendable {
        var intervals = Self.histogram()
        var latencies = Self.histogram()
        /// Intervals whose missed refreshes are counted against the median (no counter and
        /// no refresh interval for them).
        var unreferenced = Self.histogram()
        var missed = 0
        var onTime = 0
        var referenced = 0
        var anomalies = 0
        var frames = 0
        var intervalSum = 0.0
        /// Seconds by which frames with a counter or refresh interval missed their refresh.
        var hitchTime = 0.0
        var last: (time: Double, sequence: UInt64?)?

        static func histogram() -> Histogram<UInt64> {
            Histogram(highestTrackableValue: FrameTimingStatistics.highestMicroseconds, numberOfSignificantValueDigits: .three)
        }

        /// Adds a frame shown at `time`; `sequence` and `refresh` when the compositor gave them.
        /// A frame that `startsRun` (it follows an idle window) counts no interval.
        mutating func add(time: Double, sequence: UInt64?, refresh: Double?, latency: Double, startsRun: Bool) {
            guard time.isFinite else {
                anomalies += 1
                return
            }
            frames += 1
            latencies.record(FrameTimingStatistics.microseconds(latency))
            defer { last = (time, sequence) }
            guard let previous = last, !startsRun else { return }
            let interval = time - previous.time
            guard interval > 0 else {
                anomalies += 1
                return
            }
            intervals.record(FrameTimingStatistics.microseconds(interval))
            intervalSum += interval
            let skipped: Int
            if let sequence, let before = previous.sequence, sequence <= before {
                // The counter stood still or went back: the interval is kept, the counter not.
                anomalies += 1
            }
            if let sequence, let before = previous.sequence, sequence > before {
                skipped = Int(clamping: sequence - before - 1)
                // Late by the refreshes it missed: of the reported length, else the interval's share.
                let period = refresh.flatMap { $0 > 0 ? $0 : nil } ?? interval / (Double(skipped) + 1)
                hitchTime += Double(skipped) * period
            } else if let refresh, refresh > 0 {
                skipped = FrameTimingStatistics.refreshesSkipped(interval: interval, refresh: refresh)
                hitchTime += Double(skipped) * refresh
            } else {
                unreferenced.record(FrameTimingStatistics.microseconds(interval))
                return
            }
            referenced += 1
            missed += skipped
            if skipped == 0 { onTime += 1 }
        }

        /// The median of the intervals without a counter or refresh interval (seconds); nil
        /// without any.
        var unreferencedMedian: Double? {
            unreferenced.totalCount > 0 ? Double(unreferenced.valueAtPercentile(50)) / 1e6 : nil
        }

        /// Counts the missed refreshes of the unreferenced intervals against their median, and
        /// the time they were late by (seconds).
        func missedAndOnTime() -> (missed: Int, onTime: Int, hitchTime: Double) {
            var missed = self.missed, onTime = self.onTime, hitchTime = self.hitchTime
            guard let median = unreferencedMedian else { return (missed, onTime, hitchTime) }
            for value in unreferenced.recordedValues() {
                let skipped = FrameTimingStatistics.refreshesSkipped(interval: Double(value.value) / 1e6, refresh: median)
                let count = Int(clamping: value.count)
                missed += skipped * count
                hitchTime += Double(skipped * count) * median
                if skipped == 0 { onTime += count }
            }
            return (missed, onTime, hitchTime)
        }
    }

    private var presented = Track()
    private var callbacks = Track()
    private var render = Track.histogram()
    private var presentedFrames = 0, discardedFrames = 0, unavailableFrames = 0
    private var refreshInterval: Double?
    /// Input events shown (microseconds from event to screen), events whose handlers changed
    /// nothing, events whose change was never known to be shown, and events shown before
    /// they happened.
    private var inputLatencies = Track.histogram()
    private var inputsWithoutEffect = 0, inputsNotShown = 0, inputAnomalies = 0

    /// An empty accumulator.
    public init() {}

    /// Accumulates `timings` in order.
    public init<S: Sequence>(_ timings: S) where S.Element == FrameTiming {
        for timing in timings { add(timing) }
    }

    /// Accumulates frame `timings` and input event `inputs`, each in order.
    public init<Frames: Sequence, Inputs: Sequence>(_ timings: Frames, inputs: Inputs)
    where Frames.Element == FrameTiming, Inputs.Element == InputTiming {
        self.init(timings)
        for input in inputs { add(input) }
    }

    /// Adds an input event's record: its latency when its change was shown, else it is
    /// counted apart (no visible effect, or not known to be shown).
    public mutating func add(_ input: InputTiming) {
        guard input.hasVisibleEffect else {
            inputsWithoutEffect += 1
            return
        }
        guard let latency = input.latency else {
            inputsNotShown += 1
            return
        }
        // Untrusted: a change shown before its event happened is counted, not recorded.
        guard latency.isFinite, latency >= 0 else {
            inputAnomalies += 1
            return
        }
        if let refresh = input.refreshInterval, refresh > 0, refresh.isFinite { refreshInterval = refresh }
        inputLatencies.record(Self.microseconds(latency))
    }

    /// Adds the next frame's timing.
    public mutating func add(_ timing: FrameTiming) {
        render.record(Self.microseconds(timing.drawDuration))
        switch timing.presentation {
        case .presented(let time, let refresh, let sequence, _):
            presentedFrames += 1
            let refresh = refresh.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            if let refresh { refreshInterval = refresh }
            presented.add(
                time: time, sequence: sequence, refresh: refresh, latency: time - timing.bufferCommitTime,
                startsRun: timing.followsIdle)
        case .discarded:
            discardedFrames += 1
        case .unavailable:
            unavailableFrames += 1
        }
        if let callback = timing.frameCallbackTime {
            callbacks.add(
                time: callback, sequence: nil, refresh: nil, latency: callback - timing.bufferCommitTime,
                startsRun: timing.followsIdle)
        }
    }

    /// What the frames so far amount to.
    public var summary: FrameTimingSummary {
        let usesPresentation = presented.frames >= 2 || callbacks.frames < 2 && presented.frames > 0
        let track = usesPresentation ? presented : callbacks
        let (missed, onTime, hitchTime) = track.missedAndOnTime()
        let intervals = Int(clamping: track.intervals.totalCount)
        let inputLatency = Self.percentiles(inputLatencies)
        // In refresh intervals: the reported one, else the frames' median interval, else the
        // one reported for frames not counted (a summary of input events alone).
        let period = (usesPresentation ? refreshInterval : nil) ?? track.unreferencedMedian ?? refreshInterval
        let inputRefreshes = inputLatency.flatMap { latency in period.map { latency.divided(by: $0) } }
        return FrameTimingSummary(
            source: usesPresentation ? .presentation : .frameCallbacks, frames: track.frames,
            presentedFrames: presentedFrames, discardedFrames: discardedFrames, unavailableFrames: unavailableFrames,
            framesPerSecond: track.intervalSum > 0 ? Double(intervals) / track.intervalSum : 0,
            interval: Self.percentiles(track.intervals), latency: Self.percentiles(track.latencies),
            renderTime: Self.percentiles(render), refreshInterval: usesPresentation ? refreshInterval : nil,
            missedRefreshes: missed, onTimeRatio: intervals > 0 ? Double(onTime) / Double(intervals) : 1,
            anomalies: track.anomalies + inputAnomalies, inputLatency: inputLatency,
            inputLatencyInRefreshIntervals: inputRefreshes, inputEventsWithoutEffect: inputsWithoutEffect,
            inputEventsNotShown: inputsNotShown,
            hitchTimeRatio: track.intervalSum > 0 ? hitchTime * 1000 / track.intervalSum : 0)
    }

    /// Whole microseconds in the histograms' range (negative and non-finite values are 0).
    static func microseconds(_ seconds: Double) -> UInt64 {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        let micro = (seconds * 1e6).rounded()
        return micro >= Double(highestMicroseconds) ? highestMicroseconds : UInt64(micro)
    }

    /// Refreshes between two frames `interval` apart that showed no new frame.
    static func refreshesSkipped(interval: Double, refresh: Double) -> Int {
        guard refresh > 0, interval.isFinite else { return 0 }
        let periods = min((interval / refresh).rounded(), 1e9)
        return periods > 1 ? Int(periods) - 1 : 0
    }

    static func percentiles(_ histogram: Histogram<UInt64>) -> FrameTimingSummary.Percentiles? {
        guard histogram.totalCount > 0 else { return nil }
        func seconds(_ percentile: Double) -> Double { Double(histogram.valueAtPercentile(percentile)) / 1e6 }
        return FrameTimingSummary.Percentiles(
            count: Int(clamping: histogram.totalCount), p50: seconds(50), p90: seconds(90), p99: seconds(99),
            max: Double(histogram.maxRecorded) / 1e6)
    }
}
