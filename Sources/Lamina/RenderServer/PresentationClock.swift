import Glibc

/// The clock the compositor's presentation times use (`wp_presentation.clock_id`), and how
/// to read them on the monotonic clock the rest of Lamina uses.
///
/// weston's software clock is `CLOCK_MONOTONIC_RAW`, which drifts from `CLOCK_MONOTONIC`
/// by the clock adjustments since boot (hundreds of milliseconds): its times are moved by
/// the two clocks' difference at the moment they arrive. A clock the system cannot read
/// (the compositor's word is untrusted) leaves times as they are.
struct PresentationClock: Sendable {
    let clockID: UInt32?

    /// `time` (seconds on the compositor's clock) on the monotonic clock.
    func monotonic(_ time: Double) -> Double {
        guard let clockID, clockID != UInt32(CLOCK_MONOTONIC) else { return time }
        var theirs = timespec(), ours = timespec()
        guard clock_gettime(clockid_t(Int32(bitPattern: clockID)), &theirs) == 0,
            clock_gettime(CLOCK_MONOTONIC, &ours) == 0
        else { return time }
        return time + (Self.seconds(ours) - Self.seconds(theirs))
    }

    private static func seconds(_ spec: timespec) -> Double {
        Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
