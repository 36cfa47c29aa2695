/// The kind of colour model a colour space uses, with Apple's raw values.
public enum CGColorSpaceModel: Int32, Sendable {
    /// An unknown colour model.
    case unknown = -1
    /// A gray (luminance) model: one colour component.
    case monochrome = 0
    /// A red, green, blue model: three colour components.
    case rgb = 1
    /// A cyan, magenta, yellow, black model (not supported by Lamina's colours yet).
    case cmyk = 2
    /// A CIE L*a*b* model (not supported by Lamina's colours yet).
    case lab = 3
    /// A DeviceN model (not supported by Lamina's colours yet).
    case deviceN = 4
    /// An indexed model (not supported by Lamina's colours yet).
    case indexed = 5
    /// A pattern model (not supported by Lamina's colours yet).
    case pattern = 6
    /// A CIE XYZ model (not supported by Lamina's colours yet).
    case XYZ = 7
}
