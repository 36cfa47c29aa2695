import Dispatch
import QuartzCore

/// A timer on the main queue that records how late each tick came after the one before: a
/// main thread that stalls shows as lateness. Runs until ``stop()``.
@MainActor
public final class MainQueueTicker {
    /// The time asked for between ticks, in seconds.
    public let interval: Double
    /// Ticks so far.
    public private(set) var ticks = 0
    /// The most a tick came later than `interval` after the one before (seconds), since the
    /// ticker started or ``resetLateness()``.
    public private(set) var worstLateness = 0.0
    /// Runs on each tick, with the tick's number.
    public var onTick: ((Int) -> Void)?
    private var lastTick: Double?
    private let timer = DispatchSource.makeTimerSource(queue: .main)

    /// Starts ticking every `interval` seconds (default 10 ms).
    public init(interval: Double = 0.010) {
        self.interval = interval
        timer.schedule(deadline: .now(), repeating: .nanoseconds(Int((interval * 1e9).rounded())), leeway: .nanoseconds(0))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.tick() }
        }
        timer.resume()
    }

    /// Forgets the lateness measured so far (the next tick starts a new measure).
    public func resetLateness() {
        worstLateness = 0
        lastTick = nil
    }

    /// Stops ticking.
    public func stop() {
        timer.cancel()
    }

    private func tick() {
        let now = CACurrentMediaTime()
        if let lastTick { worstLateness = max(worstLateness, now - lastTick - interval) }
        lastTick = now
        ticks += 1
        onTick?(ticks)
    }
}
