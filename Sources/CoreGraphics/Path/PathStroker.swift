/// Builds the outline of a stroke as a union of pieces: one quadrilateral per flattened
/// segment, one join piece per corner and one cap piece per open end, every piece a closed
/// subpath oriented counter-clockwise (y-up). Filled with the non-zero winding rule, the
/// pieces cover exactly the area a stroke would paint.
struct PathStroker {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    var output = PathStorage()

    init(width: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat) {
        halfWidth = width / 2
        self.cap = cap
        self.join = join
        self.miterLimit = miterLimit
    }

    /// Strokes every subpath of `path`.
    mutating func stroke(_ path: PathStorage) {
        guard halfWidth > 0, halfWidth.isFinite else { return }
        let tolerance = min(PathGeometry.tolerance(for: path), halfWidth / 20)
        for polyline in PathGeometry.flatten(path, tolerance: max(tolerance, 1e-6)) {
            stroke(polyline)
        }
    }

    private mutating func stroke(_ line: Polyline) {
        var points = line.points
        var corners = line.corners
        if line.isClosed, points.count > 1, points.first == points.last {
            points.removeLast()
            corners.removeLast()
        }
        guard points.count > 1 else {
            if let point = points.first { dot(at: point) }
            return
        }
        let closed = line.isClosed && points.count > 2
        let segmentCount = closed ? points.count : points.count - 1
        for index in 0..<segmentCount {
            segment(points[index], points[(index + 1) % points.count])
        }
        let joinRange = closed ? 0..<points.count : 1..<(points.count - 1)
        for index in joinRange {
            let previous = points[(index - 1 + points.count) % points.count]
            let next = points[(index + 1) % points.count]
            corner(previous, points[index], next, smooth: !corners[index])
        }
        if !closed {
            capEnd(at: points[0], awayFrom: points[1])
            capEnd(at: points[points.count - 1], awayFrom: points[points.count - 2])
        }
    }

    /// A zero-length subpath: round and square caps still paint a dot, as in Apple's stroker.
    private mutating func dot(at point: CGPoint) {
        switch cap {
        case .butt: return
        case .round: circle(at: point)
        case .square:
            polygon([
                CGPoint(x: point.x - halfWidth, y: point.y - halfWidth), CGPoint(x: point.x + halfWidth, y: point.y - halfWidth),
                CGPoint(x: point.x + halfWidth, y: point.y + halfWidth), CGPoint(x: point.x - halfWidth, y: point.y + halfWidth),
            ])
        }
    }

    private mutating func segment(_ a: CGPoint, _ b: CGPoint) {
        let n = normal(a, b)
        polygon([
            CGPoint(x: a.x + n.dx, y: a.y + n.dy), CGPoint(x: a.x - n.dx, y: a.y - n.dy),
            CGPoint(x: b.x - n.dx, y: b.y - n.dy), CGPoint(x: b.x + n.dx, y: b.y + n.dy),
        ])
    }

    private mutating func corner(_ previous: CGPoint, _ vertex: CGPoint, _ next: CGPoint, smooth: Bool) {
        let n0 = normal(previous, vertex)
        let n1 = normal(vertex, next)
        let turn = PathGeometry.cross(previous, vertex, next)
        guard abs(turn) > 1e-12 || (n0.dx * n1.dx + n0.dy * n1.dy) < 0 else { return }
        if join == .round && !smooth {
            circle(at: vertex)
            return
        }
        // The outer side is to the right of a left turn and vice versa.
        let side: CGFloat = turn > 0 ? -1 : 1
        let a = CGPoint(x: vertex.x + side * n0.dx, y: vertex.y + side * n0.dy)
        let b = CGPoint(x: vertex.x + side * n1.dx, y: vertex.y + side * n1.dy)
        if join == .miter || smooth {
            let sum = CGVector(dx: n0.dx + n1.dx, dy: n0.dy + n1.dy)
            let sumLength = (sum.dx * sum.dx + sum.dy * sum.dy).squareRoot()
            let cosHalf = sumLength / (2 * halfWidth)  // cos of half the turning angle
            let limit = smooth ? max(miterLimit, 10) : miterLimit
            if cosHalf > 1e-9, 1 / cosHalf <= limit {
                let reach = halfWidth / cosHalf
                let miter = CGPoint(
                    x: vertex.x + side * sum.dx / sumLength * reach, y: vertex.y + side * sum.dy / sumLength * reach)
                polygon([vertex, a, miter, b])
                return
            }
        }
        polygon([vertex, a, b])
    }

    private mutating func capEnd(at end: CGPoint, awayFrom inner: CGPoint) {
        switch cap {
        case .butt: return
        case .round: circle(at: end)
        case .square:
            let n = normal(inner, end)
            let length = (n.dx * n.dx + n.dy * n.dy).squareRoot()
            let u = CGVector(dx: n.dy / length * halfWidth, dy: -n.dx / length * halfWidth)  // along inner → end
            let far = CGPoint(x: end.x + u.dx, y: end.y + u.dy)
            polygon([
                CGPoint(x: end.x + n.dx, y: end.y + n.dy), CGPoint(x: end.x - n.dx, y: end.y - n.dy),
                CGPoint(x: far.x - n.dx, y: far.y - n.dy), CGPoint(x: far.x + n.dx, y: far.y + n.dy),
            ])
        }
    }

    /// The left normal of `a → b`, `halfWidth` long.
    private func normal(_ a: CGPoint, _ b: CGPoint) -> CGVector {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return CGVector(dx: 0, dy: 0) }
        return CGVector(dx: -dy / length * halfWidth, dy: dx / length * halfWidth)
    }

    private mutating func circle(at center: CGPoint) {
        output.appendEllipse(
            in: CGRect(x: center.x - halfWidth, y: center.y - halfWidth, width: 2 * halfWidth, height: 2 * halfWidth),
            transform: .identity)
    }

    /// Adds a closed polygon, reversed if needed so it is counter-clockwise (y-up).
    private mutating func polygon(_ points: [CGPoint]) {
        var area: CGFloat = 0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        guard area != 0, area.isFinite else { return }
        let ordered = area > 0 ? points : points.reversed()
        output.sinkMove(to: ordered[0])
        for point in ordered.dropFirst() { output.sinkLine(to: point) }
        output.sinkClose()
    }
}
