import CoreGraphics
import Foundation

/// `CGPath` values (`shadowPath`, or any path given to `CABasicAnimation` /
/// `CAKeyframeAnimation` values).
///
/// A path's *structure* is its list of element types; its components are all its points
/// (x, y pairs, in element order, control points included). Rules:
///
/// - Two paths with the same structure interpolate point-wise: every point, control points
///   included, moves linearly (the generic per-component rule). Paths of different structures
///   are not compatible: interpolation switches at half-way and keyframes step discretely, as
///   for any other pair of values that cannot be blended.
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

extension AnimationValue.Kind {
    /// Whether the kind is a `CGPath` (of any structure).
    var isPath: Bool {
        if case .path = self { return true }
        return false
    }
}
