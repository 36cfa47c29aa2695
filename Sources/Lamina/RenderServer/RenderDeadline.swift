/// When the render thread starts a frame of a continuing run: as late as the predicted
/// presentation allows, so input that arrives before then is in the frame (as mutter does).
///
/// The start is the frame's target time less the render time expected (the second longest of
/// the last ``sampleCount`` draws' plus ``renderMargin``) and less ``compositorMargin``, the time
/// a compositor wants a commit before the refresh (weston's default repaint window is 7 ms).
/// A frame's start keeps a safe margin (``frame``: a late frame misses its refresh); the
/// redraw of a committed frame for late input keeps none beyond the compositor's window
/// (``lateInputRedraw``: a late redraw is shown a refresh later, as the input would have been
/// without it). Used on the render thread only.
struct RenderDeadline {
    /// How many recent render times the estimate looks at.
    static let sampleCount = 16

    /// Seconds added to the second longest recent render time.
    let renderMargin: Double
    /// Seconds before the refresh that a commit must reach the compositor.
    let compositorMargin: Double

    private var durations: [Double] = []
    private var next = 0

    /// The deadline of a frame: 2 ms more than the second longest recent render, 8 ms for the
    /// compositor (a millisecond more than weston's repaint window).
    static let frame = RenderDeadline(renderMargin: 0.002, compositorMargin: 0.008)
    /// The deadline of a committed frame's redraw for late input: half a millisecond more
    /// than the second longest recent redraw (which draws what the input changed, not the whole
    /// frame), 7 ms for the compositor (weston's repaint window).
    static let lateInputRedraw = RenderDeadline(renderMargin: 0.0005, compositorMargin: 0.007)

    private init(renderMargin: Double, compositorMargin: Double) {
        self.renderMargin = renderMargin
        self.compositorMargin = compositorMargin
    }

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

    /// The render time expected of the next draw (seconds): the second longest of the recent
    /// draws (about their 90th percentile) plus ``renderMargin``. The longest is left out, so
    /// one draw the machine slowed down (another process took the core) does not start the
    /// next ``sampleCount`` frames earlier; a frame that does take longer than the estimate
    /// still has ``renderMargin`` and the compositor's margin.
    var renderEstimate: Double {
        let longest = durations.sorted(by: >).prefix(2)
        return (longest.last ?? 0) + renderMargin
    }

    /// Seconds before a repaint predicted from frame callbacks that a commit must reach the
    /// compositor: such a compositor sends its callbacks once it has repainted (sway 1.7 does,
    /// after drawing the output), so the callback is already later than the moment it took the
    /// surfaces' commits, and the margin covers only the render thread's wake-up and the
    /// commit's trip. 1.5 ms: on headless sway 1.7 with 3 ms, frames missed their repaint no
    /// less often (about one frame in 300, the first press's full redraw), and input waited
    /// 1.5 ms longer.
    static let callbackRepaintMargin = 0.0015

    /// When to start drawing a frame to be presented at `target` (a media time), keeping
    /// `compositorMargin` (default: this deadline's) before it.
    func startTime(forTarget target: Double, compositorMargin: Double? = nil) -> Double {
        target - renderEstimate - (compositorMargin ?? self.compositorMargin)
    }
}
