/// The pixel format of a layer's backing store (``CALayer/contentsFormat``). Raw values are
/// Apple's.
public struct CALayerContentsFormat: RawRepresentable, Hashable, Sendable, CAStringEnumeration {
    /// The format's name.
    public let rawValue: String

    /// Creates a contents format from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Four 8-bit unsigned components (red, green, blue, alpha). The default.
    public static let RGBA8Uint = CALayerContentsFormat(rawValue: "RGBA8")
    /// Four 16-bit floating-point components, for extended-range colour. Lamina stores 8 bits
    /// per component, so components outside `0...1` are clamped.
    public static let RGBA16Float = CALayerContentsFormat(rawValue: "RGBAh")
    /// One 8-bit component: gray. Lamina stores the gray level in RGBA pixels.
    public static let gray8Uint = CALayerContentsFormat(rawValue: "Gray8")
}
