/// Measurements of path storage: bounds, flattening, hit testing.
enum PathGeometry {
    /// The bounds of every stored point, control points included.
    static func controlPointBounds(_ path: PathStorage) -> CGRect {
        var bounds = BoundsAccumulator()
        for point in path.points { bounds.add(point) }
        return bounds.rect
    }

    /// The bounds of the path's on-curve points and curve extrema.
    static func tightBounds(_ path: PathStorage) -> CGRect {
        var bounds = BoundsAccumulator()
        var last = CGPoint.zero
        var start = CGPoint.zero
        let p = path.points
        path.forEachElement { kind, i in
            switch kind {
            case .moveToPoint:
                bounds.add(p[i])
                last = p[i]
                start = p[i]
            case .addLineToPoint:
                bounds.add(p[i])
                last = p[i]
            case .addQuadCurveToPoint:
                let (c1, c2) = cubicControls(from: last, quadControl: p[i], to: p[i + 1])
                addCubicExtrema(&bounds, last, c1, c2, p[i + 1])
                last = p[i + 1]
            case .addCurveToPoint:
                addCubicExtrema(&bounds, last, p[i], p[i + 1], p[i + 2])
                last = p[i + 2]
            case .closeSubpath:
                last = start
            }
        }
        return bounds.rect
    }

    /// The cubic control points equivalent to a quadratic curve.
    static func cubicControls(from p0: CGPoint, quadControl c: CGPoint, to p1: CGPoint) -> (CGPoint, CGPoint) {
        (
            CGPoint(x: p0.x + 2 / 3 * (c.x - p0.x), y: p0.y + 2 / 3 * (c.y - p0.y)),
            CGPoint(x: p1.x + 2 / 3 * (c.x - p1.x), y: p1.y + 2 / 3 * (c.y - p1.y))
        )
    }

    /// Adds a cubic's end points and the points where its derivative is zero in x or y.
    private static func addCubicExtrema(
        _ bounds: inout BoundsAccumulator, _ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint
    ) {
        bounds.add(p0)
        bounds.add(p3)
        for t in derivativeRoots(p0.x, p1.x, p2.x, p3.x) + derivativeRoots(p0.y, p1.y, p2.y, p3.y) {
            bounds.add(cubicPoint(p0, p1, p2, p3, t))
        }
    }

    /// The parameters in (0, 1) where a cubic coordinate's derivative is zero.
    private static func derivativeRoots(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat) -> [CGFloat] {
        // B'(t)/3 = (b−a)(1−t)² + 2(c−b)(1−t)t + (d−c)t² = A t² + B t + C
        let qa = (b - a) - 2 * (c - b) + (d - c)
        let qb = 2 * ((c - b) - (b - a))
        let qc = b - a
        var roots: [CGFloat] = []
        if abs(qa) < 1e-12 {
            if abs(qb) > 1e-12 { roots.append(-qc / qb) }
        } else {
            let discriminant = qb * qb - 4 * qa * qc
            if discriminant >= 0 {
                let root = discriminant.squareRoot()
                roots.append((-qb + root) / (2 * qa))
                roots.append((-qb - root) / (2 * qa))
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }

    /// The point of a cubic Bézier curve at parameter `t`.
    @inline(__always)
    static func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// How many line segments approximate a cubic within `tolerance`.
    static func segmentCount(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, tolerance: CGFloat) -> Int {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        guard dd.isFinite else { return 1 }
        let count = (0.75 * dd / tolerance).squareRoot().rounded(.up)
        return Int(min(max(count, 1), 1000))
    }

    /// A flattening tolerance suited to the path's size: 0.05 units, finer for small paths.
    static func tolerance(for path: PathStorage) -> CGFloat {
        let box = controlPointBounds(path)
        guard !box.isNull else { return 0.05 }
        let diagonal = (box.width * box.width + box.height * box.height).squareRoot()
        guard diagonal.isFinite, diagonal > 0 else { return 0.05 }
        return min(0.05, diagonal / 2000)
    }

    /// The path as polylines, one per subpath: points plus whether the subpath was closed.
    /// `corner[i]` tells whether point `i` ends an original element (rather than lying
    /// inside a flattened curve).
    static func flatten(_ path: PathStorage, tolerance: CGFloat) -> [Polyline] {
        var result: [Polyline] = []
        var current = Polyline()
        var last = CGPoint.zero
        let p = path.points
        func finish() {
            if !current.points.isEmpty { result.append(current) }
            current = Polyline()
        }
        func addCubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) {
            let count = segmentCount(p0, c1, c2, p3, tolerance: tolerance)
            for step in 1...count {
                let point = step == count ? p3 : cubicPoint(p0, c1, c2, p3, CGFloat(step) / CGFloat(count))
                current.append(point, corner: step == count)
            }
        }
        path.forEachElement { kind, i in
            switch kind {
            case .moveToPoint:
                finish()
                current.append(p[i], corner: true)
                last = p[i]
            case .addLineToPoint:
                if current.points.isEmpty { current.append(last, corner: true) }
                current.append(p[i], corner: true)
                last = p[i]
            case .addQuadCurveToPoint:
                if current.points.isEmpty { current.append(last, corner: true) }
                let (c1, c2) = cubicControls(from: last, quadControl: p[i], to: p[i + 1])
                addCubic(last, c1, c2, p[i + 1])
                last = p[i + 1]
            case .addCurveToPoint:
                if current.points.isEmpty { current.append(last, corner: true) }
                addCubic(last, p[i], p[i + 1], p[i + 2])
                last = p[i + 2]
            case .closeSubpath:
                current.isClosed = true
                last = current.points.first ?? last
                finish()
            }
        }
        finish()
        return result
    }

    /// Whether `point` is inside the path (every subpath treated as closed) under `rule`.
    static func contains(_ point: CGPoint, in path: PathStorage, rule: CGPathFillRule) -> Bool {
        guard point.x.isFinite, point.y.isFinite, !path.kinds.isEmpty else { return false }
        let box = tightBounds(path)
        guard box.minX <= point.x, point.x <= box.maxX, box.minY <= point.y, point.y <= box.maxY else { return false }
        var winding = 0
        for polyline in flatten(path, tolerance: tolerance(for: path)) {
            let points = polyline.points
            guard points.count > 1 else { continue }
            for index in points.indices {
                let a = points[index]
                let b = points[(index + 1) % points.count]
                if a.y <= point.y {
                    if b.y > point.y, cross(a, b, point) > 0 { winding += 1 }
                } else if b.y <= point.y, cross(a, b, point) < 0 {
                    winding -= 1
                }
            }
        }
        return rule == .winding ? winding != 0 : winding % 2 != 0
    }

    /// Twice the signed area of triangle `a b p` (positive when `p` is left of `a → b`).
    @inline(__always)
    static func cross(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> CGFloat {
        (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
    }

    /// The rectangle the path is, if it is exactly one axis-aligned rectangle.
    static func rectangle(_ path: PathStorage) -> CGRect? {
        var kinds = Array(path.kinds)
        if kinds.last == .closeSubpath { kinds.removeLast() }
        var points = Array(path.points)
        guard kinds.first == .moveToPoint, kinds.dropFirst().allSatisfy({ $0 == .addLineToPoint }) else { return nil }
        if points.count == 5, points[4] == points[0] { points.removeLast() }
        guard points.count == 4 else { return nil }
        for index in 0..<4 {
            let a = points[index], b = points[(index + 1) % 4]
            guard a.x == b.x || a.y == b.y else { return nil }
        }
        let xs = Set(points.map(\.x)), ys = Set(points.map(\.y))
        guard xs.count == 2, ys.count == 2, let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else {
            return nil
        }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// One flattened subpath.
struct Polyline {
    /// The points, consecutive duplicates removed.
    var points: [CGPoint] = []
    /// Whether each point ends an original element.
    var corners: [Bool] = []
    /// Whether the subpath was closed.
    var isClosed = false

    mutating func append(_ point: CGPoint, corner: Bool) {
        if let last = points.last, last == point {
            if corner { corners[corners.count - 1] = true }
            return
        }
        points.append(point)
        corners.append(corner)
    }
}

/// Grows a rectangle around points.
struct BoundsAccumulator {
    private var minX = CGFloat.infinity, minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity

    mutating func add(_ point: CGPoint) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// The rectangle, or `.null` when no point was added.
    var rect: CGRect {
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
