import Foundation
import Lamina

/// A frame's line, in the manner of `weston-presentation-shm`: frame callback to render
/// (`f2c`), render time, commit to presentation (`c2p`), presentation to presentation
/// (`p2p`), the refresh interval, counter and flags — or, when the compositor showed no
/// frame, commit to frame callback (`c2f`) and frame callback to frame callback (`f2f`).
///
///     frame 42: f2c 0.31 ms, render 1.02 ms, c2p 23.95 ms, p2p 25.00 ms, refresh 16.67 ms, seq 1523, vsync
///     frame 42: f2c 0.31 ms, render 1.02 ms, discarded, c2f 16.55 ms, f2f 16.67 ms
func frameLine(_ timing: FrameTiming, previous: FrameTiming?) -> String {
    func ms(_ seconds: Double?) -> String { seconds.map { String(format: "%.2f ms", $0 * 1000) } ?? "-" }
    var parts: [String] = []
    // The frame was started by the previous frame's callback when it began after it.
    let started = previous?.frameCallbackTime.flatMap { timing.renderBeginTime >= $0 ? timing.renderBeginTime - $0 : nil }
    parts.append("f2c \(ms(started))")
    parts.append("render \(ms(timing.drawDuration))")
    switch timing.presentation {
    case .presented(let time, let refresh, let sequence, let flags):
        parts.append("c2p \(ms(time - timing.bufferCommitTime))")
        parts.append("p2p \(ms(previous?.presentationTime.map { time - $0 }))")
        parts.append("refresh \(ms(refresh))")
        parts.append("seq \(sequence.map(String.init) ?? "-")")
        parts.append(flags.names)
    case .discarded, .unavailable:
        parts.append(timing.presentation == .discarded ? "discarded" : "no feedback")
        parts.append("c2f \(ms(timing.frameCallbackTime.map { $0 - timing.bufferCommitTime }))")
        let callbacks = timing.frameCallbackTime.flatMap { now in previous?.frameCallbackTime.map { now - $0 } }
        parts.append("f2f \(ms(callbacks))")
    }
    return "frame \(timing.frameNumber): " + parts.joined(separator: ", ")
}
