import CCairo

/// A path's elements, stored as two contiguous arrays: element kinds and their points.
///
/// A value type whose arrays are copy-on-write, so copying a path is O(1) and a mutable
/// path only copies its elements when they are shared and then changed.
struct PathStorage: Equatable {
    /// Element kinds, in order.
    var kinds: ContiguousArray<CGPathElementType> = []
    /// All elements' points, in order (``CGPathElementType/pointCount`` per element).
    var points: ContiguousArray<CGPoint> = []
    /// The current point, if any.
    var current: CGPoint?
    /// The start of the current subpath (where `closeSubpath` returns to).
    var subpathStart: CGPoint?

    static func == (lhs: PathStorage, rhs: PathStorage) -> Bool {
        lhs.kinds == rhs.kinds && lhs.points == rhs.points
    }

    /// Calls `body` with each element's kind and the index of its first point.
    @inline(__always)
    func forEachElement(_ body: (CGPathElementType, Int) -> Void) {
        var index = 0
        for kind in kinds {
            body(kind, index)
            index += kind.pointCount
        }
    }

    /// Returns the storage with every point transformed.
    func applying(_ t: CGAffineTransform) -> PathStorage {
        if t.isIdentity { return self }
        var copy = self
        for index in copy.points.indices { copy.points[index] = copy.points[index].applying(t) }
        copy.current = current?.applying(t)
        copy.subpathStart = subpathStart?.applying(t)
        return copy
    }

    /// Appends the elements to cairo's current path, in cairo's user space. Elements
    /// with non-finite coordinates are skipped; quadratic curves become cubic ones.
    func append(to cr: OpaquePointer) {
        kinds.withUnsafeBufferPointer { kinds in
            points.withUnsafeBufferPointer { points in
                var index = 0
                var last = CGPoint.zero
                var start = CGPoint.zero
                for kind in kinds {
                    switch kind {
                    case .moveToPoint:
                        let p = points[index]
                        if p.x.isFinite && p.y.isFinite {
                            cairo_move_to(cr, Double(p.x), Double(p.y))
                            last = p
                            start = p
                        }
                        index += 1
                    case .addLineToPoint:
                        let p = points[index]
                        if p.x.isFinite && p.y.isFinite {
                            cairo_line_to(cr, Double(p.x), Double(p.y))
                            last = p
                        }
                        index += 1
                    case .addQuadCurveToPoint:
                        let c = points[index], p = points[index + 1]
                        if c.x.isFinite && c.y.isFinite && p.x.isFinite && p.y.isFinite {
                            CairoCurveSegment.quadratic(cr, from: last, c, to: p)
                            last = p
                        }
                        index += 2
                    case .addCurveToPoint:
                        let c1 = points[index], c2 = points[index + 1], p = points[index + 2]
                        if c1.x.isFinite && c1.y.isFinite && c2.x.isFinite && c2.y.isFinite && p.x.isFinite && p.y.isFinite {
                            CairoCurveSegment.cubic(cr, from: last, c1, c2, to: p)
                            last = p
                        }
                        index += 3
                    case .closeSubpath:
                        cairo_close_path(cr)
                        last = start
                    }
                }
            }
        }
    }
}

extension PathStorage: PathSink {
    var sinkCurrentPoint: CGPoint? { current }

    mutating func sinkMove(to point: CGPoint) {
        kinds.append(.moveToPoint)
        points.append(point)
        current = point
        subpathStart = point
    }

    mutating func sinkLine(to point: CGPoint) {
        beginSubpathIfClosed()
        kinds.append(.addLineToPoint)
        points.append(point)
        current = point
    }

    mutating func sinkQuadCurve(to point: CGPoint, control: CGPoint) {
        beginSubpathIfClosed()
        kinds.append(.addQuadCurveToPoint)
        points.append(control)
        points.append(point)
        current = point
    }

    mutating func sinkCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        beginSubpathIfClosed()
        kinds.append(.addCurveToPoint)
        points.append(control1)
        points.append(control2)
        points.append(point)
        current = point
    }

    mutating func sinkClose() {
        guard current != nil, kinds.last != .closeSubpath else { return }
        kinds.append(.closeSubpath)
        current = subpathStart
    }

    /// After `closeSubpath`, a drawing element starts a new subpath at the closed one's
    /// start, as on Apple platforms: Lamina records the implicit move.
    private mutating func beginSubpathIfClosed() {
        if kinds.last == .closeSubpath, let start = subpathStart {
            kinds.append(.moveToPoint)
            points.append(start)
        }
    }
}
