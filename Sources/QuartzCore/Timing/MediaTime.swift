import Foundation
import Synchronization

/// Seconds, as Core Animation counts time (`CFTimeInterval` on Apple platforms).
public typealias CFTimeInterval = Double

/// Where media time comes from.
///
/// The default source is the system's monotonic clock. Tests install a `CAManualMediaClock`
/// with `CAMediaClock.use(_:)` and advance it by hand, so animations are checked at exact
/// moments without sleeping.
public protocol CAMediaTimeSource: Sendable {
    /// The current media time in seconds.
    func now() -> CFTimeInterval
}

/// The system's monotonic clock (`CLOCK_MONOTONIC`), in seconds.
public struct CASystemMediaClock: CAMediaTimeSource {
    /// Creates the system clock source.
    public init() {}

    /// The monotonic time in seconds since an arbitrary point (boot).
    public func now() -> CFTimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return CFTimeInterval(spec.tv_sec) + CFTimeInterval(spec.tv_nsec) / 1_000_000_000
    }
}

/// A media clock that only moves when told to: for tests and deterministic rendering.
public final class CAManualMediaClock: CAMediaTimeSource {
    private let time: Mutex<CFTimeInterval>

    /// Creates a clock reading `start` seconds. Default: 0.
    public init(start: CFTimeInterval = 0) {
        time = Mutex(start)
    }

    /// The clock's current reading.
    public func now() -> CFTimeInterval {
        time.withLock { $0 }
    }

    /// Moves the clock forward (or backward, for a negative value) by `seconds`.
    public func advance(by seconds: CFTimeInterval) {
        time.withLock { $0 += seconds }
    }

    /// Sets the clock's reading.
    public func set(_ seconds: CFTimeInterval) {
        time.withLock { $0 = seconds }
    }
}

/// The process-wide media clock behind `CACurrentMediaTime()`.
public enum CAMediaClock {
    private static let current = Mutex<any CAMediaTimeSource>(CASystemMediaClock())

    /// Installs `source` as the media clock for the whole process. Default: the system clock.
    public static func use(_ source: any CAMediaTimeSource) {
        current.withLock { $0 = source }
    }

    /// The installed source.
    public static var source: any CAMediaTimeSource {
        current.withLock { $0 }
    }
}

/// The current absolute media time in seconds: monotonic, unaffected by changes of the wall
/// clock. Reads the source installed with `CAMediaClock.use(_:)` (the system clock by default).
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.source.now()
}
