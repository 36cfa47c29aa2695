/// Where the red, green, blue and alpha bytes sit in one 32-bit pixel of a bitmap, and
/// whether colours are premultiplied.
package struct PixelLayout: Hashable, Sendable {
    /// Byte offset of red within the pixel.
    package var red: Int
    /// Byte offset of green within the pixel.
    package var green: Int
    /// Byte offset of blue within the pixel.
    package var blue: Int
    /// Byte offset of alpha (or of the ignored byte when there is no alpha).
    package var alpha: Int
    /// Whether the alpha byte is meaningful.
    package var hasAlpha: Bool
    /// Whether colour bytes are premultiplied by alpha.
    package var isPremultiplied: Bool

    /// Premultiplied B, G, R, A bytes: cairo's ARGB32 on little-endian machines.
    package static let native = PixelLayout(
        red: 2, green: 1, blue: 0, alpha: 3, hasAlpha: true, isPremultiplied: true)

    /// Whether pixels in this layout are stored exactly as cairo stores them (ARGB32 or
    /// RGB24 on this little-endian machine).
    package var isNative: Bool {
        red == 2 && green == 1 && blue == 0 && alpha == 3 && (isPremultiplied || !hasAlpha)
    }

    /// The layout described by an alpha info and a 32-bit byte order, or `nil` for an
    /// unsupported combination.
    ///
    /// - Parameter littleEndian: `true` for `byteOrder32Little`, `false` for the default
    ///   and `byteOrder32Big` orders (which store the components in the order they are named).
    package init?(alphaInfo: CGImageAlphaInfo, littleEndian: Bool, allowStraightAlpha: Bool) {
        // Offsets in the named order, e.g. premultipliedFirst = A R G B.
        let alphaFirst: Bool
        switch alphaInfo {
        case .premultipliedFirst, .noneSkipFirst: alphaFirst = true
        case .premultipliedLast, .noneSkipLast: alphaFirst = false
        case .first where allowStraightAlpha: alphaFirst = true
        case .last where allowStraightAlpha: alphaFirst = false
        default: return nil
        }
        var r = alphaFirst ? 1 : 0
        var g = alphaFirst ? 2 : 1
        var b = alphaFirst ? 3 : 2
        var a = alphaFirst ? 0 : 3
        if littleEndian {
            r = 3 - r
            g = 3 - g
            b = 3 - b
            a = 3 - a
        }
        self.init(
            red: r, green: g, blue: b, alpha: a,
            hasAlpha: alphaInfo != .noneSkipFirst && alphaInfo != .noneSkipLast,
            isPremultiplied: alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast)
    }

    package init(red: Int, green: Int, blue: Int, alpha: Int, hasAlpha: Bool, isPremultiplied: Bool) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.hasAlpha = hasAlpha
        self.isPremultiplied = isPremultiplied
    }

    /// Converts one pixel in this layout to native premultiplied BGRA.
    @inline(__always)
    package func toNative(_ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer) {
        var r = source.load(fromByteOffset: red, as: UInt8.self)
        var g = source.load(fromByteOffset: green, as: UInt8.self)
        var b = source.load(fromByteOffset: blue, as: UInt8.self)
        let a = hasAlpha ? source.load(fromByteOffset: alpha, as: UInt8.self) : 255
        if hasAlpha && !isPremultiplied && a != 255 {
            r = PixelLayout.multiply(r, a)
            g = PixelLayout.multiply(g, a)
            b = PixelLayout.multiply(b, a)
        } else if hasAlpha && isPremultiplied {
            r = min(r, a)
            g = min(g, a)
            b = min(b, a)
        }
        target.storeBytes(of: b, toByteOffset: 0, as: UInt8.self)
        target.storeBytes(of: g, toByteOffset: 1, as: UInt8.self)
        target.storeBytes(of: r, toByteOffset: 2, as: UInt8.self)
        target.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
    }

    /// Converts one native premultiplied BGRA pixel to this layout.
    @inline(__always)
    package func fromNative(_ source: UnsafeRawPointer, _ target: UnsafeMutableRawPointer) {
        var b = source.load(fromByteOffset: 0, as: UInt8.self)
        var g = source.load(fromByteOffset: 1, as: UInt8.self)
        var r = source.load(fromByteOffset: 2, as: UInt8.self)
        let a = hasAlpha ? source.load(fromByteOffset: 3, as: UInt8.self) : 255
        if hasAlpha && !isPremultiplied && a != 255 {
            r = PixelLayout.divide(r, a)
            g = PixelLayout.divide(g, a)
            b = PixelLayout.divide(b, a)
        }
        target.storeBytes(of: r, toByteOffset: red, as: UInt8.self)
        target.storeBytes(of: g, toByteOffset: green, as: UInt8.self)
        target.storeBytes(of: b, toByteOffset: blue, as: UInt8.self)
        target.storeBytes(of: hasAlpha ? a : 255, toByteOffset: alpha, as: UInt8.self)
    }

    /// `c × a / 255`, rounded.
    @inline(__always)
    static func multiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        let t = UInt32(c) * UInt32(a) + 128
        return UInt8((t + (t >> 8)) >> 8)
    }

    /// `c × 255 / a`, rounded and clamped; 0 when `a` is 0.
    @inline(__always)
    static func divide(_ c: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        return UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
    }
}
