/// The curve of a layer's rounded corners (``CALayer/cornerCurve``). Raw values are Apple's.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
    /// The curve's name.
    public let rawValue: String

    /// Creates a corner curve from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Quarter circles. The default.
    public static let circular = CALayerCornerCurve(rawValue: "circular")
    /// Apple's continuous ("squircle") curve. Lamina draws it as ``circular``.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}
