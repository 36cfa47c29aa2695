/// Which corners of a layer ``CALayer/cornerRadius`` rounds (``CALayer/maskedCorners``).
///
/// Bit values are Apple's. In Lamina's y-down layers (as on iOS) min-y is the top:
/// ``layerMinXMinYCorner`` is the top-left corner.
public struct CACornerMask: OptionSet, Hashable, Sendable {
    /// The corner bits.
    public let rawValue: UInt

    /// Creates a mask from its bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The minimum-x, minimum-y corner (top left).
    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    /// The maximum-x, minimum-y corner (top right).
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    /// The minimum-x, maximum-y corner (bottom left).
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    /// The maximum-x, maximum-y corner (bottom right).
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)

    /// Lamina: all four corners, the default of ``CALayer/maskedCorners``.
    public static let allCorners: CACornerMask = [
        .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
    ]
}
