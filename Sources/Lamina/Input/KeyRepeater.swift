import Dispatch
internal import Wayland

/// Repeats a held key on the main queue: after the compositor's delay, then at its rate.
@MainActor
final class KeyRepeater {
    /// The fastest repeat accepted (a hostile rate would otherwise spin the main queue).
    static let maximumRate = 1000

    private var timer: DispatchSourceTimer?
    /// The key repeating, if one is.
    private(set) var key: KeyboardKey?

    /// Whether a key is repeating (or waiting out the delay).
    var isRepeating: Bool { timer != nil }

    /// Starts repeating `key` with `info`; `fire` gets each repeat's timestamp (the press
    /// time plus the delay and the intervals, in milliseconds). Does nothing when repeating
    /// is disabled (rate 0). Replaces a key already repeating.
    func start(_ key: KeyboardKey, info: KeyRepeatInfo, fire: @escaping @MainActor (UInt32) -> Void) {
        stop()
        guard info.isEnabled else { return }
        let rate = min(info.rate, Self.maximumRate)
        let interval = 1_000_000_000 / rate  // nanoseconds, ≥ 1 ms
        let delay = min(info.delay, 60_000)
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + .milliseconds(delay), repeating: .nanoseconds(interval))
        let counter = RepeatCounter()
        let start = key.time
        timer.setEventHandler {
            MainActor.assumeIsolated {
                let elapsed = Int64(delay) + Int64(counter.count) * Int64(interval / 1_000_000)
                counter.count += 1
                fire(start &+ UInt32(truncatingIfNeeded: elapsed))
            }
        }
        timer.resume()
        self.timer = timer
        self.key = key
    }

    /// Stops repeating.
    func stop() {
        timer?.cancel()
        timer = nil
        key = nil
    }
}

/// How many repeats a timer fired (touched on the main queue only).
private final class RepeatCounter: @unchecked Sendable {
    var count = 0
}
