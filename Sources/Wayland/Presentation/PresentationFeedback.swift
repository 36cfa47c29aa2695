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
    private var outstanding: [ObjectIdentifier: WpPresentationFeedback] = [:]

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
        let key = ObjectIdentifier(feedback)
        outstanding[key] = feedback
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
}
