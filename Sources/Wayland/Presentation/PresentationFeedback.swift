/// What the compositor says about one committed frame (`wp_presentation_feedback`).
public enum PresentationResult: Equatable, Sendable {
    /// The frame reached the screen at `time` (seconds on the presentation clock).
    case presented(time: Double, refreshNanoseconds: UInt32, sequence: UInt64, flags: UInt32)
    /// The frame was never shown (replaced, or the window is hidden).
    case discarded
}

/// `wp_presentation`: asks for feedback on committed frames.
public final class PresentationTiming {
    /// The bound global.
    public let presentation: WpPresentation
    /// The clock the timestamps use (a `clockid_t`, e.g. `CLOCK_MONOTONIC`).
    public private(set) var clockID: UInt32?
    /// The feedback requests still waiting for an answer, and the order they were made in
    /// (oldest first; keys of answered ones are dropped lazily).
    private var outstanding: [UInt64: WpPresentationFeedback] = [:]
    private var order: [UInt64] = []
    /// The key of the next request (never reused, unlike an object's identity).
    private var nextKey: UInt64 = 0

    /// The most feedback requests kept waiting for an answer. A compositor may leave
    /// feedback unanswered for good (sway 1.7 headless leaves most); past this many, the
    /// oldest is given up: its object is destroyed (an answer that still comes is ignored)
    /// and its handler never runs, so a long run keeps no more than this many.
    public static let maximumOutstanding = 64

    /// How many feedback requests are waiting for an answer.
    public var outstandingCount: Int { outstanding.count }

    /// Wraps the bound `wp_presentation` global and records its clock.
    public init(presentation: WpPresentation) {
        self.presentation = presentation
        presentation.onEvent = { [weak self] event in
            if case .clockId(let clock) = event { self?.clockID = clock }
        }
    }

    /// Requests feedback for the next commit of `surface`; `handler` runs once.
    public func feedback(for surface: WlSurface, _ handler: @escaping (PresentationResult) -> Void) throws(WaylandError) {
        let feedback = try presentation.feedback(surface: surface)
        let key = nextKey
        nextKey &+= 1
        outstanding[key] = feedback
        order.append(key)
        giveUpOnOldest()
        feedback.onEvent = { [weak self] event in
            switch event {
            case .presented(let secondsHigh, let secondsLow, let nanoseconds, let refresh, let sequenceHigh, let sequenceLow, let flags):
                let seconds = Double(UInt64(secondsHigh) << 32 | UInt64(secondsLow))
                handler(.presented(
                    time: seconds + Double(nanoseconds) / 1e9, refreshNanoseconds: refresh,
                    sequence: UInt64(sequenceHigh) << 32 | UInt64(sequenceLow), flags: flags.rawValue))
                self?.outstanding[key] = nil
            case .discarded:
                handler(.discarded)
                self?.outstanding[key] = nil
            case .syncOutput:
                break
            }
        }
    }

    /// Gives up on the oldest requests while more than ``maximumOutstanding`` wait.
    private func giveUpOnOldest() {
        if order.count > 2 * Self.maximumOutstanding { order.removeAll { outstanding[$0] == nil } }
        var dropped = 0
        while outstanding.count > Self.maximumOutstanding, dropped < order.count {
            // Releasing the object destroys its proxy (the interface has no destructor request).
            outstanding[order[dropped]] = nil
            dropped += 1
        }
        order.removeFirst(dropped)
    }
}
