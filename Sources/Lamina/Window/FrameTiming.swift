import Foundation

/// Lamina: how one frame of a window went: when it was meant to be shown, how long the render
/// thread took to draw it, how many pixels it drew, and when the compositor showed it.
public struct FrameTiming: Equatable, Sendable {
    /// The media time (`CACurrentMediaTime()`, seconds) the frame was drawn for: its predicted
    /// presentation time, at which its animations were evaluated.
    public var targetTime: Double
    /// Seconds the render thread spent drawing the frame (finding its damage and drawing it).
    public var drawDuration: Double
    /// Pixels the frame drew (its damage, and what the reused buffer missed).
    public var drawnPixels: Int
    /// When the compositor showed the frame (monotonic seconds, `wp_presentation`); nil when
    /// it was discarded.
    public var presentationTime: Double?

    /// Seconds from the target to the presentation (negative: shown early); nil when discarded.
    public var latency: Double? { presentationTime.map { $0 - targetTime } }

    /// One line for logs: `frame-timing target=… draw=…ms pixels=… presented=…ms` (or `discarded`).
    public var logLine: String {
        let presented = latency.map { String(format: "presented=%+.2fms", $0 * 1000) } ?? "discarded"
        return String(format: "lamina: frame-timing target=%.4f draw=%.3fms pixels=%d ", targetTime, drawDuration * 1000, drawnPixels)
            + presented
    }
}
