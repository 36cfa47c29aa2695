/// Checks `CGContext`'s bitmap parameters the way Apple's `CGBitmapContextCreate` does.
enum BitmapContextParameters {
    /// The validated layout and row stride.
    struct Valid {
        var format: BitmapPixelFormat
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
        let format: BitmapPixelFormat
        switch validFormat(space: space, bitmapInfo: bitmapInfo) {
        case .failure(let message): return .failure(message)
        case .success(let valid): format = valid
        }
        let minimumStride = width * format.bytesPerPixel
        let stride = bytesPerRow == 0 ? minimumStride : bytesPerRow
        guard stride >= minimumStride else {
            return .failure(
                Message("invalid data bytes/row: should be at least \(minimumStride) for 8 integer "
                    + "bits/component, \(componentsDescription(format)), \(bitmapInfo.contains(.byteOrder32Little) ? "kCGImageByteOrder32Little" : "default byte order"); got \(bytesPerRow)"))
        }
        let (total, overflow) = stride.multipliedReportingOverflow(by: height)
        guard !overflow, total <= Int(Int32.max) * 4 else {
            return .failure(Message("invalid size: \(stride) bytes/row × \(height) rows overflows"))
        }
        return .success(Valid(format: format, bytesPerRow: stride))
    }

    /// The pixel format of a colour space and bitmap info at 8 bits a component, or what is
    /// wrong with them: Apple's formats on iOS are 32-bit RGB, 8-bit gray without alpha, and
    /// 8-bit alpha only (whatever the space, as the colour is not stored).
    private static func validFormat(space: CGColorSpace, bitmapInfo: CGBitmapInfo) -> Result<BitmapPixelFormat, Message> {
        let alphaInfo = bitmapInfo.alphaInfo
        if alphaInfo == .alphaOnly { return .success(.alphaOnly) }
        if space.model == .monochrome {
            guard alphaInfo == CGImageAlphaInfo.none else {
                return .failure(
                    Message("unsupported parameter combination: alpha info \(bitmapInfo.rawValue & 0x1F) in gray "
                        + "colour space \(space.name ?? "unnamed"); gray contexts have no alpha (use "
                        + "CGImageAlphaInfo.none, or alphaOnly for alpha without colour)"))
            }
            return .success(.gray)
        }
        guard space.model == .rgb else {
            return .failure(
                Message("unsupported colour space \(space.name ?? "unnamed") (model \(space.model)): Lamina's bitmap contexts are RGB, gray or alpha only"))
        }
        let order = bitmapInfo.intersection(.byteOrderMask)
        guard order.isEmpty || order == .byteOrder32Big || order == .byteOrder32Little else {
            return .failure(
                Message("unsupported parameter combination: byte order 0x\(String(order.rawValue, radix: 16)) with 32 bits/pixel"))
        }
        guard let alphaInfo,
            let layout = PixelLayout(alphaInfo: alphaInfo, littleEndian: order == .byteOrder32Little, allowStraightAlpha: false)
        else {
            return .failure(
                Message("unsupported parameter combination: alpha info \(bitmapInfo.rawValue & 0x1F); use "
                    + "premultipliedFirst, premultipliedLast, noneSkipFirst or noneSkipLast"))
        }
        return .success(.rgb(layout))
    }

    /// How a stride message names the pixel's components.
    private static func componentsDescription(_ format: BitmapPixelFormat) -> String {
        switch format {
        case .rgb: "3 components"
        case .gray: "1 component"
        case .alphaOnly: "alpha only"
        }
    }

    /// What a failed creation says about the formats that work.
    static let supportedFormats =
        "Lamina's bitmap contexts are 8 bits/component, 32 bits/pixel RGB (premultipliedFirst, "
        + "premultipliedLast, noneSkipFirst or noneSkipLast; extended-range colours are clamped to 0...1), "
        + "8-bit gray (alpha none) or 8-bit alpha only: "
        + "cairo 1.16 has no 16-bit or float formats to draw into"

    /// A diagnostic message (an `Error` only so it can travel in a `Result`).
    struct Message: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
