import CCairo
import CoreGraphics

// Apple's continuous corner (`CALayerCornerCurve.continuous`): instead of a quarter circle
// that meets the edges with a jump in curvature, the curve leaves each edge 1.528665 radii
// from the corner (``CALayer/cornerCurveExpansionFactor(_:)``) and bends gradually — three
// cubic Béziers per corner, through a nearly circular middle. The points below are the
// published measurements of Apple's curve, in radii from the corner: (along the edge the
// curve comes from, along the edge it goes to).
extension RenderPass {
    /// How many radii from its corner the curve leaves each edge (Apple's expansion factor).
    private static let continuousExtent = Double(CALayer.cornerCurveExpansionFactor(.continuous))

    /// The cubics of one continuous corner, each as (control 1, control 2, end), after the
    /// start point (``continuousExtent``, 0).
    private static let continuousCorner: [((Double, Double), (Double, Double), (Double, Double))] = [
        ((1.088493, 0), (0.868407, 0), (0.631494, 0.074911)),
        ((0.372824, 0.169059), (0.169059, 0.372824), (0.074911, 0.631494)),
        ((0, 0.868407), (0, 1.088493), (0, continuousExtent)),
    ]

    /// Whether a rectangle of `rect`'s size leaves room for continuous corners of `radius`:
    /// each needs 1.528665 radii of both its edges. Where it does not, the corners are drawn
    /// as quarter circles (a radius of half the shorter side makes a capsule either way).
    static func continuousCornersFit(radius: CGFloat, in rect: CGRect) -> Bool {
        radius > 0 && Double(radius) * continuousExtent <= Double(min(rect.width, rect.height)) / 2
    }

    /// Adds the continuous corner at (`x`, `y`) of `radius`, reached along the edge in
    /// direction -`back` and leaving along `forward` (unit vectors), to the current path.
    func addContinuousCorner(atX x: Double, y: Double, back: (Double, Double), forward: (Double, Double), radius r: Double) {
        func point(_ p: (Double, Double)) -> (Double, Double) {
            (x + r * (p.0 * back.0 + p.1 * forward.0), y + r * (p.0 * back.1 + p.1 * forward.1))
        }
        let start = point((Self.continuousExtent, 0))
        if cairo_has_current_point(cr) != 0 {
            cairo_line_to(cr, start.0, start.1)
        } else {
            cairo_move_to(cr, start.0, start.1)
        }
        for (c1, c2, end) in Self.continuousCorner {
            let (p1, p2, p3) = (point(c1), point(c2), point(end))
            cairo_curve_to(cr, p1.0, p1.1, p2.0, p2.1, p3.0, p3.1)
        }
    }
}
