/// Where the alpha channel of a bitmap is and whether colours are premultiplied by it
/// (Apple's raw values).
public enum CGImageAlphaInfo: UInt32, Sendable {
    /// No alpha channel.
    case none = 0
    /// Alpha is the last component (RGBA) and colours are premultiplied by it.
    case premultipliedLast = 1
    /// Alpha is the first component (ARGB) and colours are premultiplied by it.
    /// With `.byteOrder32Little` the bytes in memory are B, G, R, A: Lamina's only format.
    case premultipliedFirst = 2
    /// Alpha is the last component and colours are not premultiplied.
    case last = 3
    /// Alpha is the first component and colours are not premultiplied.
    case first = 4
    /// No alpha; the last component is ignored.
    case noneSkipLast = 5
    /// No alpha; the first component is ignored.
    case noneSkipFirst = 6
    /// Alpha only, no colour.
    case alphaOnly = 7
}
