/// How a bitmap context stores the pixels its caller sees: the formats Apple's
/// `CGBitmapContextCreate` accepts on iOS at 8 bits a component.
package enum BitmapPixelFormat: Hashable, Sendable {
    /// 32-bit RGB pixels, bytes placed as the layout says.
    case rgb(PixelLayout)
    /// One gray byte a pixel, no alpha: a gray colour space with `CGImageAlphaInfo.none`.
    case gray
    /// One alpha byte a pixel, no colour: `CGImageAlphaInfo.alphaOnly`.
    case alphaOnly

    /// Bytes one pixel takes.
    package var bytesPerPixel: Int {
        switch self {
        case .rgb: 4
        case .gray, .alphaOnly: 1
        }
    }

    /// Whether pixels carry an alpha value.
    package var hasAlpha: Bool {
        switch self {
        case .rgb(let layout): layout.hasAlpha
        case .gray: false
        case .alphaOnly: true
        }
    }

    /// Whether cairo can draw straight into pixels of this format.
    package var isNative: Bool {
        if case .rgb(let layout) = self { return layout.isNative }
        return false
    }

    /// Converts `count` pixels of this format into native premultiplied BGRA (xRGB without
    /// alpha): gray as three equal channels, alpha as premultiplied black.
    @inline(__always)
    func toNative(_ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, count: Int) {
        switch self {
        case .rgb(let layout):
            for index in 0..<count { layout.toNative(source + index * 4, target + index * 4) }
        case .gray:
            for index in 0..<count {
                let g = UInt32(source.load(fromByteOffset: index, as: UInt8.self))
                (target + index * 4).storeBytes(of: g | g << 8 | g << 16 | 0xFF00_0000, as: UInt32.self)
            }
        case .alphaOnly:
            for index in 0..<count {
                let a = UInt32(source.load(fromByteOffset: index, as: UInt8.self))
                (target + index * 4).storeBytes(of: a << 24, as: UInt32.self)
            }
        }
    }

    /// Converts `count` native pixels into this format. A gray pixel is the luma of the
    /// native one (Rec. 709 weights in 1/256: the three channels are equal when every colour
    /// drawn was converted into the gray space first, and then it is that value exactly).
    @inline(__always)
    func fromNative(_ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer, count: Int) {
        switch self {
        case .rgb(let layout):
            for index in 0..<count { layout.fromNative(source + index * 4, target + index * 4) }
        case .gray:
            for index in 0..<count {
                let b = UInt32(source.load(fromByteOffset: index * 4, as: UInt8.self))
                let g = UInt32(source.load(fromByteOffset: index * 4 + 1, as: UInt8.self))
                let r = UInt32(source.load(fromByteOffset: index * 4 + 2, as: UInt8.self))
                target.storeBytes(of: UInt8((54 * r + 183 * g + 19 * b + 128) >> 8), toByteOffset: index, as: UInt8.self)
            }
        case .alphaOnly:
            for index in 0..<count {
                target.storeBytes(
                    of: source.load(fromByteOffset: index * 4 + 3, as: UInt8.self), toByteOffset: index, as: UInt8.self)
            }
        }
    }
}
