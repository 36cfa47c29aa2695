/// Splits a path into dashes, keeping lines as lines and curves as (sub)curves.
///
/// Curve lengths are measured by flattening; each dash boundary inside a curve is found by
/// arc length and the curve is cut there exactly (de Casteljau), so dashes follow the
/// original curve. Quadratic curves are treated as their cubic equivalents.
struct PathDasher {
    let lengths: [CGFloat]
    let phase: CGFloat
    var output = PathStorage()

    // Dash state.
    private var index = 0
    private var remaining: CGFloat = 0
    private var isOn = true
    private var penDown = false

    init(lengths: [CGFloat], phase: CGFloat) {
        self.lengths = lengths
        self.phase = phase
    }

    /// Restarts the pattern at the phase (each subpath starts the pattern afresh, as in
    /// Apple's and cairo's dashing).
    private mutating func resetPattern() {
        let total = lengths.reduce(0, +)
        var offset = phase.truncatingRemainder(dividingBy: total)
        if offset < 0 { offset += total }
        index = 0
        isOn = true
        while offset >= lengths[index] && offset > 0 {
            offset -= lengths[index]
            index = (index + 1) % lengths.count
            isOn.toggle()
        }
        remaining = lengths[index] - offset
        penDown = false
    }

    private mutating func advancePattern() {
        index = (index + 1) % lengths.count
        isOn.toggle()
        remaining = lengths[index]
        penDown = false
    }

    mutating func dash(_ path: PathStorage) {
        let tolerance = PathGeometry.tolerance(for: path)
        var last = CGPoint.zero
        var start = CGPoint.zero
        let p = path.points
        path.forEachElement { kind, i in
            switch kind {
            case .moveToPoint:
                last = p[i]
                start = p[i]
                resetPattern()
            case .addLineToPoint:
                line(last, p[i])
                last = p[i]
            case .addQuadCurveToPoint:
                let (c1, c2) = PathGeometry.cubicControls(from: last, quadControl: p[i], to: p[i + 1])
                curve(last, c1, c2, p[i + 1], tolerance: tolerance)
                last = p[i + 1]
            case .addCurveToPoint:
                curve(last, p[i], p[i + 1], p[i + 2], tolerance: tolerance)
                last = p[i + 2]
            case .closeSubpath:
                line(last, start)
                last = start
            }
        }
    }

    private mutating func line(_ a: CGPoint, _ b: CGPoint) {
        let length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard length > 0 else { return }
        var t0: CGFloat = 0
        while true {
            let left = length * (1 - t0)
            let step = min(remaining, left)
            let t1 = t0 + step / length
            if isOn {
                let from = CGPoint(x: a.x + (b.x - a.x) * t0, y: a.y + (b.y - a.y) * t0)
                let to = t1 >= 1 ? b : CGPoint(x: a.x + (b.x - a.x) * t1, y: a.y + (b.y - a.y) * t1)
                if !penDown {
                    output.sinkMove(to: from)
                    penDown = true
                }
                output.sinkLine(to: to)
            }
            remaining -= step
            if remaining <= 1e-12 { advancePattern() }
            if step >= left { return }
            t0 = t1
        }
    }

    private mutating func curve(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat) {
        // Arc-length table.
        let count = PathGeometry.segmentCount(p0, p1, p2, p3, tolerance: tolerance)
        var ts: [CGFloat] = [0]
        var lengths: [CGFloat] = [0]
        var previous = p0
        for step in 1...count {
            let t = CGFloat(step) / CGFloat(count)
            let point = PathGeometry.cubicPoint(p0, p1, p2, p3, t)
            lengths.append(lengths[lengths.count - 1] + ((point.x - previous.x) * (point.x - previous.x) + (point.y - previous.y) * (point.y - previous.y)).squareRoot())
            ts.append(t)
            previous = point
        }
        let total = lengths[lengths.count - 1]
        guard total > 0 else { return }
        func parameter(at s: CGFloat) -> CGFloat {
            if s <= 0 { return 0 }
            if s >= total { return 1 }
            var low = 0, high = lengths.count - 1
            while high - low > 1 {
                let mid = (low + high) / 2
                if lengths[mid] < s { low = mid } else { high = mid }
            }
            let span = lengths[high] - lengths[low]
            let fraction = span > 0 ? (s - lengths[low]) / span : 0
            return ts[low] + (ts[high] - ts[low]) * fraction
        }
        var s0: CGFloat = 0
        while true {
            let step = min(remaining, total - s0)
            let s1 = s0 + step
            if isOn {
                let piece = PathDasher.subcurve(p0, p1, p2, p3, from: parameter(at: s0), to: s1 >= total ? 1 : parameter(at: s1))
                if !penDown {
                    output.sinkMove(to: piece.0)
                    penDown = true
                }
                output.sinkCurve(to: piece.3, control1: piece.1, control2: piece.2)
            }
            remaining -= step
            if remaining <= 1e-12 { advancePattern() }
            if s1 >= total { return }
            s0 = s1
        }
    }

    /// The part of a cubic between parameters `t0` and `t1`.
    static func subcurve(
        _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, from t0: CGFloat, to t1: CGFloat
    ) -> (CGPoint, CGPoint, CGPoint, CGPoint) {
        // Keep [0, t1], then the part of that after t0 / t1.
        let left = split(p0, p1, p2, p3, at: t1).0
        guard t1 > 0 else { return (p0, p0, p0, p0) }
        return split(left.0, left.1, left.2, left.3, at: t0 / t1).1
    }

    /// de Casteljau split at `t`.
    static func split(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat)
        -> ((CGPoint, CGPoint, CGPoint, CGPoint), (CGPoint, CGPoint, CGPoint, CGPoint))
    {
        func lerp(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let a = lerp(p0, p1), b = lerp(p1, p2), c = lerp(p2, p3)
        let d = lerp(a, b), e = lerp(b, c)
        let f = lerp(d, e)
        return ((p0, a, d, f), (f, e, c, p3))
    }
}
