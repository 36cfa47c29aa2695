import CoreGraphics

/// How a layer's group is combined with what is behind it: one of CoreGraphics' blend modes
/// (drawn with cairo's and pixman's operators), or one of the compositing formulas of Core
/// Image and Core Animation that CoreGraphics' operators lack (drawn by Lamina's own loop).
package enum CompositingOperator: Sendable, Hashable {
    /// A blend mode cairo and pixman draw (never ``CGBlendMode/plusDarker``, which is a
    /// ``CompositingFormula``).
    case blendMode(CGBlendMode)
    /// A formula Lamina draws itself.
    case formula(CompositingFormula)

    /// The operator drawing `mode`: ``CGBlendMode/plusDarker`` is Lamina's own formula.
    package init(_ mode: CGBlendMode) {
        self = mode == .plusDarker ? .formula(.plusDarker) : .blendMode(mode)
    }

    /// Whether this is plain source-over compositing.
    package var isSourceOver: Bool { self == .blendMode(.normal) }
}

/// The compositing formulas CoreGraphics' blend modes lack, on premultiplied colours `S`
/// (the layer) and `D` (behind it), each component in `0...1`.
///
/// The blend modes (``subtract`` … ``hardMix``) use the separable blend form of the PDF and
/// W3C compositing specifications, `R = S·(1 − Da) + D·(1 − Sa) + Sa·Da·B(Cd, Cs)` with
/// `Ra = Sa + Da − Sa·Da`, where `Cs` and `Cd` are the unpremultiplied colours and `B` the
/// formula each case gives. The others are per-component formulas on premultiplied values,
/// alpha included. Raw values are those of `lamina_compositing_formula` in the compositor's C
/// loops.
package enum CompositingFormula: Int32, Sendable, Hashable, CaseIterable {
    /// Apple's plus-darker: `R = MAX(0, Ra − ((Da − D) + (Sa − S)))` with
    /// `Ra = MIN(1, Sa + Da)`; for opaque colours `S + D − 1`.
    case plusDarker = 0
    /// Core Image's multiply compositing: `R = S·D`, alpha included.
    case multiplyCompositing
    /// Core Image's maximum compositing: `R = MAX(S, D)`, alpha included.
    case maximumCompositing
    /// Core Image's minimum compositing: `R = MIN(S, D)`, alpha included.
    case minimumCompositing
    /// `B = MAX(0, Cd − Cs)`.
    case subtract
    /// `B = Cd / Cs`, at most 1 (1 for `Cs = 0` unless `Cd = 0`).
    case divide
    /// `B = MAX(0, Cd + Cs − 1)`.
    case linearBurn
    /// `B = MIN(1, Cd + Cs)`.
    case linearDodge
    /// `B = Cd + 2·Cs − 1`, clamped to `0...1`.
    case linearLight
    /// `B = MIN(Cd, 2·Cs)` for `Cs ≤ ½`, else `MAX(Cd, 2·Cs − 1)`.
    case pinLight
    /// Colour burn of `Cd` by `2·Cs` for `Cs ≤ ½`, else colour dodge of `Cd` by `2·Cs − 1`.
    case vividLight
    /// `B = 1` where `Cd + Cs ≥ 1`, else 0.
    case hardMix
    /// Core Animation's `"dest"`: `R = D` (the layer leaves what is behind it).
    case destination
}
