/// The geometry of a ``CAGradientLayer``'s gradient (``CAGradientLayer/type``). Raw values
/// are Apple's.
public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The type's name.
    public let rawValue: String

    /// Creates a type from its name; unknown names draw as ``axial``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Colours vary along the line from the start point to the end point, and are constant
    /// across it. The default.
    public static let axial = CAGradientLayerType(rawValue: "axial")
    /// Colours vary from the start point (the centre) out to an ellipse whose radii are the
    /// horizontal and vertical distances to the end point.
    public static let radial = CAGradientLayerType(rawValue: "radial")
    /// Colours vary with the angle around the start point, beginning in the direction of
    /// the end point and turning clockwise on screen.
    public static let conic = CAGradientLayerType(rawValue: "conic")
}
