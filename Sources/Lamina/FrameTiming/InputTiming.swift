import Foundation

/// Lamina: how long one input event took to reach the screen: from the event to the
/// presentation of the first frame that showed a change made while handling it.
///
/// Times are media times (`CACurrentMediaTime()`, seconds on the monotonic clock). A window
/// keeps the latest records in a bounded ring (``Window/inputTimings``) beside its frame
/// records and hands each to ``Window/onInputTiming`` when it is complete: at once for an
/// event whose handlers changed nothing in the window's tree (``frameNumber`` is nil), else
/// with the record of the frame that carried the change (``FrameTiming``).
public struct InputTiming: Equatable, Sendable {
    /// Which event it was.
    public enum Event: Equatable, Sendable {
        /// A pointer event (hover events, which go to layers alone, are not recorded).
        case pointer(PointerEvent.Kind)
        /// A key event (repeats included).
        case key(KeyEvent.Kind)
    }

    /// The window's event number: 1 for its first recorded event, one more for each after.
    public var eventNumber: UInt64
    /// Which event it was.
    public var event: Event
    /// The compositor's timestamp, in milliseconds (its clock's base is the compositor's).
    public var timestamp: UInt32
    /// When the event happened: the compositor's ``timestamp`` on the media clock when it is
    /// plausible (at most a second before the event arrived and not after it), else the
    /// arrival time. Compositors stamp events with their monotonic clock in milliseconds, so
    /// this is up to a millisecond early; a timestamp on another clock falls back to arrival.
    public var eventTime: Double
    /// When the window began handling the event.
    public var arrivalTime: Double
    /// The frame that first showed a change made while handling the event; nil when its
    /// handlers changed nothing (the event had no visible effect).
    public var frameNumber: UInt64?
    /// When that frame's buffer was committed to the surface (the commit of the frame's
    /// redraw when the event came after the frame was committed and was drawn into it once
    /// more before its refresh); nil without a frame.
    public var bufferCommitTime: Double?
    /// When that frame was presented; nil when the compositor discarded it, gave no feedback
    /// or there is no frame.
    public var presentationTime: Double?
    /// When that frame's callback came back; nil when it did not come or there is no frame.
    public var frameCallbackTime: Double?
    /// The refresh interval the compositor reported with the presentation (seconds); nil
    /// when it reported none.
    public var refreshInterval: Double?

    /// Makes a record (the window does; tests and tools may, too).
    public init(
        eventNumber: UInt64, event: Event, timestamp: UInt32, eventTime: Double, arrivalTime: Double,
        frameNumber: UInt64? = nil, bufferCommitTime: Double? = nil, presentationTime: Double? = nil,
        frameCallbackTime: Double? = nil, refreshInterval: Double? = nil
    ) {
        self.eventNumber = eventNumber
        self.event = event
        self.timestamp = timestamp
        self.eventTime = eventTime
        self.arrivalTime = arrivalTime
        self.frameNumber = frameNumber
        self.bufferCommitTime = bufferCommitTime
        self.presentationTime = presentationTime
        self.frameCallbackTime = frameCallbackTime
        self.refreshInterval = refreshInterval
    }

    /// Whether handling the event changed what the window shows (a frame carried it).
    public var hasVisibleEffect: Bool { frameNumber != nil }

    /// When the change was shown, as well as is known: its presentation, else its frame's
    /// callback (sway 1.7 headless presents nothing; some compositors have no
    /// `wp_presentation`); nil without either.
    public var shownTime: Double? { presentationTime ?? frameCallbackTime }

    /// Seconds from the event to the frame that showed its change (``shownTime``); nil when
    /// it had no visible effect or the frame's showing is unknown.
    public var latency: Double? { shownTime.map { $0 - eventTime } }

    /// ``latency`` in refresh intervals; nil without a latency or a reported refresh interval.
    public var latencyInRefreshIntervals: Double? {
        guard let latency, let refreshInterval, refreshInterval > 0 else { return nil }
        return latency / refreshInterval
    }

    /// The media time of a compositor `timestamp` (milliseconds) that arrived at `arrival`:
    /// the timestamp read as the low 32 bits of the monotonic clock in milliseconds; the
    /// arrival itself when that would put the event after its arrival or more than a second
    /// before it (a compositor on another clock, or one that lies).
    public static func eventTime(timestamp: UInt32, arrival: Double) -> Double {
        // A nanosecond's allowance, so an arrival on a whole millisecond (100.01 is
        // 100009.999… ms in binary) is read as that millisecond.
        let milliseconds = (arrival * 1000 + 1e-6).rounded(.down)
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds < 9.0e15 else { return arrival }
        let now = UInt32(truncatingIfNeeded: Int64(milliseconds))
        let age = now &- timestamp
        guard age <= 1000 else { return arrival }
        return arrival - Double(age) / 1000
    }

    /// One line for logs: `lamina: input-timing event=N pointer-pressed frame=F latency=…ms`
    /// (`latency=unknown` when the frame's showing is unknown), or `… no-effect`.
    public var logLine: String {
        let head = "lamina: input-timing event=\(eventNumber) \(event.name)"
        guard let frameNumber else { return head + " no-effect" }
        let shown = latency.map { String(format: "latency=%.2fms", $0 * 1000) } ?? "latency=unknown"
        return head + " frame=\(frameNumber) " + shown
    }
}

extension InputTiming.Event {
    /// A short name: `pointer-pressed`, `key-released`, ….
    public var name: String {
        switch self {
        case .pointer(let kind):
            switch kind {
            case .entered: return "pointer-entered"
            case .exited: return "pointer-exited"
            case .moved: return "pointer-moved"
            case .pressed: return "pointer-pressed"
            case .released: return "pointer-released"
            case .scrolled: return "pointer-scrolled"
            case .hoverEntered: return "pointer-hover-entered"
            case .hoverExited: return "pointer-hover-exited"
            }
        case .key(let kind):
            switch kind {
            case .pressed: return "key-pressed"
            case .released: return "key-released"
            case .repeated: return "key-repeated"
            }
        }
    }
}
