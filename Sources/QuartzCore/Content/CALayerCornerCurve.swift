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
    /// Apple's continuous curve: it leaves each edge about 1.53 radii from the corner and bends
    /// gradually, without the jump in curvature where a quarter circle meets an edge. Where a
    /// side is shorter than twice 1.53 radii, Lamina draws the corners as ``circular``.
    public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

extension CALayer {
    /// How much larger a corner radius must be for `curve` to look as round as a circular
    /// corner of the original radius (Apple's values): 1 for ``CALayerCornerCurve/circular``,
    /// about 1.53 for ``CALayerCornerCurve/continuous``; 1 for unknown curves.
    ///
    /// Apple code multiplies radii by it to size continuous corners: a continuous corner
    /// leaves its edges this many radii from the corner.
    public class func cornerCurveExpansionFactor(_ curve: CALayerCornerCurve) -> CGFloat {
        curve == .continuous ? 1.528665 : 1
    }
}
