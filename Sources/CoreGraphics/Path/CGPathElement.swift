/// The kind of one element of a path (Apple's raw values).
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A line from the current point to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier curve with control point `points[0]`, ending at `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve with control points `points[0]` and `points[1]`, ending at `points[2]`.
    case addCurveToPoint = 3
    /// Closes the current subpath (no points).
    case closeSubpath = 4

    /// How many points the element carries.
    @inlinable
    public var pointCount: Int {
        switch self {
        case .moveToPoint, .addLineToPoint: return 1
        case .addQuadCurveToPoint: return 2
        case .addCurveToPoint: return 3
        case .closeSubpath: return 0
        }
    }
}

/// One element of a path, as handed to ``CGPath/applyWithBlock(_:)``.
///
/// `points` holds ``CGPathElementType/pointCount`` points (at least one slot is always
/// allocated) and is valid only during the callback.
public struct CGPathElement {
    /// The element's kind.
    public var type: CGPathElementType
    /// The element's points.
    public var points: UnsafeMutablePointer<CGPoint>

    /// Creates an element.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// A function called once per path element by ``CGPath/apply(info:function:)``.
///
/// Apple's is a `@convention(c)` function; Lamina's ``CGPathElement`` is a Swift struct, so
/// the type is a plain Swift function type (a non-capturing closure literal works for both).
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void
