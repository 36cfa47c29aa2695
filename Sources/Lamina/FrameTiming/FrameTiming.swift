import Foundation

/// Lamina: how one frame of a window went, from the commit that changed the tree to the
/// compositor's report that it was shown.
///
/// Times are media times (`CACurrentMediaTime()`, seconds on the monotonic clock, the clock
/// `wp_presentation` uses on Linux compositors). A window keeps the latest records in a
/// bounded ring (``Window/frameTimings``) and hands each to ``Window/onFrameTiming`` when it
/// is complete: when the compositor said whether it was presented and the frame callback came
/// back — or, where the compositor gives no feedback, with the frame callback alone.
public struct FrameTiming: Equatable, Sendable {
    /// What the compositor said about the frame.
    public enum Presentation: Equatable, Sendable {
        /// The frame reached the screen at `time`. `refreshInterval` is the output's refresh
        /// period in seconds (nil when the compositor reported 0: no constant rate);
        /// `sequence` the output's refresh counter (nil when the compositor reported 0: it
        /// has none); `flags` the `wp_presentation_feedback.kind` bits.
        case presented(time: Double, refreshInterval: Double?, sequence: UInt64?, flags: PresentationFlags)
        /// The compositor never showed the frame (replaced before a refresh, or the window
        /// was hidden). sway 1.7 headless reports every frame this way.
        case discarded
        /// No presentation feedback for the frame: the compositor offers no `wp_presentation`,
        /// or did not answer (sway 1.7 headless leaves most frames unanswered; after 60
        /// unanswered frames in a row a window stops asking). Only the frame callback is known.
        case unavailable
    }

    /// The `wp_presentation_feedback.kind` flags of a presented frame.
    public struct PresentationFlags: OptionSet, Equatable, Sendable {
        /// The protocol's bits.
        public let rawValue: UInt32
        /// Makes flags from the protocol's bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Shown in step with the display's refresh (no tearing).
        public static let vsync = PresentationFlags(rawValue: 0x1)
        /// The time comes from the display hardware's clock.
        public static let hardwareClock = PresentationFlags(rawValue: 0x2)
        /// The hardware signalled the completion of the presentation.
        public static let hardwareCompletion = PresentationFlags(rawValue: 0x4)
        /// The window's buffer was scanned out directly, without a copy.
        public static let zeroCopy = PresentationFlags(rawValue: 0x8)

        /// The flags' names, joined with `|` (`-` when there are none).
        public var names: String {
            let named: [(PresentationFlags, String)] = [
                (.vsync, "vsync"), (.hardwareClock, "hw_clock"), (.hardwareCompletion, "hw_completion"),
                (.zeroCopy, "zero_copy"),
            ]
            let present = named.filter { contains($0.0) }.map(\.1)
            return present.isEmpty ? "-" : present.joined(separator: "|")
        }
    }

    /// The window's frame number: 1 for its first committed frame, one more for each after.
    public var frameNumber: UInt64
    /// The media time the frame was drawn for: its predicted presentation time, at which its
    /// animations were evaluated.
    public var targetTime: Double
    /// When the main thread began committing the `CATransaction` whose changes this frame
    /// shows first; nil when the frame shows no new commit (the render thread drew it for
    /// its animations, or for a configure or a display link alone).
    public var commitBeginTime: Double?
    /// When that commit had been handed to the render thread; nil with ``commitBeginTime``.
    public var commitEndTime: Double?
    /// When the render thread began drawing the frame.
    public var renderBeginTime: Double
    /// When the render thread finished drawing it (damage found, pixels drawn).
    public var renderEndTime: Double
    /// When the buffer was committed to the surface (`wl_surface.commit`); for a frame drawn
    /// once more for late input and shown only as redrawn, when the redraw was committed.
    public var bufferCommitTime: Double
    /// When the frame callback of that commit came back (the compositor's sign that it is a
    /// good time to draw the next frame); nil when it did not come (a hidden window gets none).
    public var frameCallbackTime: Double?
    /// Pixels the frame drew (its damage, and what the reused buffer missed).
    public var drawnPixels: Int
    /// What the compositor said about the frame.
    public var presentation: Presentation
    /// Whether the window was idle before this frame: nothing was animating or waiting to be
    /// drawn when the previous frame's callback came back (or it is the window's first frame).
    /// The time since the previous frame was idle time, not a frame interval: this frame
    /// starts a new run of continuous animation, and summaries count no interval or missed
    /// refresh before it. Default false.
    public var followsIdle: Bool

    /// Makes a record (the render thread does; tests and tools may, too).
    public init(
        frameNumber: UInt64, targetTime: Double, commitBeginTime: Double? = nil, commitEndTime: Double? = nil,
        renderBeginTime: Double, renderEndTime: Double, bufferCommitTime: Double, frameCallbackTime: Double? = nil,
        drawnPixels: Int, presentation: Presentation, followsIdle: Bool = false
    ) {
        self.frameNumber = frameNumber
        self.targetTime = targetTime
        self.commitBeginTime = commitBeginTime
        self.commitEndTime = commitEndTime
        self.renderBeginTime = renderBeginTime
        self.renderEndTime = renderEndTime
        self.bufferCommitTime = bufferCommitTime
        self.frameCallbackTime = frameCallbackTime
        self.drawnPixels = drawnPixels
        self.presentation = presentation
        self.followsIdle = followsIdle
    }

    /// Seconds the render thread spent drawing the frame (finding its damage and drawing it).
    public var drawDuration: Double { renderEndTime - renderBeginTime }

    /// When the compositor showed the frame; nil when it was discarded or nothing is known.
    public var presentationTime: Double? {
        if case .presented(let time, _, _, _) = presentation { return time }
        return nil
    }

    /// Seconds from the target time to the presentation (negative: shown early); nil when
    /// not presented.
    public var latency: Double? { presentationTime.map { $0 - targetTime } }

    /// Seconds from the buffer commit to the presentation; nil when not presented.
    public var commitToPresentLatency: Double? { presentationTime.map { $0 - bufferCommitTime } }

    /// One line for logs: `lamina: frame-timing frame=… target=… draw=…ms pixels=… presented=…ms`
    /// (the presentation relative to the target), `discarded` or `unavailable`.
    public var logLine: String {
        let outcome: String
        switch presentation {
        case .presented: outcome = String(format: "presented=%+.2fms", (latency ?? 0) * 1000)
        case .discarded: outcome = "discarded"
        case .unavailable: outcome = "unavailable"
        }
        return String(
            format: "lamina: frame-timing target=%.4f frame=%llu draw=%.3fms pixels=%d ", targetTime, frameNumber,
            drawDuration * 1000, drawnPixels) + outcome
    }
}
