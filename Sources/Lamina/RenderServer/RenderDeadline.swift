/// When the render thread starts a frame of a continuing run: as late as the predicted
/// presentation allows, so input that arrives before then is in the frame (as mutter does).
///
/// The start is the frame's target time less the render time expected (the longest of the
/// last ``sampleCount`` frames' plus ``renderMargin``) and less ``compositorMargin``, the time
/// a compositor wants a commit before the refresh (weston's default repaint window is 7 ms).
/// Used on the render thread only.
struct RenderDeadline {
    /// How many recent render times the estimate looks at.
    static let sampleCount = 16
    /// Seconds added to the longest recent render time.
    static let renderMargin = 0.002
    /// Seconds before the refresh that a commit must reach the compositor.
    static let compositorMargin = 0.008

    private var durations: [Double] = []
    private var next = 0

    /// Notes how long a frame took to draw (values that are not finite and positive count
    /// as 0).
    mutating func add(drawDuration: Double) {
        let duration = drawDuration.isFinite && drawDuration > 0 ? drawDuration : 0
        if durations.count < Self.sampleCount {
            durations.append(duration)
        } else {
            durations[next] = duration
            next = (next + 1) % Self.sampleCount
        }
    }

    /// The render time expected of the next frame (seconds).
    var renderEstimate: Double { (durations.max() ?? 0) + Self.renderMargin }

    /// When to start drawing a frame to be presented at `target` (a media time).
    func startTime(forTarget target: Double) -> Double {
        target - renderEstimate - Self.compositorMargin
    }
}
