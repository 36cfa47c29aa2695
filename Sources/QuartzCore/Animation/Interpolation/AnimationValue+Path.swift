import CoreGraphics
import Foundation

/// `CGPath` values (`shadowPath`, or any path given to `CABasicAnimation` /
/// `CAKeyframeAnimation` values).
///
/// A path's *structure* is its list of element types; its components are all its points
/// (x, y pairs, in element order, control points included). Rules:
///
/// - Two paths with the same structure interpolate point-wise: every point, control points
///   included, moves linearly (the generic per-component rule).
/// - Two paths with as many elements, whose moves and closes sit at the same places but whose
///   drawing elements differ in kind (a line where the other has a cubic curve, say), are
///   compatible too, as Apple's renders show: both become cubic curves where they differ (a
///   line from `a` to `b` is the cubic with control points `a` and `b`, which draws the same
///   line; a quadratic curve is raised to the cubic that draws it exactly), then interpolate
///   point-wise. Lottie's shapes morph this way: a rectangle whose sides are lines into a
///   shape whose sides are curves with the same vertices.
/// - Other paths of different structures are not compatible: interpolation switches at
///   half-way and keyframes step discretely, as for any other pair of values that cannot be
///   blended.
/// - A path is never compatible with a non-path value, even one with as many components.
/// - Additive and cumulative animations: two paths of the same structure add point-wise. Paths
///   of different structures are treated as not additive: the sum is the added path, and the
///   empty path is the neutral element (adding it changes nothing; the difference of two
///   mismatched paths is the empty path, so a cumulative repeat adds nothing).
extension AnimationValue {
    /// Unboxes `path`: its element types become the kind, its points the components.
    init(path: CGPath) {
        var elements: [CGPathElementType] = []
        var components: [Double] = []
        path.applyWithBlock { pointer in
            let element = pointer.pointee
            elements.append(element.type)
            for index in 0..<element.type.pointCount {
                components.append(Double(element.points[index].x))
                components.append(Double(element.points[index].y))
            }
        }
        self.init(kind: .path(elements), components: components)
    }

    /// A new immutable path with `elements`, taking their points in order from `components`.
    /// Elements whose points are missing (never the case for a value made by `init(path:)`)
    /// end the path.
    static func makePath(elements: [CGPathElementType], components: [Double]) -> CGPath {
        let path = CGMutablePath()
        var next = 0
        func point() -> CGPoint {
            defer { next += 2 }
            return CGPoint(x: components[next], y: components[next + 1])
        }
        for type in elements {
            guard next + 2 * type.pointCount <= components.count else { break }
            switch type {
            case .moveToPoint:
                path.move(to: point())
            case .addLineToPoint:
                path.addLine(to: point())
            case .addQuadCurveToPoint:
                let control = point()
                path.addQuadCurve(to: point(), control: control)
            case .addCurveToPoint:
                let control1 = point(), control2 = point()
                path.addCurve(to: point(), control1: control1, control2: control2)
            case .closeSubpath:
                path.closeSubpath()
            }
        }
        return path.copy() ?? path
    }

    /// Both paths with a common structure, when they are paths of as many elements whose moves
    /// and closes match and whose drawing elements differ only in kind (see the type's
    /// discussion); nil otherwise (and for values that are not both paths).
    func pathsRaisedToCommonStructure(with other: AnimationValue) -> (AnimationValue, AnimationValue)? {
        guard let raised = Self.pathsRaisedToCommonStructure([self, other]) else { return nil }
        return (raised[0], raised[1])
    }

    /// All `values` with one structure (see ``pathsRaisedToCommonStructure(with:)``), or nil
    /// when they are not all paths that can have one.
    static func pathsRaisedToCommonStructure(_ values: [AnimationValue]) -> [AnimationValue]? {
        guard let common = commonPathStructure(values) else { return nil }
        return values.map { $0.raised(to: common) }
    }

    /// The element types all `values` can be raised to (each the element where they agree, a
    /// cubic curve where their drawing elements differ), or nil when they are not all paths
    /// of as many elements with moves and closes in the same places. Reads the kinds only.
    static func commonPathStructure(_ values: [AnimationValue]) -> [CGPathElementType]? {
        guard case .path(var common) = values.first?.kind else { return nil }
        for value in values.dropFirst() {
            guard case .path(let elements) = value.kind, elements.count == common.count else { return nil }
            for index in common.indices where common[index] != elements[index] {
                guard common[index].drawsSegment && elements[index].drawsSegment else { return nil }
                common[index] = .addCurveToPoint
            }
        }
        return common
    }

    /// The same path with its elements rewritten as `target`'s (same count; a differing
    /// element is a line or quadratic curve and its target a cubic curve).
    private func raised(to target: [CGPathElementType]) -> AnimationValue {
        guard case .path(let elements) = kind, elements != target else { return self }
        var result: [Double] = []
        result.reserveCapacity(target.count * 6)
        var next = 0
        // The current point, where the next element starts.
        var current = (x: 0.0, y: 0.0), subpathStart = (x: 0.0, y: 0.0)
        for (type, wanted) in zip(elements, target) {
            let count = 2 * type.pointCount
            guard next + count <= components.count else { break }
            let points = Array(components[next..<(next + count)])
            next += count
            if type == wanted || type == .closeSubpath || type == .moveToPoint {
                result += points
            } else if type == .addLineToPoint {
                // The cubic with control points at its ends draws the same straight line.
                result += [current.x, current.y, points[0], points[1], points[0], points[1]]
            } else {
                // Degree elevation: the cubic that draws this quadratic curve exactly.
                let (cx, cy, ex, ey) = (points[0], points[1], points[2], points[3])
                result += [
                    current.x + 2 / 3 * (cx - current.x), current.y + 2 / 3 * (cy - current.y),
                    ex + 2 / 3 * (cx - ex), ey + 2 / 3 * (cy - ey), ex, ey,
                ]
            }
            switch type {
            case .moveToPoint:
                current = (points[0], points[1])
                subpathStart = current
            case .closeSubpath:
                current = subpathStart
            default:
                current = (points[count - 2], points[count - 1])
            }
        }
        return AnimationValue(kind: .path(target), components: result)
    }

    /// The sum of two paths whose structures differ: the added path (`other`), or `self` when
    /// `other` is the empty path. Nil unless both values are paths.
    func mismatchedPathSum(_ other: AnimationValue) -> AnimationValue? {
        guard kind.isPath, other.kind.isPath else { return nil }
        return other.kind == .path([]) ? self : other
    }

    /// The difference of two paths whose structures differ: the empty path (no difference).
    /// Nil unless both values are paths.
    func mismatchedPathDifference(_ other: AnimationValue) -> AnimationValue? {
        guard kind.isPath, other.kind.isPath else { return nil }
        return AnimationValue(kind: .path([]), components: [])
    }
}

extension CGPathElementType {
    /// Whether the element draws a segment (a line or a curve).
    fileprivate var drawsSegment: Bool {
        self == .addLineToPoint || self == .addQuadCurveToPoint || self == .addCurveToPoint
    }
}

extension AnimationValue.Kind {
    /// Whether the kind is a `CGPath` (of any structure).
    var isPath: Bool {
        if case .path = self { return true }
        return false
    }
}
