extension CGImage {
    /// Lamina: one pixel's premultiplied 8-bit components, as stored in the image.
    ///
    /// "Premultiplied" means each colour component is already multiplied by alpha, so
    /// 50 % transparent pure red is `(red: 128, green: 0, blue: 0, alpha: 128)`.
    public struct Pixel: Hashable, Sendable, CustomStringConvertible {
        /// Red, premultiplied by alpha.
        public var red: UInt8
        /// Green, premultiplied by alpha.
        public var green: UInt8
        /// Blue, premultiplied by alpha.
        public var blue: UInt8
        /// Alpha (0 transparent … 255 opaque).
        public var alpha: UInt8

        /// Creates a pixel from premultiplied components.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// "RGBA(r, g, b, a)", premultiplied.
        public var description: String { "RGBA(\(red), \(green), \(blue), \(alpha))" }
    }

    /// Lamina: the premultiplied RGBA components of the pixel at column `x`, row `y`
    /// (row 0 is the top), or `nil` when the position is outside the image.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let offset = y * bytesPerRow + x * 4
        let bytes = storage.bytes
        return Pixel(
            red: bytes[offset + 2], green: bytes[offset + 1], blue: bytes[offset],
            alpha: bytes[offset + 3])
    }
}
