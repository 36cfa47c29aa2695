import CCairo

/// How the ends of stroked open subpaths are drawn.
public enum CGLineCap: Int32, Sendable {
    /// The line ends exactly at the end point (the default).
    case butt = 0
    /// A half circle of the line width's diameter is added at each end.
    case round = 1
    /// A half square of the line width is added at each end.
    case square = 2

    var cairoValue: cairo_line_cap_t {
        switch self {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        case .square: return CAIRO_LINE_CAP_SQUARE
        }
    }
}

/// How the corners between connected segments of a stroke are drawn.
public enum CGLineJoin: Int32, Sendable {
    /// Sharp corners, cut to a bevel when longer than the miter limit (the default).
    case miter = 0
    /// Rounded corners.
    case round = 1
    /// Corners cut flat.
    case bevel = 2

    var cairoValue: cairo_line_join_t {
        switch self {
        case .miter: return CAIRO_LINE_JOIN_MITER
        case .round: return CAIRO_LINE_JOIN_ROUND
        case .bevel: return CAIRO_LINE_JOIN_BEVEL
        }
    }
}

/// Which points are inside a path when it is filled, clipped or hit-tested.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number: inside when the path winds around the point (the default).
    case winding = 0
    /// Even-odd: inside when a ray from the point crosses the path an odd number of times.
    case evenOdd = 1

    var cairoValue: cairo_fill_rule_t {
        self == .winding ? CAIRO_FILL_RULE_WINDING : CAIRO_FILL_RULE_EVEN_ODD
    }
}

/// What ``CGContext/drawPath(using:)`` does with the current path.
public enum CGPathDrawingMode: Int32, Sendable {
    /// Fill with the non-zero winding rule.
    case fill = 0
    /// Fill with the even-odd rule.
    case eoFill = 1
    /// Stroke.
    case stroke = 2
    /// Fill (non-zero winding), then stroke.
    case fillStroke = 3
    /// Fill (even-odd), then stroke.
    case eoFillStroke = 4
}

/// How carefully images are resampled when drawn scaled or transformed.
///
/// Lamina maps the levels to cairo filters: ``none`` nearest neighbour, ``low`` bilinear,
/// ``default`` and ``medium`` cairo's "good", ``high`` cairo's "best".
public enum CGInterpolationQuality: Int32, Sendable {
    /// The context's default (cairo's "good" filter).
    case `default` = 0
    /// Nearest neighbour: no smoothing.
    case none = 1
    /// Bilinear.
    case low = 2
    /// cairo's "good" filter.
    case medium = 4
    /// cairo's "best" filter (slowest).
    case high = 3

    var cairoFilter: cairo_filter_t {
        switch self {
        case .none: return CAIRO_FILTER_NEAREST
        case .low: return CAIRO_FILTER_BILINEAR
        case .default, .medium: return CAIRO_FILTER_GOOD
        case .high: return CAIRO_FILTER_BEST
        }
    }
}
