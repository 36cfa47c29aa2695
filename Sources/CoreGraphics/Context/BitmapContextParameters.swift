/// Checks `CGContext`'s bitmap parameters the way Apple's `CGBitmapContextCreate` does.
enum BitmapContextParameters {
    /// The validated layout and row stride.
    struct Valid {
        var layout: PixelLayout
        var bytesPerRow: Int
    }

    /// The largest width or height cairo can draw into.
    static let maximumDimension = 32767

    /// Returns the layout and stride, or a message saying what is wrong.
    static func validate(
        width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo
    ) -> Result<Valid, Message> {
        guard width > 0, height > 0 else {
            return .failure(Message("invalid size \(width)×\(height): width and height must be at least 1"))
        }
        guard width <= maximumDimension, height <= maximumDimension else {
            return .failure(
                Message("unsupported size \(width)×\(height): Lamina's limit is \(maximumDimension) on each side"))
        }
        // cairo 1.16, which draws the contexts, stores 8 bits a component at most (ARGB32,
        // RGB24; RGB30 has no alpha); its float formats came in 1.17.2. Drawing 16-bit or float
        // pixels through 8-bit ones would lose what callers ask those formats for.
        guard !bitmapInfo.contains(.floatComponents) else {
            return .failure(
                Message("unsupported parameter combination: \(bitsPerComponent)-bit float components; "
                    + supportedFormats))
        }
        guard bitsPerComponent == 8 else {
            return .failure(
                Message("unsupported parameter combination: \(bitsPerComponent) bits/component; " + supportedFormats))
        }
        guard space.model == .rgb else {
            return .failure(
                Message("unsupported colour space \(space.name ?? "unnamed") (model \(space.model)): Lamina's bitmap contexts are RGB"))
        }
        let order = bitmapInfo.intersection(.byteOrderMask)
        guard order.isEmpty || order == .byteOrder32Big || order == .byteOrder32Little else {
            return .failure(
                Message("unsupported parameter combination: byte order 0x\(String(order.rawValue, radix: 16)) with 32 bits/pixel"))
        }
        guard let alpha = bitmapInfo.alphaInfo,
            let layout = PixelLayout(alphaInfo: alpha, littleEndian: order == .byteOrder32Little, allowStraightAlpha: false)
        else {
            return .failure(
                Message("unsupported parameter combination: alpha info \(bitmapInfo.rawValue & 0x1F); use "
                    + "premultipliedFirst, premultipliedLast, noneSkipFirst or noneSkipLast"))
        }
        let minimumStride = width * 4
        let stride = bytesPerRow == 0 ? minimumStride : bytesPerRow
        guard stride >= minimumStride else {
            return .failure(
                Message("invalid data bytes/row: should be at least \(minimumStride) for 8 integer "
                    + "bits/component, 3 components, \(bitmapInfo.contains(.byteOrder32Little) ? "kCGImageByteOrder32Little" : "default byte order"); got \(bytesPerRow)"))
        }
        let (total, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, total <= Int(Int32.max) * 4 else {
            return .failure(Message("invalid size: \(stride) bytes/row × \(height) rows overflows"))
        }
        return .success(Valid(layout: layout, bytesPerRow: stride))
    }

    /// What a failed creation says about the formats that work.
    static let supportedFormats =
        "Lamina's bitmap contexts are 8 bits/component, 32 bits/pixel RGB (premultipliedFirst, "
        + "premultipliedLast, noneSkipFirst or noneSkipLast; extended-range colours are clamped to 0...1): "
        + "cairo 1.16 has no 16-bit or float formats to draw into"

    /// A diagnostic message (an `Error` only so it can travel in a `Result`).
    struct Message: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
