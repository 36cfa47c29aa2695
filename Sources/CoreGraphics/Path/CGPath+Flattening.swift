extension CGPath {
    /// A copy of the path with each curve replaced by line segments that stay within
    /// `threshold` units of it (Core Graphics' `flattened(threshold:)`); moves, lines and
    /// closes are kept as they are.
    ///
    /// Each curve is cut into equal parameter steps, as many as Wang's bound on the distance
    /// between a Bézier curve and its chords asks for that threshold (a curve that is already
    /// straight stays one segment). A threshold that is not positive and finite is taken as
    /// 0.001 units, and a curve is cut into at most 16,384 segments.
    public func flattened(threshold: CGFloat) -> CGPath {
        let tolerance = threshold.isFinite && threshold > 0 ? threshold : 0.001
        let result = CGMutablePath()
        var current = CGPoint.zero
        applyWithBlock { element in
            let points = element.pointee.points
            switch element.pointee.type {
            case .moveToPoint:
                result.move(to: points[0])
                current = points[0]
            case .addLineToPoint:
                result.addLine(to: points[0])
                current = points[0]
            case .addQuadCurveToPoint:
                let (p0, p1, p2) = (current, points[0], points[1])
                Self.addChords(of: [p0, p1, p2], to: result, tolerance: tolerance)
                current = p2
            case .addCurveToPoint:
                let (p0, p1, p2, p3) = (current, points[0], points[1], points[2])
                Self.addChords(of: [p0, p1, p2, p3], to: result, tolerance: tolerance)
                current = p3
            case .closeSubpath:
                result.closeSubpath()
            }
        }
        return result
    }

    /// Adds the chords of the Bézier curve with `control` points (its first is the current
    /// point) to `path`.
    private static func addChords(of control: [CGPoint], to path: CGMutablePath, tolerance: CGFloat) {
        let degree = control.count - 1
        // Wang's formula: n ≥ sqrt(d (d − 1) / 8 · M / tolerance), M the largest second difference.
        var largest: CGFloat = 0
        for i in 0..<(degree - 1) {
            let dx = control[i].x - 2 * control[i + 1].x + control[i + 2].x
            let dy = control[i].y - 2 * control[i + 1].y + control[i + 2].y
            largest = max(largest, (dx * dx + dy * dy).squareRoot())
        }
        let bound = (CGFloat(degree * (degree - 1)) / 8 * largest / tolerance).squareRoot()
        let segments = bound.isFinite ? min(max(Int(bound.rounded(.up)), 1), 16_384) : 16_384
        for step in 1...segments {
            let t = CGFloat(step) / CGFloat(segments)
            path.addLine(to: step == segments ? control[degree] : point(of: control, at: t))
        }
    }

    /// The point of the Bézier curve with `control` points at parameter `t` (de Casteljau).
    private static func point(of control: [CGPoint], at t: CGFloat) -> CGPoint {
        var points = control
        while points.count > 1 {
            points = (0..<(points.count - 1)).map { i in
                CGPoint(x: points[i].x + (points[i + 1].x - points[i].x) * t, y: points[i].y + (points[i + 1].y - points[i].y) * t)
            }
        }
        return points[0]
    }
}
