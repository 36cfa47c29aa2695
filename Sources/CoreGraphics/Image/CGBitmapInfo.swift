/// Layout information of a bitmap: alpha info, byte order and float components
/// (Apple's raw values).
public struct CGBitmapInfo: OptionSet, Hashable, Sendable {
    /// The raw bit pattern.
    public let rawValue: UInt32

    /// Creates bitmap info from its raw bit pattern.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// The bits holding a ``CGImageAlphaInfo`` value.
    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    /// Components are floating-point values.
    public static let floatComponents = CGBitmapInfo(rawValue: 1 << 8)
    /// The bits holding the byte order.
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    /// 16-bit little-endian pixels.
    public static let byteOrder16Little = CGBitmapInfo(rawValue: 1 << 12)
    /// 32-bit little-endian pixels (ARGB stored as B, G, R, A bytes).
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    /// 16-bit big-endian pixels.
    public static let byteOrder16Big = CGBitmapInfo(rawValue: 3 << 12)
    /// 32-bit big-endian pixels.
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// Lamina: the alpha info stored in these bits, if it is a known value.
    public var alphaInfo: CGImageAlphaInfo? {
        CGImageAlphaInfo(rawValue: rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
    }
}
