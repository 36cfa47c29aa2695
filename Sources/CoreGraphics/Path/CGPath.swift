/// An immutable graphics path: lines, quadratic and cubic Bézier curves in subpaths.
///
/// As in Apple's CoreGraphics, `CGPath` is a class and ``CGMutablePath`` its mutable
/// subclass. Lamina stores the elements in Swift (copy-on-write arrays: ``copy()`` is
/// O(1) and never sees later changes to the original) and converts them to cairo paths
/// only when drawn. Two paths are equal when they have the same elements and points.
///
/// Not `Sendable`: a `CGPath` reference may be a `CGMutablePath`. Make a ``copy()`` to hand
/// an unchanging path to another thread.
public class CGPath {
    /// The elements.
    var storage: PathStorage

    init(storage: PathStorage) {
        self.storage = storage
    }

    /// Creates a path containing `rect` as one closed subpath (min corner, then
    /// counter-clockwise in a y-up space), transformed by `transform` if given.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var storage = PathStorage()
        storage.appendRect(rect, transform: transform?.pointee ?? .identity)
        self.init(storage: storage)
    }

    /// Creates a path containing the ellipse inscribed in `rect` (four cubic curves starting
    /// at (maxX, midY)), transformed by `transform` if given.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var storage = PathStorage()
        storage.appendEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(storage: storage)
    }

    /// Creates a path containing a rectangle with elliptical corners, transformed by
    /// `transform` if given. Corner sizes are clamped to `0...half the side` (Apple
    /// requires them to be in that range).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        var storage = PathStorage()
        storage.appendRoundedRect(
            rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform?.pointee ?? .identity)
        self.init(storage: storage)
    }

    // MARK: Copies

    /// Returns an immutable copy (O(1): the elements are shared until one side changes).
    public func copy() -> CGPath? {
        CGPath(storage: storage)
    }

    /// Returns an immutable copy with every point transformed by `transform` (if given).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        CGPath(storage: storage.applying(transform?.pointee ?? .identity))
    }

    /// Returns a mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(storage: storage)
    }

    /// Returns a mutable copy with every point transformed by `transform` (if given).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        CGMutablePath(storage: storage.applying(transform?.pointee ?? .identity))
    }

    // MARK: Queries

    /// Whether the path has no elements.
    public var isEmpty: Bool { storage.kinds.isEmpty }

    /// The point the next element would start from: the last element's end point, or the
    /// closed subpath's start after `closeSubpath`; `.zero` for an empty path (Apple's value).
    public var currentPoint: CGPoint { storage.current ?? .zero }

    /// The smallest rectangle containing every point of the path, **control points
    /// included** (Apple's `boundingBox`); `.null` for an empty path.
    public var boundingBox: CGRect {
        PathGeometry.controlPointBounds(storage)
    }

    /// The smallest rectangle containing the path itself, control points excluded: curves
    /// contribute their true extrema (Apple's `boundingBoxOfPath`); `.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        PathGeometry.tightBounds(storage)
    }

    /// Whether the path is exactly one axis-aligned rectangle (a move, three or four
    /// lines, optionally a close); if so and `rect` is not `nil`, stores it there.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        guard let found = PathGeometry.rectangle(storage) else { return false }
        rect?.pointee = found
        return true
    }

    /// Whether `point` is inside the path filled with `rule`, after transforming the path
    /// by `transform`. Open subpaths count as closed; curves are flattened finely.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        PathGeometry.contains(point, in: storage.applying(transform), rule: rule)
    }

    /// The path's subpaths as polygons, curves flattened finely, each read as closed: for
    /// measuring the area the path encloses (Core Text lays out lines inside it).
    package var flattenedSubpaths: [[CGPoint]] {
        PathGeometry.flatten(storage, tolerance: PathGeometry.tolerance(for: storage)).map(\.points)
    }

    // MARK: Elements

    /// Calls `block` once per element, in order. The element's `points` pointer is valid
    /// only during the call; changing the points through it has no effect on the path.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        let scratch = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
        defer { scratch.deallocate() }
        scratch.initialize(repeating: .zero, count: 3)
        let points = storage.points
        storage.forEachElement { kind, first in
            for offset in 0..<kind.pointCount { scratch[offset] = points[first + offset] }
            var element = CGPathElement(type: kind, points: scratch)
            withUnsafePointer(to: &element) { block($0) }
        }
    }

    /// Calls the C function `function` with `info` once per element (Apple's `CGPathApply`).
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }
}

extension CGPath: Equatable, Hashable {
    /// Two paths are equal when they have the same elements with the same points.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.storage == rhs.storage
    }

    /// Hashes the element kinds and the number of points.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.kinds.count)
        for kind in storage.kinds { hasher.combine(kind) }
        hasher.combine(storage.points.count)
    }
}

extension CGPath: CustomStringConvertible {
    /// The elements, one per line ("moveto (x, y)", "lineto …", "quadto …", "curveto …", "close").
    public var description: String {
        var lines: [String] = []
        let points = storage.points
        storage.forEachElement { kind, first in
            let listed = (0..<kind.pointCount).map { "(\(points[first + $0].x), \(points[first + $0].y))" }
            let name: String
            switch kind {
            case .moveToPoint: name = "moveto"
            case .addLineToPoint: name = "lineto"
            case .addQuadCurveToPoint: name = "quadto"
            case .addCurveToPoint: name = "curveto"
            case .closeSubpath: name = "close"
            }
            lines.append(([name] + listed).joined(separator: " "))
        }
        return "CGPath(\(lines.joined(separator: "; ")))"
    }
}
