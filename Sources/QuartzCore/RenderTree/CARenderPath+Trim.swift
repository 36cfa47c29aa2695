extension CARenderPath {
    /// The part of the path from fraction `start` to fraction `end` of its total length,
    /// as `CAShapeLayer` strokes it between `strokeStart` and `strokeEnd`.
    ///
    /// Every subpath counts towards the length, a closed one with its closing segment; a
    /// subpath that is only a move counts for nothing. Curves stay curves: a curve cut by
    /// an end is replaced by the piece of it between the cut points (quadratic curves
    /// become the equal cubics), so the trimmed path strokes as smoothly, and as cheaply,
    /// as the whole one. A closed subpath that lies entirely inside the range stays closed
    /// (its first corner is joined like the others).
    func trimmed(from start: Double, to end: Double) -> CARenderPath {
        let subpaths = LengthSubpath.split(elements)
        var total = 0.0
        for subpath in subpaths { total += subpath.length }
        guard total > 0, total.isFinite, end > start else { return CARenderPath(elements: []) }
        let (from, to) = (start * total, end * total)
        var result: [Element] = []
        var travelled = 0.0
        for subpath in subpaths {
            let length = subpath.length
            defer { travelled += length }
            guard travelled + length > from, travelled < to else { continue }
            if subpath.closed && travelled >= from && travelled + length <= to {
                result.append(.move(subpath.start))
                for segment in subpath.segments.dropLast() { result.append(segment.element) }
                result.append(.close)
                continue
            }
            var position = travelled
            var drawing = false
            for segment in subpath.segments {
                let segmentEnd = position + segment.length
                defer { position = segmentEnd }
                guard segmentEnd >= from, position <= to else { continue }
                let (a, b) = (max(from, position) - position, min(to, segmentEnd) - position)
                // A segment the range only touches at one of its ends adds nothing.
                if b <= a && segment.length > 0 { continue }
                if !drawing {
                    result.append(.move(segment.point(atDistance: a)))
                    drawing = true
                }
                result.append(segment.piece(fromDistance: a, toDistance: b))
            }
        }
        return CARenderPath(elements: result)
    }

    /// A path of these elements.
    init(elements: [Element]) {
        self.elements = elements
    }
}

/// A subpath as straight and cubic segments with their lengths (a closed subpath ends
/// with its closing line).
private struct LengthSubpath {
    var start: CGPoint
    var segments: [LengthSegment] = []
    var closed = false
    var length: Double { segments.reduce(0) { $0 + $1.length } }

    /// The subpaths of `elements` that count towards a path's length: those with a segment
    /// or closed (a lone move does not count).
    static func split(_ elements: [CARenderPath.Element]) -> [LengthSubpath] {
        var subpaths: [LengthSubpath] = []
        var current: LengthSubpath?
        var point = CGPoint.zero
        func finish() {
            if let subpath = current, !subpath.segments.isEmpty || subpath.closed { subpaths.append(subpath) }
            current = nil
        }
        func open() {
            if current == nil { current = LengthSubpath(start: point) }
        }
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                point = p
                current = LengthSubpath(start: p)
            case .line(let p):
                open()
                current?.segments.append(LengthSegment(from: point, line: p))
                point = p
            case .quad(let c, let p):
                open()
                // The same curve as a cubic.
                let c1 = CGPoint(x: point.x + 2 / 3 * (c.x - point.x), y: point.y + 2 / 3 * (c.y - point.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                current?.segments.append(LengthSegment(from: point, c1, c2, p))
                point = p
            case .curve(let c1, let c2, let p):
                open()
                current?.segments.append(LengthSegment(from: point, c1, c2, p))
                point = p
            case .close:
                guard var subpath = current else { continue }
                subpath.segments.append(LengthSegment(from: point, line: subpath.start))
                subpath.closed = true
                current = subpath
                point = subpath.start
                finish()
            }
        }
        finish()
        return subpaths
    }
}

/// A straight or cubic segment, with its length and, for a curve, the length travelled
/// at evenly spaced parameters (a chord table fine enough for stroking).
private struct LengthSegment {
    let p0: CGPoint
    let p1: CGPoint
    let p2: CGPoint
    let p3: CGPoint
    let isLine: Bool
    /// For a curve: the length along the chords up to parameter `i / (count - 1)`.
    let travelled: [Double]
    let length: Double

    init(from p0: CGPoint, line p3: CGPoint) {
        (self.p0, p1, p2, self.p3, isLine) = (p0, p0, p3, p3, true)
        travelled = []
        length = Self.distance(p0, p3)
    }

    init(from p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
        (self.p0, self.p1, self.p2, self.p3, isLine) = (p0, p1, p2, p3, false)
        // About one chord per two units of the control polygon, an even number of them (so
        // a symmetric curve's middle is a sample), at least 8 and at most 256.
        let polygon = Self.distance(p0, p1) + Self.distance(p1, p2) + Self.distance(p2, p3)
        let chords = polygon.isFinite ? min(max(Int(polygon / 4) * 2, 8), 256) : 8
        var table = [0.0]
        table.reserveCapacity(chords + 1)
        var previous = p0
        var sum = 0.0
        for i in 1...chords {
            let next = Self.cubic(p0, p1, p2, p3, at: CGFloat(i) / CGFloat(chords))
            sum += Self.distance(previous, next)
            table.append(sum)
            previous = next
        }
        travelled = table
        length = sum
    }

    var element: CARenderPath.Element { isLine ? .line(p3) : .curve(p1, p2, p3) }

    /// The parameter at `distance` along the segment.
    func parameter(atDistance distance: Double) -> CGFloat {
        guard length > 0 else { return 0 }
        if isLine { return CGFloat(min(max(distance / length, 0), 1)) }
        if distance <= 0 { return 0 }
        if distance >= length { return 1 }
        // The last sample at or before `distance`, then along its chord.
        var (low, high) = (0, travelled.count - 1)
        while high - low > 1 {
            let middle = (low + high) / 2
            if travelled[middle] <= distance { low = middle } else { high = middle }
        }
        let chord = travelled[high] - travelled[low]
        let within = chord > 0 ? (distance - travelled[low]) / chord : 0
        return CGFloat((Double(low) + within) / Double(travelled.count - 1))
    }

    func point(atDistance distance: Double) -> CGPoint {
        let t = parameter(atDistance: distance)
        if isLine { return CGPoint(x: p0.x + (p3.x - p0.x) * t, y: p0.y + (p3.y - p0.y) * t) }
        return Self.cubic(p0, p1, p2, p3, at: t)
    }

    /// The element that draws the segment from distance `a` to `b` (after a move to the
    /// point at `a`): the segment itself when that is all of it.
    func piece(fromDistance a: Double, toDistance b: Double) -> CARenderPath.Element {
        if a <= 0 && b >= length { return element }
        if isLine { return .line(point(atDistance: b)) }
        let (t0, t1) = (parameter(atDistance: a), parameter(atDistance: b))
        guard t1 > t0 else { return .line(point(atDistance: b)) }
        // Split at t1 and keep the first part, then split that at t0 / t1 and keep the second.
        let (q0, q1, q2, q3) = Self.firstPart(p0, p1, p2, p3, at: t1)
        let (_, _, _, _, r1, r2, r3) = Self.split(q0, q1, q2, q3, at: t0 / t1)
        return .curve(r1, r2, r3)
    }

    static func distance(_ a: CGPoint, _ b: CGPoint) -> Double {
        let (dx, dy) = (Double(b.x - a.x), Double(b.y - a.y))
        return (dx * dx + dy * dy).squareRoot()
    }

    static func cubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat) -> CGPoint {
        split(p0, p1, p2, p3, at: t).3
    }

    private static func firstPart(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat)
        -> (CGPoint, CGPoint, CGPoint, CGPoint)
    {
        let s = split(p0, p1, p2, p3, at: t)
        return (p0, s.1, s.2, s.3)
    }

    /// de Casteljau's split at `t`: the first curve's p0…p3 (p0 implied) then the second's
    /// control points and end: `(_, a1, a2, mid, b1, b2, p3)`.
    private static func split(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, at t: CGFloat)
        -> (CGPoint, CGPoint, CGPoint, CGPoint, CGPoint, CGPoint, CGPoint)
    {
        func mix(_ a: CGPoint, _ b: CGPoint) -> CGPoint { CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t) }
        let (a, b, c) = (mix(p0, p1), mix(p1, p2), mix(p2, p3))
        let (d, e) = (mix(a, b), mix(b, c))
        let m = mix(d, e)
        return (p0, a, d, m, e, c, p3)
    }
}
