/// Lamina: a `Sendable` copy of a `CGPath`'s elements, for render snapshots (a `CGPath`
/// reference may be a mutable path, so it cannot cross threads).
public struct CARenderPath: Sendable, Equatable {
    /// One path element with its points.
    public enum Element: Sendable, Equatable {
        /// Starts a subpath.
        case move(CGPoint)
        /// A straight line.
        case line(CGPoint)
        /// A quadratic curve: control point, end point.
        case quad(CGPoint, CGPoint)
        /// A cubic curve: two control points, end point.
        case curve(CGPoint, CGPoint, CGPoint)
        /// Closes the subpath.
        case close
    }

    /// The elements, in order.
    public var elements: [Element]

    /// Copies the elements of `path`.
    public init(_ path: CGPath) {
        var elements: [Element] = []
        path.applyWithBlock { pointer in
            let e = pointer.pointee
            switch e.type {
            case .moveToPoint: elements.append(.move(e.points[0]))
            case .addLineToPoint: elements.append(.line(e.points[0]))
            case .addQuadCurveToPoint: elements.append(.quad(e.points[0], e.points[1]))
            case .addCurveToPoint: elements.append(.curve(e.points[0], e.points[1], e.points[2]))
            case .closeSubpath: elements.append(.close)
            }
        }
        self.elements = elements
    }

    /// A new path with these elements.
    public func makePath() -> CGPath {
        let path = CGMutablePath()
        for element in elements {
            switch element {
            case .move(let p): path.move(to: p)
            case .line(let p): path.addLine(to: p)
            case .quad(let c, let p): path.addQuadCurve(to: p, control: c)
            case .curve(let c1, let c2, let p): path.addCurve(to: p, control1: c1, control2: c2)
            case .close: path.closeSubpath()
            }
        }
        return path
    }

    /// Calls `body` with every point of the elements in order, control points included.
    func forEachPoint(_ body: (CGPoint) -> Void) {
        for element in elements {
            switch element {
            case .move(let p), .line(let p): body(p)
            case .quad(let c, let p):
                body(c)
                body(p)
            case .curve(let c1, let c2, let p):
                body(c1)
                body(c2)
                body(p)
            case .close: break
            }
        }
    }

    /// The smallest rectangle holding every point of the elements, control points included,
    /// as cairo draws them (an element with no current point starts at its first point):
    /// for a path that starts with a move, exactly ``makePath()``'s `boundingBox`, without
    /// making the path. A path with a point that is not finite is bounded as the path made
    /// of it. `.null` when there are no points.
    var boundingBox: CGRect {
        var (minX, minY) = (CGFloat.infinity, CGFloat.infinity)
        var (maxX, maxY) = (-CGFloat.infinity, -CGFloat.infinity)
        var finite = true
        forEachPoint { p in
            guard p.x.isFinite, p.y.isFinite else {
                finite = false
                return
            }
            (minX, minY, maxX, maxY) = (min(minX, p.x), min(minY, p.y), max(maxX, p.x), max(maxY, p.y))
        }
        guard finite else { return makePath().boundingBox }
        guard minX <= maxX, minY <= maxY else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rectangle holding every point of the elements, control points
    /// included (so it holds the path); `.null` when there are none.
    var controlPointBounds: CGRect {
        var box = CGRect.null
        forEachPoint { box = box.union(CGRect(origin: $0, size: .zero)) }
        return box
    }
}
