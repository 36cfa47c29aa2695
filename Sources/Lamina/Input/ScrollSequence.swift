internal import Wayland

/// The finger scroll under way on a seat, from its first `wl_pointer.axis` to the
/// `axis_stop` of every axis it moved: gives each scroll frame its phase.
struct ScrollSequence {
    /// The axes the fingers are scrolling along; none when no finger scroll is under way.
    private var vertical = false
    private var horizontal = false

    /// Whether a finger scroll is under way.
    var isActive: Bool { vertical || horizontal }

    /// The event a frame's scrolling makes, or nil when it makes none (an amount of 0 with no
    /// scroll ending, a stop with no scroll under way, or a stop of one of two axes).
    mutating func event(for frame: PointerFrame.Scrolling) -> PointerEvent.Scrolling? {
        var event = PointerEvent.Scrolling()
        event.source = PointerEvent.ScrollSource(frame.source)
        event.steps = (Double(frame.verticalValue120) / 120, Double(frame.horizontalValue120) / 120)
        event.isInverted = frame.verticalInverted || frame.horizontalInverted
        // A frame without a source continues the scroll under way.
        let isFinger = frame.source == .finger || (frame.source == nil && isActive)
        if frame.hasMotion && isFinger {
            event.phase = isActive ? .changed : .began
            if frame.vertical != 0 { vertical = true }
            if frame.horizontal != 0 { horizontal = true }
        } else if !frame.hasMotion && !isActive {
            return nil
        }
        if frame.hasStop && isActive {
            if frame.verticalStopped { vertical = false }
            if frame.horizontalStopped { horizontal = false }
            if !isActive {
                event.phase = .ended
            } else if !frame.hasMotion {
                return nil  // one axis stopped, the other goes on
            }
        } else if !frame.hasMotion {
            return nil
        }
        return event
    }

    /// Ends the scroll under way without a stop (the pointer left the surface); returns the
    /// `.cancelled` event it makes, nil when none was under way.
    mutating func cancel() -> PointerEvent.Scrolling? {
        guard isActive else { return nil }
        vertical = false
        horizontal = false
        var event = PointerEvent.Scrolling()
        event.source = .finger
        event.phase = .cancelled
        return event
    }
}

extension PointerEvent.ScrollSource {
    /// The source a compositor named; nil for none or one this version does not know.
    init?(_ source: WlPointer.AxisSource?) {
        switch source {
        case .wheel?: self = .wheel
        case .finger?: self = .finger
        case .continuous?: self = .continuous
        case .wheelTilt?: self = .wheelTilt
        default: return nil
        }
    }
}
