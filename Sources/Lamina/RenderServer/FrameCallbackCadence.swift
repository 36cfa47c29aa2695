/// The compositor's refresh cadence as its frame callbacks show it, for compositors that give
/// no presentation times (sway 1.7 headless answers none): a steady run of callbacks predicts
/// the next one, so a frame of a continuing run can start as late as that allows and input
/// that comes before then is in it.
///
/// A compositor sends a frame's callback when it repaints with the frame, so the next
/// callback is the next repaint a commit can still make. A run predicts when its last
/// ``sampleCount`` intervals but two (``steadyCount`` of them) each lie within ``tolerance`` (of the
/// median) of a whole number of median intervals: one, or up to ``longestSkip`` when frames
/// missed repaints. So a frame that missed its repaint (a doubled interval), or a callback the
/// render thread read a few milliseconds late on a busy machine (a long interval, then a
/// short one), keeps the prediction, while callbacks a test sends by hand or a run that just
/// began predict nothing, and frames then start at once. Used on the render thread only.
struct FrameCallbackCadence {
    /// How many recent intervals a prediction looks at (and needs).
    static let sampleCount = 8
    /// How many of them must fit the cadence: all but two (a callback read late makes two
    /// intervals that do not: a long one, then a short one).
    static let steadyCount = 6
    /// How far (a fraction of the median) an interval may be from a whole number of medians.
    static let tolerance = 0.15
    /// Intervals outside this range (seconds) are no refresh cadence: 250 Hz…10 Hz.
    static let plausibleIntervals = 0.004...0.1
    /// The most repaints an interval may span (a frame that missed two repaints) and still
    /// belong to the cadence.
    static let longestSkip = 3.0

    /// When the last frame callback came (media time), and the one before it in the run.
    private(set) var lastCallback: Double?
    private var previousCallback: Double?
    private var intervals: [Double] = []
    private var next = 0
    /// The shortest interval that predicted in this run: the compositor's refresh, while a
    /// longer one is frames missing repaints.
    private var shortestSteadyInterval: Double?

    /// Notes a frame callback that came at `time`. `continuesRun` says whether its frame
    /// continued a run of frames (a frame after idle starts the count again).
    mutating func callbackCame(at time: Double, continuesRun: Bool) {
        guard continuesRun, let last = lastCallback, time > last else {
            intervals = []
            next = 0
            previousCallback = nil
            shortestSteadyInterval = nil
            lastCallback = time
            return
        }
        previousCallback = last
        lastCallback = time
        if intervals.count < Self.sampleCount {
            intervals.append(time - last)
        } else {
            intervals[next] = time - last
            next = (next + 1) % Self.sampleCount
        }
        if let median = steadyMedian { shortestSteadyInterval = min(shortestSteadyInterval ?? median, median) }
    }

    /// The interval between the compositor's repaints, when the recent callbacks are steady;
    /// nil otherwise. It is the median of the recent intervals (``steadyMedian``) — or, when
    /// that is one and a half times or more the shortest that predicted earlier in the run,
    /// that shorter one: most recent frames missed a repaint, and counting in their longer
    /// interval would start every next frame too late for the repaint in between, so frames
    /// would keep missing it.
    var interval: Double? {
        guard let median = steadyMedian else { return nil }
        if let shortest = shortestSteadyInterval, median >= 1.5 * shortest { return shortest }
        return median
    }

    /// The median of the recent intervals, when at least ``steadyCount`` of them are each a
    /// whole number of it, up to ``longestSkip``, within ``tolerance``; nil otherwise.
    private var steadyMedian: Double? {
        guard intervals.count == Self.sampleCount else { return nil }
        let sorted = intervals.sorted()
        let median = sorted[(sorted.count - 1) / 2]
        guard Self.plausibleIntervals.contains(median) else { return nil }
        let fitting = intervals.filter { interval in
            let repaints = (interval / median).rounded()
            return repaints >= 1 && repaints <= Self.longestSkip && abs(interval - repaints * median) <= median * Self.tolerance
        }
        return fitting.count >= Self.steadyCount ? median : nil
    }

    /// The first callback expected after `now` (media time), when the cadence is steady and
    /// the last callback came less than a second ago. It is counted in whole intervals from
    /// the last callback's repaint: the last callback, or the repaint the one before it
    /// predicted for it when that is earlier — a callback is read late when the render
    /// thread wakes late, never early, so one read late does not put the prediction after
    /// the repaint.
    func nextCallback(after now: Double) -> Double? {
        guard let interval, let last = lastCallback, now >= last, now - last < 1 else { return nil }
        var repaint = last
        if let previous = previousCallback {
            repaint = min(last, previous + max(((last - previous) / interval).rounded(), 1) * interval)
        }
        return repaint + max(((now - repaint) / interval).rounded(.up), 1) * interval
    }
}
