/// The names of the predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the name (`"easeIn"`, …).
    public let rawValue: String

    /// Wraps a raw name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Linear pacing: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Slow start: (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Slow end: (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow start and end: (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// The system default for implicit animations: (0.25, 0.1) and (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A pacing curve: a cubic Bézier from (0, 0) to (1, 1) with two control points, mapping an
/// animation's linear progress (x) to eased progress (y).
public final class CAMediaTimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// The two inner control points, `c1 = (x1, y1)`, `c2 = (x2, y2)`.
    public let c1x: Float, c1y: Float, c2x: Float, c2y: Float

    /// A predefined function. An unknown name gives the `.default` curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .linear: self.init(controlPoints: 0, 0, 1, 1)
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        }
    }

    /// A custom curve through (0, 0), (c1x, c1y), (c2x, c2y), (1, 1). The x coordinates are
    /// clamped to 0…1 (as the curve must be a function of x); non-finite values become 0.
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        func finite(_ value: Float) -> Float { value.isFinite ? value : 0 }
        self.c1x = min(max(finite(c1x), 0), 1)
        self.c1y = finite(c1y)
        self.c2x = min(max(finite(c2x), 0), 1)
        self.c2y = finite(c2y)
    }

    /// Writes control point `index` (0…3) into `values[0]` and `values[1]`. Out-of-range
    /// indexes write nothing.
    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        guard let point = controlPoint(at: index) else { return }
        values[0] = point.x
        values[1] = point.y
    }

    /// Control point `index` (0…3) as a pair; nil out of range. Lamina's Swift-friendly form.
    public func controlPoint(at index: Int) -> (x: Float, y: Float)? {
        switch index {
        case 0: (0, 0)
        case 1: (c1x, c1y)
        case 2: (c2x, c2y)
        case 3: (1, 1)
        default: nil
        }
    }

    /// The eased progress for linear progress `x` (clamped to 0…1): solves the curve's
    /// x(t) = x for the Bézier parameter t (Newton's method, with bisection as a fallback)
    /// and returns y(t). Error below 1e-7, and below 1e-5 even where the curve is vertical.
    public func evaluate(_ x: Double) -> Double {
        let x = min(max(x.isNaN ? 0 : x, 0), 1)
        if x == 0 || x == 1 { return x }
        let t = solveParameter(forX: x)
        return Self.bezier(t, Double(c1y), Double(c2y))
    }

    private static func bezier(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    private static func derivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
    }

    private func solveParameter(forX x: Double) -> Double {
        let p1 = Double(c1x), p2 = Double(c2x)
        var t = x
        for _ in 0..<16 {
            let error = Self.bezier(t, p1, p2) - x
            if abs(error) < 1e-14 { return t }
            let slope = Self.derivative(t, p1, p2)
            if abs(slope) < 1e-7 { break }
            t -= error / slope
            if t < 0 || t > 1 { break }
        }
        // x(t) is monotonic for control x in 0…1: bisection always converges.
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<100 {
            let value = Self.bezier(t, p1, p2)
            if abs(value - x) < 1e-14 || high - low < 1e-15 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    public static func == (lhs: CAMediaTimingFunction, rhs: CAMediaTimingFunction) -> Bool {
        lhs.c1x == rhs.c1x && lhs.c1y == rhs.c1y && lhs.c2x == rhs.c2x && lhs.c2y == rhs.c2y
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }

    /// The four control values, for logs.
    public var description: String { "CAMediaTimingFunction(\(c1x), \(c1y), \(c2x), \(c2y))" }
}
