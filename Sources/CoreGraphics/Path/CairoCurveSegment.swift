import CCairo

/// Curve segments handed to cairo, with the straight ones handed over as lines.
///
/// A cubic whose control points each sit on one of its end points (Lottie's rectangles,
/// `addCurve` with zero tangents) or a quadratic whose control point does, is the straight
/// segment between its end points, traversed once from start to end. Cairo rasterizes a
/// path with any curve in it at fifteen sub-rows per pixel, so such a rectangle's top and
/// bottom edges came out up to half of a fifteenth of a pixel off (up to 8 of 255), where
/// Core Graphics fills exact coverage; a path of lines that are all horizontal or vertical
/// takes cairo's exact path. The shape, its stroke, dashes and caps are the same either way.
package enum CairoCurveSegment {
    /// Adds a cubic from `start` through `control1` and `control2` to `end` to cairo's
    /// current path (a line when the curve is straight).
    @inline(__always)
    package static func cubic(
        _ cr: OpaquePointer, from start: CGPoint, _ control1: CGPoint, _ control2: CGPoint, to end: CGPoint
    ) {
        if isStraight(from: start, control1, control2, to: end) {
            cairo_line_to(cr, Double(end.x), Double(end.y))
        } else {
            cairo_curve_to(
                cr, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
                Double(end.x), Double(end.y))
        }
    }

    /// Adds a quadratic from `start` through `control` to `end` to cairo's current path, as
    /// the same curve in cubic form (a line when the curve is straight).
    @inline(__always)
    package static func quadratic(_ cr: OpaquePointer, from start: CGPoint, _ control: CGPoint, to end: CGPoint) {
        if control == start || control == end {
            cairo_line_to(cr, Double(end.x), Double(end.y))
            return
        }
        let (control1, control2) = PathGeometry.cubicControls(from: start, quadControl: control, to: end)
        cairo_curve_to(
            cr, Double(control1.x), Double(control1.y), Double(control2.x), Double(control2.y),
            Double(end.x), Double(end.y))
    }

    /// Whether the cubic is the straight segment from `start` to `end`: each control point
    /// is one of the end points.
    @inline(__always)
    package static func isStraight(from start: CGPoint, _ control1: CGPoint, _ control2: CGPoint, to end: CGPoint) -> Bool {
        (control1 == start || control1 == end) && (control2 == start || control2 == end)
    }
}
