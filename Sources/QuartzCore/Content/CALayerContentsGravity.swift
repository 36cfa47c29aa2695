/// How a layer's contents image is positioned or scaled within its bounds
/// (``CALayer/contentsGravity``).
///
/// Raw values are Apple's (`"resizeAspect"`, …). As in Apple's headers, vertical names
/// refer to the y axis, not the screen: `bottom` means minimum y and `top` maximum y.
/// Lamina's layers are y-down like iOS's and their ``CALayer/contentsAreFlipped()`` is true,
/// so `top` lies at the visual bottom, as on iOS. Setting ``CALayer/isGeometryFlipped`` on
/// the layer or an odd number of its ancestors makes ``CALayer/contentsAreFlipped()``
/// false and swaps top and bottom.
public struct CALayerContentsGravity: RawRepresentable, Hashable, Sendable {
    /// The gravity's name.
    public let rawValue: String

    /// Creates a gravity from its name; unknown names draw as ``resize``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Centred horizontally and vertically, unscaled.
    public static let center = CALayerContentsGravity(rawValue: "center")
    /// Centred horizontally at the maximum-y edge, unscaled.
    public static let top = CALayerContentsGravity(rawValue: "top")
    /// Centred horizontally at the minimum-y edge, unscaled.
    public static let bottom = CALayerContentsGravity(rawValue: "bottom")
    /// Centred vertically at the left edge, unscaled.
    public static let left = CALayerContentsGravity(rawValue: "left")
    /// Centred vertically at the right edge, unscaled.
    public static let right = CALayerContentsGravity(rawValue: "right")
    /// In the minimum-x, maximum-y corner, unscaled.
    public static let topLeft = CALayerContentsGravity(rawValue: "topLeft")
    /// In the maximum-x, maximum-y corner, unscaled.
    public static let topRight = CALayerContentsGravity(rawValue: "topRight")
    /// In the minimum-x, minimum-y corner, unscaled.
    public static let bottomLeft = CALayerContentsGravity(rawValue: "bottomLeft")
    /// In the maximum-x, minimum-y corner, unscaled.
    public static let bottomRight = CALayerContentsGravity(rawValue: "bottomRight")
    /// Scaled to fill the bounds, ignoring the aspect ratio. The default.
    public static let resize = CALayerContentsGravity(rawValue: "resize")
    /// Scaled as large as fits within the bounds, keeping the aspect ratio, centred.
    public static let resizeAspect = CALayerContentsGravity(rawValue: "resizeAspect")
    /// Scaled to fill the bounds, keeping the aspect ratio (may overflow), centred.
    public static let resizeAspectFill = CALayerContentsGravity(rawValue: "resizeAspectFill")

    /// Whether this gravity scales the image (``resize``, ``resizeAspect``,
    /// ``resizeAspectFill``, or an unknown name). Only scaling gravities use
    /// ``CALayer/contentsCenter``.
    public var isResizing: Bool {
        switch self {
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight: false
        default: true
        }
    }
}
