/// A two-dimensional vector, as in Apple's CoreGraphics (Foundation on Linux lacks it).
public struct CGVector: Hashable, Sendable {
    /// The x component.
    public var dx: CGFloat
    /// The y component.
    public var dy: CGFloat

    /// Creates a vector with components `dx` and `dy`.
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }

    /// Creates a vector from `Double` components.
    public init(dx: Double, dy: Double) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// Creates a vector from integer components.
    public init(dx: Int, dy: Int) {
        self.dx = CGFloat(dx)
        self.dy = CGFloat(dy)
    }

    /// Creates the zero vector.
    public init() {
        self.init(dx: 0 as CGFloat, dy: 0 as CGFloat)
    }

    /// The vector whose components are both zero.
    public static let zero = CGVector()
}

extension CGVector: CustomStringConvertible {
    /// "(dx, dy)".
    public var description: String { "(\(dx), \(dy))" }
}
