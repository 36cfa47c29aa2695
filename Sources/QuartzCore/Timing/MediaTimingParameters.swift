/// The eight `CAMediaTiming` values as one `Sendable` value, with the arithmetic of Apple's
/// timing model: parent time → local time → iteration and progress.
public struct CAMediaTimingParameters: Hashable, Sendable {
    /// See `CAMediaTiming.beginTime`.
    public var beginTime: CFTimeInterval = 0
    /// See `CAMediaTiming.timeOffset`.
    public var timeOffset: CFTimeInterval = 0
    /// See `CAMediaTiming.repeatCount`.
    public var repeatCount: Float = 0
    /// See `CAMediaTiming.repeatDuration`.
    public var repeatDuration: CFTimeInterval = 0
    /// See `CAMediaTiming.duration`. For evaluation, a duration of 0 must already be resolved
    /// (to 0.25 s for animations).
    public var duration: CFTimeInterval = 0
    /// See `CAMediaTiming.speed`.
    public var speed: Float = 1
    /// See `CAMediaTiming.autoreverses`.
    public var autoreverses: Bool = false
    /// See `CAMediaTiming.fillMode`.
    public var fillMode: CAMediaTimingFillMode = .removed

    /// Default timing: begin 0, speed 1, no repeat, duration 0, fill mode removed.
    public init() {}

    /// Where an object is at some moment of its parent's time.
    public enum State: Equatable, Sendable {
        /// Outside the active duration with no fill: the object has no effect.
        case inactive
        /// Inside (or filled): `progress` is the position within the basic duration, 0…1,
        /// already reversed on the way back of an autoreversing iteration; `iteration` counts
        /// from 0.
        case active(progress: Double, iteration: Int)
    }

    /// Parent time → active local time: `(tp − beginTime) × speed + timeOffset`.
    public func localTime(fromParent parentTime: CFTimeInterval) -> CFTimeInterval {
        (parentTime - beginTime) * CFTimeInterval(speed) + timeOffset
    }

    /// Active local time → parent time, the inverse of `localTime(fromParent:)`; with speed 0,
    /// every parent time maps to the same local time, and `beginTime` is returned.
    public func parentTime(fromLocal localTime: CFTimeInterval) -> CFTimeInterval {
        guard speed != 0 else { return beginTime }
        return (localTime - timeOffset) / CFTimeInterval(speed) + beginTime
    }

    /// One forward (and, with `autoreverses`, backward) pass.
    var cycleDuration: CFTimeInterval { duration * (autoreverses ? 2 : 1) }

    /// The whole active duration in local time (`.infinity` for an infinite repeat count).
    public var activeDuration: CFTimeInterval {
        if repeatCount > 0 { return cycleDuration * CFTimeInterval(repeatCount) }
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration
    }

    /// Whether `timeOffset` wraps within the active duration, as on Apple platforms: with a
    /// non-zero offset, a positive speed and a finite active duration, the object is active
    /// from `beginTime` for its whole active duration (the offset does not move that span),
    /// and within it local time is `(tp − beginTime) × speed + timeOffset` modulo the active
    /// duration — a 1 s animation with `timeOffset` 0.5 starts halfway, reaches its end at
    /// 0.5 s, starts over and stops where it started. A fill before the start shows the
    /// offset's position; a fill after the end shows where the run stopped. With an infinite
    /// active duration, speed 0 (the offset is where time stands) or a negative speed, local
    /// time is the plain formula.
    var wrapsTimeOffset: Bool {
        guard timeOffset != 0, timeOffset.isFinite, speed > 0, duration > 0, duration.isFinite else { return false }
        let active = activeDuration
        return active.isFinite && active > 0
    }

    /// Parent time → the time that decides whether the object has begun (≥ 0) and ended
    /// (≥ ``activeDuration``): the local time, or, where `timeOffset` wraps within the active
    /// duration (a non-zero offset, a positive speed and a finite active duration, as on Apple
    /// platforms), the time elapsed since `beginTime` at the object's speed.
    public func activeTime(fromParent parentTime: CFTimeInterval) -> CFTimeInterval {
        wrapsTimeOffset ? (parentTime - beginTime) * CFTimeInterval(speed) : localTime(fromParent: parentTime)
    }

    /// The state at a parent time.
    public func state(atParentTime parentTime: CFTimeInterval) -> State {
        state(atParentTime: parentTime, endInclusive: false)
    }

    /// The state at a parent time; with `endInclusive`, the very end of the active duration
    /// shows the final value whatever the fill mode (an animation in a group that holds its
    /// end: the group's time stops exactly there).
    func state(atParentTime parentTime: CFTimeInterval, endInclusive: Bool) -> State {
        if wrapsTimeOffset { return wrappedState(elapsed: activeTime(fromParent: parentTime), endInclusive: endInclusive) }
        let local = localTime(fromParent: parentTime)
        if endInclusive, local == activeDuration, duration > 0, duration.isFinite {
            return progress(at: local, atEnd: true)
        }
        return state(atLocalTime: local)
    }

    /// The state `elapsed` (local time without the offset) into an object whose offset wraps.
    private func wrappedState(elapsed: CFTimeInterval, endInclusive: Bool) -> State {
        guard !elapsed.isNaN else { return .inactive }
        let active = activeDuration
        func wrapped(_ time: CFTimeInterval) -> CFTimeInterval {
            let remainder = min(max(time, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
                .truncatingRemainder(dividingBy: active)
            let positive = remainder < 0 ? remainder + active : remainder
            return positive < active ? positive : 0
        }
        if elapsed < 0 {
            guard fillMode.fillsBackwards else { return .inactive }
            return progress(at: wrapped(timeOffset), atEnd: false)
        }
        if elapsed >= active {
            guard fillMode.fillsForwards || (endInclusive && elapsed == active) else { return .inactive }
            // The run stopped where the offset started it; an offset of whole runs stops at the end.
            let stop = wrapped(timeOffset)
            return progress(at: stop == 0 ? active : stop, atEnd: true)
        }
        return progress(at: wrapped(elapsed + timeOffset), atEnd: false)
    }

    /// The state at an active local time (what `localTime(fromParent:)` returns).
    public func state(atLocalTime time: CFTimeInterval) -> State {
        guard duration > 0, duration.isFinite, !time.isNaN else { return .inactive }
        let active = activeDuration
        var local = time
        if local < 0 {
            guard fillMode.fillsBackwards else { return .inactive }
            local = 0
        }
        var atEnd = false
        if active.isFinite && local >= active {
            guard fillMode.fillsForwards else { return .inactive }
            local = active
            atEnd = true
        }
        return progress(at: local, atEnd: atEnd)
    }

    private func progress(at time: CFTimeInterval, atEnd: Bool) -> State {
        let cycle = cycleDuration
        // A local time that overflowed (huge begin times, speeds or offsets) is taken as the
        // largest finite time; the position within the iteration is the exact remainder, so
        // it stays in 0…cycle however many iterations came before (their count may not fit
        // in an Int: it is then reported as Int.max).
        let local = min(time, .greatestFiniteMagnitude)
        let quotient = (local / cycle).rounded(.down)
        var iteration = quotient < 0x1p63 ? Int(quotient) : .max
        var within = local.truncatingRemainder(dividingBy: cycle)
        // The very end of an iteration that ends the active duration shows that iteration's
        // final value, not the start of a next one.
        if atEnd && within == 0 && iteration > 0 {
            iteration -= 1
            within = cycle
        }
        var progress = within / duration
        if autoreverses && progress > 1 { progress = 2 - progress }
        return .active(progress: min(max(progress, 0), 1), iteration: iteration)
    }
}
