/// Something paths are built into: ``CGMutablePath``'s storage or a context's cairo path.
///
/// The shapes (arcs, ellipses, rounded rectangles, rectangles, quadratic curves) are
/// turned into move/line/cubic elements here, once, so a path built on a context and the
/// same path built as a `CGPath` have the same geometry.
protocol PathSink {
    /// The current point in the coordinates elements are emitted in, if any.
    var sinkCurrentPoint: CGPoint? { get }
    /// Starts a subpath at `point`.
    mutating func sinkMove(to point: CGPoint)
    /// Adds a line to `point`.
    mutating func sinkLine(to point: CGPoint)
    /// Adds a cubic Bézier curve to `point`.
    mutating func sinkCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint)
    /// Adds a quadratic Bézier curve to `point`.
    mutating func sinkQuadCurve(to point: CGPoint, control: CGPoint)
    /// Closes the current subpath.
    mutating func sinkClose()
}

/// The Bézier constant for a quarter circle: `4/3 · (√2 − 1)`.
let quarterArcKappa: CGFloat = 0.552_284_749_830_793_4

extension PathSink {
    /// Adds a rectangle as a closed subpath: min corner, +x, max corner, +y.
    mutating func appendRect(_ rect: CGRect, transform t: CGAffineTransform) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        sinkMove(to: CGPoint(x: r.minX, y: r.minY).applying(t))
        sinkLine(to: CGPoint(x: r.maxX, y: r.minY).applying(t))
        sinkLine(to: CGPoint(x: r.maxX, y: r.maxY).applying(t))
        sinkLine(to: CGPoint(x: r.minX, y: r.maxY).applying(t))
        sinkClose()
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic curves,
    /// starting at (maxX, midY) and going towards (midX, maxY) (increasing angle).
    mutating func appendEllipse(in rect: CGRect, transform t: CGAffineTransform) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        sinkMove(to: CGPoint(x: r.maxX, y: r.midY).applying(t))
        appendEllipticalArc(
            center: center, radiusX: r.width / 2, radiusY: r.height / 2,
            startAngle: 0, sweep: 2 * .pi, transform: t)
        sinkClose()
    }

    /// Adds a rectangle with elliptical corners; the corner sizes are clamped to
    /// `0...half the side`. Zero corners give a plain rectangle.
    mutating func appendRoundedRect(
        _ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform t: CGAffineTransform
    ) {
        guard !rect.isNull else { return }
        let r = rect.standardized
        let cw = cornerWidth.isNaN ? 0 : min(max(cornerWidth, 0), r.width / 2)
        let ch = cornerHeight.isNaN ? 0 : min(max(cornerHeight, 0), r.height / 2)
        guard cw > 0, ch > 0 else {
            appendRect(r, transform: t)
            return
        }
        sinkMove(to: CGPoint(x: r.minX + cw, y: r.minY).applying(t))
        sinkLine(to: CGPoint(x: r.maxX - cw, y: r.minY).applying(t))
        appendEllipticalArc(
            center: CGPoint(x: r.maxX - cw, y: r.minY + ch), radiusX: cw, radiusY: ch,
            startAngle: -.pi / 2, sweep: .pi / 2, transform: t)
        sinkLine(to: CGPoint(x: r.maxX, y: r.maxY - ch).applying(t))
        appendEllipticalArc(
            center: CGPoint(x: r.maxX - cw, y: r.maxY - ch), radiusX: cw, radiusY: ch,
            startAngle: 0, sweep: .pi / 2, transform: t)
        sinkLine(to: CGPoint(x: r.minX + cw, y: r.maxY).applying(t))
        appendEllipticalArc(
            center: CGPoint(x: r.minX + cw, y: r.maxY - ch), radiusX: cw, radiusY: ch,
            startAngle: .pi / 2, sweep: .pi / 2, transform: t)
        sinkLine(to: CGPoint(x: r.minX, y: r.minY + ch).applying(t))
        appendEllipticalArc(
            center: CGPoint(x: r.minX + cw, y: r.minY + ch), radiusX: cw, radiusY: ch,
            startAngle: .pi, sweep: .pi / 2, transform: t)
        sinkClose()
    }

    /// Adds cubic curves along an ellipse from `startAngle` through `sweep` radians
    /// (positive = increasing angle), at most a quarter turn per curve. The first point is
    /// assumed to be the current point already.
    mutating func appendEllipticalArc(
        center: CGPoint, radiusX: CGFloat, radiusY: CGFloat, startAngle: CGFloat, sweep: CGFloat,
        transform t: CGAffineTransform
    ) {
        guard sweep != 0, sweep.isFinite, startAngle.isFinite else { return }
        // More than two turns retrace the same ellipse: keep one full turn plus the
        // remainder (the same end angle), so a huge sweep neither traps nor hangs.
        var sweep = sweep
        let turn = 2 * CGFloat.pi
        if abs(sweep) > 2 * turn {
            let remainder = sweep.truncatingRemainder(dividingBy: turn)
            sweep = remainder + (sweep < 0 ? -turn : turn)
        }
        let count = max(1, Int((abs(sweep) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / CGFloat(count)
        let k = 4 / 3 * tan(step / 4)
        var angle = startAngle
        var cosA = cos(angle), sinA = sin(angle)
        for index in 0..<count {
            let next = index == count - 1 ? startAngle + sweep : angle + step
            let cosB = cos(next), sinB = sin(next)
            let c1 = CGPoint(x: center.x + radiusX * (cosA - k * sinA), y: center.y + radiusY * (sinA + k * cosA))
            let c2 = CGPoint(x: center.x + radiusX * (cosB + k * sinB), y: center.y + radiusY * (sinB - k * cosB))
            let end = CGPoint(x: center.x + radiusX * cosB, y: center.y + radiusY * sinB)
            sinkCurve(to: end.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            angle = next
            cosA = cosB
            sinA = sinB
        }
    }

    /// Apple's `addArc(center:radius:startAngle:endAngle:clockwise:)`: a line from the
    /// current point (or a move, when there is none) to the arc's start, then the arc.
    ///
    /// `clockwise == false` sweeps towards increasing angles (counter-clockwise in a y-up
    /// space), the sweep being `endAngle − startAngle` reduced into `[0, 2π)` — or a full
    /// circle when the difference is already `2π` or more; `clockwise == true` mirrors this.
    mutating func appendArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform t: CGAffineTransform
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, endAngle.isFinite else {
            return
        }
        let twoPi = 2 * CGFloat.pi
        let raw = clockwise ? startAngle - endAngle : endAngle - startAngle
        var sweep: CGFloat
        if raw >= twoPi {
            sweep = twoPi
        } else {
            sweep = raw.truncatingRemainder(dividingBy: twoPi)
            if sweep < 0 { sweep += twoPi }
        }
        if clockwise { sweep = -sweep }
        appendRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: sweep, transform: t)
    }

    /// Apple's `addRelativeArc(center:radius:startAngle:delta:)`: a line (or move) to the
    /// arc's start, then an arc through `delta` radians (positive = increasing angle).
    mutating func appendRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform t: CGAffineTransform
    ) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, startAngle.isFinite, delta.isFinite else {
            return
        }
        let r = abs(radius)
        let start = CGPoint(x: center.x + r * cos(startAngle), y: center.y + r * sin(startAngle)).applying(t)
        if sinkCurrentPoint == nil {
            sinkMove(to: start)
        } else {
            sinkLine(to: start)
        }
        appendEllipticalArc(center: center, radiusX: r, radiusY: r, startAngle: startAngle, sweep: delta, transform: t)
    }

    /// Apple's `addArc(tangent1End:tangent2End:radius:)` (PostScript `arct`): a line from
    /// the current point towards `tangent1End`, then an arc of `radius` tangent to the lines
    /// current point → `tangent1End` and `tangent1End` → `tangent2End`. When the points are
    /// collinear or the radius is 0 it adds a line to `tangent1End`. `current` is the
    /// current point in untransformed coordinates.
    mutating func appendTangentArc(
        from current: CGPoint, tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat,
        transform t: CGAffineTransform
    ) {
        guard p1.x.isFinite, p1.y.isFinite, p2.x.isFinite, p2.y.isFinite, radius.isFinite else { return }
        let v1 = CGVector(dx: current.x - p1.x, dy: current.y - p1.y)
        let v2 = CGVector(dx: p2.x - p1.x, dy: p2.y - p1.y)
        let l1 = (v1.dx * v1.dx + v1.dy * v1.dy).squareRoot()
        let l2 = (v2.dx * v2.dx + v2.dy * v2.dy).squareRoot()
        let cross = v1.dx * v2.dy - v1.dy * v2.dx
        guard radius > 0, l1 > 0, l2 > 0, abs(cross) > 1e-12 * l1 * l2 else {
            sinkLine(to: p1.applying(t))
            return
        }
        let u1 = CGVector(dx: v1.dx / l1, dy: v1.dy / l1)
        let u2 = CGVector(dx: v2.dx / l2, dy: v2.dy / l2)
        let cosTheta = max(-1, min(1, u1.dx * u2.dx + u1.dy * u2.dy))
        let theta = acos(cosTheta)  // angle between the two tangent lines at p1
        let distance = radius / tan(theta / 2)  // from p1 to each tangent point
        let start = CGPoint(x: p1.x + u1.dx * distance, y: p1.y + u1.dy * distance)
        let end = CGPoint(x: p1.x + u2.dx * distance, y: p1.y + u2.dy * distance)
        let bisector = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bisectorLength = (bisector.dx * bisector.dx + bisector.dy * bisector.dy).squareRoot()
        let centerDistance = radius / sin(theta / 2)
        let center = CGPoint(
            x: p1.x + bisector.dx / bisectorLength * centerDistance,
            y: p1.y + bisector.dy / bisectorLength * centerDistance)
        let startAngle = atan2(start.y - center.y, start.x - center.x)
        let endAngle = atan2(end.y - center.y, end.x - center.x)
        var sweep = endAngle - startAngle
        // The arc is the short way round, turning the way the corner turns.
        if cross > 0 {
            // p0 → p1 → p2 turns clockwise (y-up): the arc's angle decreases.
            while sweep > 0 { sweep -= 2 * .pi }
        } else {
            while sweep < 0 { sweep += 2 * .pi }
        }
        sinkLine(to: start.applying(t))
        appendEllipticalArc(center: center, radiusX: radius, radiusY: radius, startAngle: startAngle, sweep: sweep, transform: t)
    }
}
