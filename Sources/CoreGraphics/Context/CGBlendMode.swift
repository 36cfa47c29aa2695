import CCairo

/// How drawn colours combine with the colours already in the context, with Apple's raw
/// values.
///
/// Every mode maps to a cairo operator except ``plusDarker``, which cairo lacks: Lamina
/// draws the shape into a group and combines it with the context's pixels by Apple's
/// formula in its own loop (32-bit bitmap contexts). The separable and non-separable modes (``multiply`` …
/// ``luminosity``) and the Porter-Duff modes (``clear`` … ``plusLighter``) follow cairo's
/// (PDF's) formulas. cairo treats ``sourceIn``, ``sourceOut``, ``destinationIn`` and
/// ``destinationAtop`` as unbounded: pixels inside the clip but outside the drawn shape
/// are affected too (cleared or kept as the Porter-Duff formula says for a transparent
/// source). ``clear`` and ``copy`` affect only the drawn shape.
public enum CGBlendMode: Int32, Sendable {
    /// Source over destination (the default).
    case normal = 0
    /// Source × destination: never lighter.
    case multiply
    /// Inverse of multiplying the inverses: never darker.
    case screen
    /// Multiply or screen depending on the destination.
    case overlay
    /// The darker of source and destination.
    case darken
    /// The lighter of source and destination.
    case lighten
    /// Brightens the destination to reflect the source.
    case colorDodge
    /// Darkens the destination to reflect the source.
    case colorBurn
    /// Darkens or lightens depending on the source, softly.
    case softLight
    /// Multiply or screen depending on the source.
    case hardLight
    /// The absolute difference of source and destination.
    case difference
    /// Like ``difference`` with lower contrast.
    case exclusion
    /// The source's hue with the destination's saturation and luminosity.
    case hue
    /// The source's saturation with the destination's hue and luminosity.
    case saturation
    /// The source's hue and saturation with the destination's luminosity.
    case color
    /// The source's luminosity with the destination's hue and saturation.
    case luminosity
    /// Clears the drawn area to transparent (`R = 0`).
    case clear
    /// Replaces the destination with the source (`R = S`).
    case copy
    /// The source where the destination is opaque (`R = S·Da`).
    case sourceIn
    /// The source where the destination is transparent (`R = S·(1 − Da)`).
    case sourceOut
    /// The source over the destination, kept inside the destination (`R = S·Da + D·(1 − Sa)`).
    case sourceAtop
    /// The destination over the source (`R = S·(1 − Da) + D`).
    case destinationOver
    /// The destination where the source is opaque (`R = D·Sa`).
    case destinationIn
    /// The destination where the source is transparent (`R = D·(1 − Sa)`).
    case destinationOut
    /// The destination over the source, kept inside the source (`R = S·(1 − Da) + D·Sa`).
    case destinationAtop
    /// Exclusive or (`R = S·(1 − Da) + D·(1 − Sa)`).
    case xor
    /// The sum of source and destination less one, at least 0
    /// (`R = MAX(0, 1 − ((1 − D) + (1 − S)))` for opaque colours; premultiplied,
    /// `R = MAX(0, Ra − ((Da − D) + (Sa − S)))` with `Ra = MIN(1, Sa + Da)`).
    case plusDarker
    /// The sum of source and destination, saturated (`R = MIN(1, S + D)`).
    case plusLighter

    /// The cairo operator drawing this mode.
    package var cairoOperator: cairo_operator_t {
        switch self {
        // plusDarker draws its group with OVER, then combines it in Lamina's loop.
        case .normal, .plusDarker: return CAIRO_OPERATOR_OVER
        case .multiply: return CAIRO_OPERATOR_MULTIPLY
        case .screen: return CAIRO_OPERATOR_SCREEN
        case .overlay: return CAIRO_OPERATOR_OVERLAY
        case .darken: return CAIRO_OPERATOR_DARKEN
        case .lighten: return CAIRO_OPERATOR_LIGHTEN
        case .colorDodge: return CAIRO_OPERATOR_COLOR_DODGE
        case .colorBurn: return CAIRO_OPERATOR_COLOR_BURN
        case .softLight: return CAIRO_OPERATOR_SOFT_LIGHT
        case .hardLight: return CAIRO_OPERATOR_HARD_LIGHT
        case .difference: return CAIRO_OPERATOR_DIFFERENCE
        case .exclusion: return CAIRO_OPERATOR_EXCLUSION
        case .hue: return CAIRO_OPERATOR_HSL_HUE
        case .saturation: return CAIRO_OPERATOR_HSL_SATURATION
        case .color: return CAIRO_OPERATOR_HSL_COLOR
        case .luminosity: return CAIRO_OPERATOR_HSL_LUMINOSITY
        case .clear: return CAIRO_OPERATOR_CLEAR
        case .copy: return CAIRO_OPERATOR_SOURCE
        case .sourceIn: return CAIRO_OPERATOR_IN
        case .sourceOut: return CAIRO_OPERATOR_OUT
        case .sourceAtop: return CAIRO_OPERATOR_ATOP
        case .destinationOver: return CAIRO_OPERATOR_DEST_OVER
        case .destinationIn: return CAIRO_OPERATOR_DEST_IN
        case .destinationOut: return CAIRO_OPERATOR_DEST_OUT
        case .destinationAtop: return CAIRO_OPERATOR_DEST_ATOP
        case .xor: return CAIRO_OPERATOR_XOR
        case .plusLighter: return CAIRO_OPERATOR_ADD
        }
    }

    /// Whether cairo lets this mode change pixels outside the drawn shape (but inside the clip).
    var isUnbounded: Bool {
        switch self {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return true
        default: return false
        }
    }
}
