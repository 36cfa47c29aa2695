/// How a layer is resized when the bounds of its superlayer change
/// (``CALayer/autoresizingMask``). Bit values are Apple's; the empty set is Apple's
/// `kCALayerNotSizable`.
///
/// "Min" and "max" name the edges along each axis of the superlayer's bounds: with
/// Lamina's top-left origin, `layerMinYMargin` is the margin at the top (on macOS, whose
/// layers put the origin at the bottom-left, the same bit is the bottom margin).
public struct CAAutoresizingMask: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: UInt32

    /// Creates a mask from its bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The margin between the layer's minimum-x edge and its superlayer's is flexible.
    public static let layerMinXMargin = CAAutoresizingMask(rawValue: 1 << 0)
    /// The layer's width is flexible.
    public static let layerWidthSizable = CAAutoresizingMask(rawValue: 1 << 1)
    /// The margin between the layer's maximum-x edge and its superlayer's is flexible.
    public static let layerMaxXMargin = CAAutoresizingMask(rawValue: 1 << 2)
    /// The margin between the layer's minimum-y edge and its superlayer's is flexible.
    public static let layerMinYMargin = CAAutoresizingMask(rawValue: 1 << 3)
    /// The layer's height is flexible.
    public static let layerHeightSizable = CAAutoresizingMask(rawValue: 1 << 4)
    /// The margin between the layer's maximum-y edge and its superlayer's is flexible.
    public static let layerMaxYMargin = CAAutoresizingMask(rawValue: 1 << 5)
}
