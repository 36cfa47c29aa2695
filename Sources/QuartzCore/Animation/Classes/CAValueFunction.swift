import CoreGraphics

/// The names of the value functions.
public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    /// Apple's string for the name.
    public let rawValue: String
    /// Wraps a raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A rotation angle (radians) about x.
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    /// A rotation angle (radians) about y.
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    /// A rotation angle (radians) about z.
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    /// Three scale factors [x, y, z].
    public static let scale = CAValueFunctionName(rawValue: "scale")
    /// A scale factor along x.
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    /// A scale factor along y.
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    /// A scale factor along z.
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    /// Three translations [x, y, z].
    public static let translate = CAValueFunctionName(rawValue: "translate")
    /// A translation along x.
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    /// A translation along y.
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    /// A translation along z.
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns interpolated numbers into a transform, so `transform` can be animated by an angle
/// or a scale (and a full turn stays a full turn, which matrix interpolation can't express).
public final class CAValueFunction: Sendable {
    /// The function's name.
    public let name: CAValueFunctionName

    /// The function with this name; nil for an unknown name.
    public init?(name: CAValueFunctionName) {
        let known: Set<CAValueFunctionName> = [
            .rotateX, .rotateY, .rotateZ, .scale, .scaleX, .scaleY, .scaleZ, .translate, .translateX, .translateY, .translateZ,
        ]
        guard known.contains(name) else { return nil }
        self.name = name
    }

    /// The transform for the interpolated components (one number, or three for `.scale` and
    /// `.translate`; missing ones are 0, or 1 for scales).
    public static func transform(_ name: CAValueFunctionName, components c: [Double]) -> CATransform3D {
        func at(_ index: Int, _ fallback: Double) -> CGFloat { CGFloat(index < c.count ? c[index] : fallback) }
        switch name {
        case .rotateX: return CATransform3DMakeRotation(at(0, 0), 1, 0, 0)
        case .rotateY: return CATransform3DMakeRotation(at(0, 0), 0, 1, 0)
        case .rotateZ: return CATransform3DMakeRotation(at(0, 0), 0, 0, 1)
        case .scale: return CATransform3DMakeScale(at(0, 1), c.count >= 3 ? at(1, 1) : at(0, 1), c.count >= 3 ? at(2, 1) : at(0, 1))
        case .scaleX: return CATransform3DMakeScale(at(0, 1), 1, 1)
        case .scaleY: return CATransform3DMakeScale(1, at(0, 1), 1)
        case .scaleZ: return CATransform3DMakeScale(1, 1, at(0, 1))
        case .translate: return CATransform3DMakeTranslation(at(0, 0), at(1, 0), at(2, 0))
        case .translateX: return CATransform3DMakeTranslation(at(0, 0), 0, 0)
        case .translateY: return CATransform3DMakeTranslation(0, at(0, 0), 0)
        case .translateZ: return CATransform3DMakeTranslation(0, 0, at(0, 0))
        default: return CATransform3DIdentity
        }
    }
}
