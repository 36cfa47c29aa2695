/// The filter used to scale a layer's contents (``CALayer/minificationFilter``,
/// ``CALayer/magnificationFilter``). Raw values are Apple's.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The filter's name.
    public let rawValue: String

    /// Creates a filter from its name; unknown names filter as ``linear``.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Bilinear interpolation. The default for both filters. Shrinking contents below three
    /// quarters of their pixel size, it averages the pixels under each destination pixel.
    public static let linear = CALayerContentsFilter(rawValue: "linear")
    /// Nearest-neighbour sampling: hard pixel edges when magnified.
    public static let nearest = CALayerContentsFilter(rawValue: "nearest")
    /// Trilinear filtering (Apple: mipmapped minification). Lamina filters it as
    /// ``linear``, whose averaging when shrinking gives what mipmaps approximate.
    public static let trilinear = CALayerContentsFilter(rawValue: "trilinear")
}
