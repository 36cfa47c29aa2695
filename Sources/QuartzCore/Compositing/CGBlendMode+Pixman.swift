import CPixman

extension CGBlendMode {
    /// The pixman operator compositing with this mode (the one cairo's image backend uses
    /// for ``cairoOperator``).
    var pixmanOperator: pixman_op_t {
        switch self {
        case .normal, .plusDarker: PIXMAN_OP_OVER
        case .multiply: PIXMAN_OP_MULTIPLY
        case .screen: PIXMAN_OP_SCREEN
        case .overlay: PIXMAN_OP_OVERLAY
        case .darken: PIXMAN_OP_DARKEN
        case .lighten: PIXMAN_OP_LIGHTEN
        case .colorDodge: PIXMAN_OP_COLOR_DODGE
        case .colorBurn: PIXMAN_OP_COLOR_BURN
        case .softLight: PIXMAN_OP_SOFT_LIGHT
        case .hardLight: PIXMAN_OP_HARD_LIGHT
        case .difference: PIXMAN_OP_DIFFERENCE
        case .exclusion: PIXMAN_OP_EXCLUSION
        case .hue: PIXMAN_OP_HSL_HUE
        case .saturation: PIXMAN_OP_HSL_SATURATION
        case .color: PIXMAN_OP_HSL_COLOR
        case .luminosity: PIXMAN_OP_HSL_LUMINOSITY
        case .clear: PIXMAN_OP_CLEAR
        case .copy: PIXMAN_OP_SRC
        case .sourceIn: PIXMAN_OP_IN
        case .sourceOut: PIXMAN_OP_OUT
        case .sourceAtop: PIXMAN_OP_ATOP
        case .destinationOver: PIXMAN_OP_OVER_REVERSE
        case .destinationIn: PIXMAN_OP_IN_REVERSE
        case .destinationOut: PIXMAN_OP_OUT_REVERSE
        case .destinationAtop: PIXMAN_OP_ATOP_REVERSE
        case .xor: PIXMAN_OP_XOR
        case .plusLighter: PIXMAN_OP_ADD
        }
    }

    /// Whether cairo draws this mode unbounded: pixels inside the clip but outside what is
    /// drawn change too.
    var isUnbounded: Bool {
        switch self {
        case .sourceIn, .sourceOut, .destinationIn, .destinationAtop: true
        default: false
        }
    }
}

extension CompositingOperator {
    /// Whether cairo draws this unbounded: pixels inside the clip but outside what is drawn
    /// change too (Lamina's own formulas leave them).
    var isUnbounded: Bool {
        guard case .blendMode(let mode) = self else { return false }
        return mode.isUnbounded
    }
}
