import CoreGraphics
import Foundation

/// The geometry of `CAKeyframeAnimation.path`, frozen into a `Sendable` value: the path's
/// vertices and the segments between them, with arc lengths and the direction at each vertex.
///
/// - Vertices: the start of the first subpath, then the end of every element after it (a
///   close-subpath ends at its subpath's start). Segment `i` runs from vertex `i` to `i + 1`.
/// - A line, quadratic or cubic curve is one segment, followed by its curve parameter. A close
///   is a line back to the subpath's start (zero-length when the subpath already ends there).
/// - A move-to that starts a later subpath is a *jump* segment: it has zero length, holds the
///   previous point and switches to the move's point at its end. With default key times a jump
///   takes no time (the drawing segments share the duration evenly), so the layer jumps at
///   once; with `keyTimes` it holds for the span it is given. A move-to followed by another
///   move-to or by nothing (trailing) draws nothing and is skipped.
/// - Directions (radians, `atan2(dy, dx)`): inside a segment, its derivative; at a vertex, the
///   incoming segment's direction at its end (the first vertex: the first direction the path
///   takes). Where a segment has no direction (zero length, a jump, a curve's cusp point) the
///   angle at its start vertex is kept; a path that never has a direction points along 0.
struct KeyframePath: Sendable {
    typealias Point = SIMD2<Double>

    /// One segment between two vertices.
    enum Segment: Sendable, Equatable {
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
        /// A move-to starting a new subpath: from the previous point to the move's point.
        case jump(Point, Point)
    }

    /// Where on the path a progress falls.
    enum Location: Equatable {
        /// Exactly at a vertex.
        case vertex(Int)
        /// Inside segment `index`, at curve parameter `parameter` (neither 0 nor 1).
        case segment(Int, parameter: Double)
    }

    let vertices: [Point]
    let segments: [Segment]
    /// The arc length of each segment (jumps: 0).
    let lengths: [Double]
    /// For curve segments, the arc length from the start to each parameter `k / Segment.knots`
    /// (empty for lines and jumps): computed once, so each frame integrates only a short span.
    let arcLengthTables: [[Double]]
    /// The direction at each vertex, in radians.
    let vertexAngles: [Double]
    /// Whether the last segment closes a subpath (`closeSubpath()` is the path's last element
    /// that draws).
    let endsWithClose: Bool

    /// Reads the elements of `path` (see the type's discussion).
    init(_ path: CGPath) {
        var vertices: [Point] = []
        var segments: [Segment] = []
        var pendingMove: Point?
        var current = Point.zero, subpathStart = Point.zero
        var lastClosed = false
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            func point(_ index: Int) -> Point {
                Point(Double(element.points[index].x), Double(element.points[index].y))
            }
            if element.type == .moveToPoint {
                pendingMove = point(0)
                return
            }
            if let move = pendingMove {
                if !vertices.isEmpty { segments.append(.jump(current, move)) }
                vertices.append(move)
                current = move
                subpathStart = move
                pendingMove = nil
            }
            // Lamina's paths always start with a move; anything before one is skipped.
            guard !vertices.isEmpty else { return }
            let segment: Segment
            switch element.type {
            case .addLineToPoint: segment = .line(current, point(0))
            case .addQuadCurveToPoint: segment = .quad(current, point(0), point(1))
            case .addCurveToPoint: segment = .cubic(current, point(0), point(1), point(2))
            case .closeSubpath: segment = .line(current, subpathStart)
            case .moveToPoint: return
            }
            lastClosed = element.type == .closeSubpath
            segments.append(segment)
            current = segment.end
            vertices.append(current)
        }
        self.vertices = vertices
        self.segments = segments
        endsWithClose = lastClosed
        arcLengthTables = segments.map(\.arcLengthTable)
        lengths = zip(segments, arcLengthTables).map { segment, table in table.last ?? segment.chordLength }
        var angles = [segments.lazy.compactMap(\.startDirection).first ?? 0]
        for segment in segments { angles.append(segment.endDirection ?? angles[angles.count - 1]) }
        vertexAngles = vertices.isEmpty ? [] : angles
    }

    /// Whether the path has nothing to follow (empty, or only move-tos).
    var isEmpty: Bool { segments.isEmpty }

    /// The location at `progress` (0…1, already eased by the animation's timing function).
    ///
    /// `.linear` and `.cubic` (and unknown modes): when `keyTimes` fit (finite, one per
    /// vertex — or one per vertex but the last when the path ends by closing a subpath: Apple
    /// then never runs the closing segment) key time `i` reaches vertex `i`, in array order
    /// even when they are not ascending or leave 0…1;
    /// else the drawing segments share the time evenly and jumps take none;
    /// `timingFunctions` pace the segments they cover; inside a segment the eased fraction is
    /// the curve parameter. `.paced` and `.cubicPaced`: constant speed by arc length along the
    /// whole path (`keyTimes` and `timingFunctions` ignored). `.discrete`: vertex to vertex, as
    /// discrete keyframe values (`keyTimes`: one per vertex, or one more; one per vertex but
    /// the last of a path that ends by closing a subpath, lottie's held positions: the closing
    /// vertex never shows).
    func location(at progress: Double, mode: CAAnimationCalculationMode, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction]?) -> Location {
        let count = vertices.count
        let timeline: KeyframeTimeline
        switch mode {
        case .discrete:
            // As in the other modes, key times one short of the vertices of a path that ends by
            // closing leave the closing segment out: its vertex (the start again) never shows.
            // Apple's renders of lottie's held positions (such paths) show it.
            let closingVertexUnused = endsWithClose && count > 2 && keyTimes?.count == count - 1
            timeline = KeyframeTimeline(count: closingVertexUnused ? count - 1 : count, mode: .discrete, keyTimes: keyTimes, timingFunctions: nil)
        case .paced, .cubicPaced:
            timeline = KeyframeTimeline(count: count, mode: .paced, keyTimes: nil, timingFunctions: nil, distances: lengths)
        default:
            let times = keyTimes.flatMap { isValid($0) ? $0 : nil } ?? defaultKeyTimes
            timeline = KeyframeTimeline(count: times.count, mode: .linear, keyTimes: times, timingFunctions: timingFunctions)
        }
        switch timeline.position(at: progress) {
        case .value(let index):
            return .vertex(index)
        case .between(let index, let fraction):
            var parameter = fraction
            if mode == .paced || mode == .cubicPaced {
                parameter = segments[index].parameter(atArcLength: fraction * lengths[index], table: arcLengthTables[index])
            }
            if parameter == 0 { return .vertex(index) }
            if parameter == 1 { return .vertex(index + 1) }
            return .segment(index, parameter: parameter)
        }
    }

    /// The point at `location`.
    func point(at location: Location) -> Point {
        switch location {
        case .vertex(let index): return vertices[index]
        case .segment(let index, let parameter): return segments[index].point(at: parameter)
        }
    }

    /// The direction, in radians, at `location` (see the type's discussion).
    func angle(at location: Location) -> Double {
        switch location {
        case .vertex(let index): return vertexAngles[index]
        case .segment(let index, let parameter): return segments[index].direction(at: parameter) ?? vertexAngles[index]
        }
    }

    /// Even spacing of the drawing segments; jumps take no time.
    private var defaultKeyTimes: [Double] {
        let drawing = segments.filter { if case .jump = $0 { return false } else { return true } }.count
        var times = [0.0]
        var done = 0
        for segment in segments {
            if case .jump = segment {} else { done += 1 }
            times.append(drawing > 0 ? Double(done) / Double(drawing) : 0)
        }
        return times
    }

    /// Whether `times` can pace the path: finite, one per vertex, or one fewer when the path
    /// ends with a close-subpath (whose segment is then never run). Key times outside 0…1 or
    /// not ascending are used as given (see `KeyframeTimeline`).
    private func isValid(_ times: [Double]) -> Bool {
        let fits = times.count == vertices.count || (endsWithClose && times.count == vertices.count - 1 && times.count >= 2)
        return fits && times.allSatisfy(\.isFinite)
    }
}

// MARK: - Segment geometry

extension KeyframePath.Segment {
    typealias Point = KeyframePath.Point

    /// The segment's defining points, start first, end last.
    var points: [Point] {
        switch self {
        case .line(let a, let b), .jump(let a, let b): return [a, b]
        case .quad(let a, let c, let b): return [a, c, b]
        case .cubic(let a, let c1, let c2, let b): return [a, c1, c2, b]
        }
    }

    var end: Point { points[points.count - 1] }

    /// The point at curve parameter `t` (a jump holds its start until `t` reaches 1).
    func point(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let a, let b): return a + (b - a) * t
        case .jump(let a, let b): return t < 1 ? a : b
        case .quad(let a, let c, let b): return a * (u * u) + c * (2 * u * t) + b * (t * t)
        case .cubic(let a, let c1, let c2, let b):
            return a * (u * u * u) + c1 * (3 * u * u * t) + c2 * (3 * u * t * t) + b * (t * t * t)
        }
    }

    /// The derivative with respect to the curve parameter (a jump: zero).
    func derivative(at t: Double) -> Point {
        let u = 1 - t
        switch self {
        case .line(let a, let b): return b - a
        case .jump: return .zero
        case .quad(let a, let c, let b): return (c - a) * (2 * u) + (b - c) * (2 * t)
        case .cubic(let a, let c1, let c2, let b):
            return (c1 - a) * (3 * u * u) + (c2 - c1) * (6 * u * t) + (b - c2) * (3 * t * t)
        }
    }

    /// Vectors shorter than this count as zero (relative to the segment's coordinates).
    private var epsilon: Double {
        1e-12 * max(1, points.reduce(0) { max($0, abs($1.x), abs($1.y)) })
    }

    private func angle(of vector: Point) -> Double? {
        let length = (vector * vector).sum().squareRoot()
        guard length > epsilon, length.isFinite else { return nil }
        return atan2(vector.y, vector.x)
    }

    /// The direction at parameter `t` inside the segment; nil where the derivative vanishes.
    func direction(at t: Double) -> Double? {
        if case .jump = self { return nil }
        return angle(of: derivative(at: t))
    }

    /// The direction in which the segment leaves its start: towards the first control point
    /// that differs from the start (the limit of the derivative's direction); nil if none does.
    var startDirection: Double? {
        if case .jump = self { return nil }
        let p = points
        return p.dropFirst().lazy.compactMap { angle(of: $0 - p[0]) }.first
    }

    /// The direction in which the segment arrives at its end: from the last control point that
    /// differs from the end; nil if none does.
    var endDirection: Double? {
        if case .jump = self { return nil }
        let p = points, end = p[p.count - 1]
        return p.dropLast().reversed().lazy.compactMap { angle(of: end - $0) }.first
    }

    private func speed(at t: Double) -> Double {
        let d = derivative(at: t)
        return (d * d).sum().squareRoot()
    }

    /// The straight distance from start to end (a line's length; jumps: 0).
    var chordLength: Double {
        if case .jump = self { return 0 }
        let p = points, d = p[p.count - 1] - p[0]
        return (d * d).sum().squareRoot()
    }

    /// The number of spans of an arc-length table.
    static let knots = 16

    /// For curves: the arc length from parameter 0 to each `k / knots`, `k = 0…knots`; the
    /// last entry is the whole length. Empty for lines and jumps.
    var arcLengthTable: [Double] {
        switch self {
        case .line, .jump: return []
        case .quad, .cubic: break
        }
        var table = [0.0]
        for k in 1...Self.knots {
            table.append(table[k - 1] + arcLength(from: Double(k - 1) / Double(Self.knots), to: Double(k) / Double(Self.knots)))
        }
        return table
    }

    /// The arc length from parameter `a` to `b` (`a ≤ b`), by adaptive Gauss–Legendre
    /// quadrature of the speed (absolute tolerance about 1e-13 of the control polygon's length
    /// per unit of parameter).
    func arcLength(from a: Double, to b: Double) -> Double {
        guard b > a else { return 0 }
        let p = points
        let polygon = zip(p, p.dropFirst()).reduce(0) { $0 + (($1.1 - $1.0) * ($1.1 - $1.0)).sum().squareRoot() }
        let tolerance = 1e-13 * max(polygon, .leastNormalMagnitude) * (b - a)
        let whole = GaussLegendre.integrate(from: a, to: b, speed(at:))
        return GaussLegendre.adaptive(from: a, to: b, whole: whole, tolerance: tolerance, depth: 0, speed(at:))
    }

    /// The curve parameter at which the arc length from the start is `target` (clamped to the
    /// segment), given the segment's `arcLengthTable`: the table brackets the span, then
    /// safeguarded Newton iteration solves within it. Lines and jumps are proportional.
    func parameter(atArcLength target: Double, table: [Double]) -> Double {
        let total = table.last ?? chordLength
        guard total > 0, total.isFinite else { return 0 }
        if target <= 0 { return 0 }
        if target >= total { return 1 }
        guard table.count > 1 else { return target / total }
        var k = 0
        while k < table.count - 2 && table[k + 1] <= target { k += 1 }
        let spans = Double(table.count - 1)
        let origin = Double(k) / spans
        var low = origin, high = Double(k + 1) / spans
        let span = table[k + 1] - table[k]
        var t = span > 0 ? low + (high - low) * (target - table[k]) / span : low
        for _ in 0..<64 {
            let error = table[k] + arcLength(from: origin, to: t) - target
            if abs(error) <= 1e-12 * total { return t }
            if error > 0 { high = t } else { low = t }
            let speed = speed(at: t)
            var next = speed > 0 ? t - error / speed : .nan
            if !(next > low && next < high) { next = (low + high) / 2 }
            t = next
        }
        return t
    }
}

/// Gauss–Legendre quadrature (8 nodes on each interval), with nodes computed once by Newton's
/// method on the Legendre polynomial.
private enum GaussLegendre {
    struct Rule: Sendable {
        var nodes: [Double] = []
        var weights: [Double] = []
    }

    static let rule: Rule = {
        let n = 8
        var rule = Rule()
        for i in 1...n {
            var x = cos(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            var derivative = 0.0
            for _ in 0..<100 {
                var previous = 1.0, value = x
                for k in 2...n {
                    let next = (Double(2 * k - 1) * x * value - Double(k - 1) * previous) / Double(k)
                    previous = value
                    value = next
                }
                derivative = Double(n) * (x * value - previous) / (x * x - 1)
                let step = value / derivative
                x -= step
                if abs(step) < 1e-16 { break }
            }
            rule.nodes.append(x)
            rule.weights.append(2 / ((1 - x * x) * derivative * derivative))
        }
        return rule
    }()

    /// The integral of `f` over `a…b` with one application of the rule.
    static func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        let half = (b - a) / 2, middle = (a + b) / 2
        var sum = 0.0
        for (node, weight) in zip(rule.nodes, rule.weights) { sum += weight * f(middle + half * node) }
        return sum * half
    }

    /// Halves the interval until the two halves agree with the whole within `tolerance`.
    static func adaptive(from a: Double, to b: Double, whole: Double, tolerance: Double, depth: Int, _ f: (Double) -> Double) -> Double {
        let middle = (a + b) / 2
        let left = integrate(from: a, to: middle, f), right = integrate(from: middle, to: b, f)
        // A non-finite sum (coordinates near 1e300 square to +∞, or NaN) cannot be refined:
        // recursing would evaluate all 2³⁰ leaves.
        guard (left + right).isFinite, whole.isFinite else { return left + right }
        if depth >= 30 || abs(left + right - whole) <= tolerance { return left + right }
        return adaptive(from: a, to: middle, whole: left, tolerance: tolerance / 2, depth: depth + 1, f)
            + adaptive(from: middle, to: b, whole: right, tolerance: tolerance / 2, depth: depth + 1, f)
    }
}
