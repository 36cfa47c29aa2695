internal import Wayland

/// Which outputs a window's surface is on (`wl_surface.enter`/`leave`), the fractional scale
/// the compositor prefers for it (`wp_fractional_scale_v1`) and the integer one
/// (`wl_surface.preferred_buffer_scale`, surface version 6), and the scale that makes of
/// them: the preferred fractional scale when the compositor sends one and the window has a
/// viewport; else the preferred integer scale when it sends one; otherwise the largest
/// integer scale of the outputs the surface is on (of all outputs while it is on none, e.g.
/// before it is first shown).
@MainActor
final class SurfaceScaleTracker {
    /// The outputs the surface entered and has not left, in order.
    private var entered: [WlOutput] = []
    /// The compositor's preferred scale, in 120ths, once it sent a usable one.
    private var preferredNumerator: UInt32?
    /// The compositor's preferred integer buffer scale, once it sent a usable one.
    private var preferredBufferScale: Int?
    /// Whether fractional scales can be shown (the window has a `wp_viewport`).
    let canUseViewport: Bool

    init(canUseViewport: Bool) {
        self.canUseViewport = canUseViewport
    }

    /// The surface entered `output`; an output the window does not know (nil: one already
    /// gone) is ignored and described in the returned message.
    func enter(_ output: WlOutput?, known outputs: OutputScales) -> String? {
        guard let output, outputs.scale(of: output) != nil else {
            return "the compositor said the window entered an output it did not announce; ignored"
        }
        if !entered.contains(where: { $0 === output }) { entered.append(output) }
        return nil
    }

    /// The surface left `output` (one it never entered is ignored).
    func leave(_ output: WlOutput?) {
        entered.removeAll { $0 === output }
    }

    /// Forgets outputs that are gone (their globals were removed).
    func forgetOutputs(notIn outputs: OutputScales) {
        entered.removeAll { outputs.scale(of: $0) == nil }
    }

    /// The compositor prefers `numerator / 120`; 0 is refused (described in the returned
    /// message) and the scale stays as it was; values outside 1…8 are clamped.
    func setPreferred(numerator: UInt32) -> String? {
        guard numerator > 0 else {
            return "the compositor sent a fractional scale of 0; ignored"
        }
        let limit = UInt32(WindowScale.maximumFactor * 120)
        let clamped = min(max(numerator, 120), limit)
        preferredNumerator = clamped
        return clamped == numerator ? nil : "the compositor sent a fractional scale of \(numerator)/120; clamped to \(clamped)/120"
    }

    /// The compositor prefers buffers at the integer scale `factor`
    /// (`wl_surface.preferred_buffer_scale`); 0 and negative values are refused (described in
    /// the returned message) and the scale stays as it was; values above 8 are clamped.
    func setPreferredBufferScale(_ factor: Int32) -> String? {
        guard factor > 0 else {
            return "the compositor sent a preferred buffer scale of \(factor); ignored"
        }
        let clamped = min(Int(factor), WindowScale.maximumFactor)
        preferredBufferScale = clamped
        return clamped == Int(factor) ? nil : "the compositor sent a preferred buffer scale of \(factor); clamped to \(clamped)"
    }

    /// The scale to draw at, given the outputs' integer scales.
    func scale(outputs: OutputScales) -> WindowScale {
        if canUseViewport, let preferredNumerator {
            return WindowScale(factor: Double(preferredNumerator) / 120, usesViewport: true)
        }
        if let preferredBufferScale {
            return WindowScale(factor: Double(preferredBufferScale), usesViewport: false)
        }
        let onOutputs = entered.compactMap { outputs.scale(of: $0) }
        let integer = onOutputs.max() ?? outputs.maximum
        return WindowScale(factor: Double(min(max(integer, 1), WindowScale.maximumFactor)), usesViewport: false)
    }
}
