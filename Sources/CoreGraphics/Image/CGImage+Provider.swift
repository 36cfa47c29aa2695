extension CGImage {
    /// Creates an image from raw pixel bytes, converting them to Lamina's premultiplied
    /// BGRA; returns `nil` with a diagnostic on standard error for unsupported or
    /// inconsistent parameters, too little data, or memory that cannot be had.
    ///
    /// Supported layouts (8 bits per component):
    /// - 32 bits per pixel, RGB space: any ``CGImageAlphaInfo`` except `none` and `alphaOnly`
    ///   (premultiplied or straight alpha, first or last, or a skipped byte), with the
    ///   default/`byteOrder32Big` order (components in memory in the order named, e.g. RGBA
    ///   for `premultipliedLast`) or `byteOrder32Little` (reversed, e.g. BGRA for
    ///   `premultipliedFirst`).
    /// - 24 bits per pixel, RGB space, alpha `none`: R, G, B bytes.
    /// - 16 bits per pixel, gray space, alpha `last` or `premultipliedLast`: gray, alpha bytes.
    /// - 8 bits per pixel: gray space with alpha `none` (gray bytes), or `alphaOnly`
    ///   (alpha bytes; black colour).
    ///
    /// - Parameters:
    ///   - width: Width in pixels, 1...`CGImage.maximumDimension`.
    ///   - height: Height in pixels, 1...`CGImage.maximumDimension`.
    ///   - bitsPerComponent: Must be 8.
    ///   - bitsPerPixel: 32, 24, 16 or 8, as listed above.
    ///   - bytesPerRow: Distance between rows in the provider's data; at least
    ///     `width × bitsPerPixel / 8`.
    ///   - space: The colour space of the pixels: RGB or gray, as listed above.
    ///   - bitmapInfo: Alpha placement and byte order, as listed above.
    ///   - provider: The pixel bytes: at least `bytesPerRow × (height − 1) +` one row.
    ///   - decode: Must be `nil`; Lamina ignores decode arrays (with a diagnostic).
    ///   - shouldInterpolate: Whether scaled drawing smooths the image.
    ///   - intent: Recorded; no effect (no colour management).
    public convenience init?(
        width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
        space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
        decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent
    ) {
        func fail(_ message: String) {
            Diagnostics.log("CGImageCreate: \(message)")
        }
        guard (1...CGImage.maximumDimension).contains(width), (1...CGImage.maximumDimension).contains(height) else {
            fail("invalid image size \(width)×\(height): width and height must be in 1...\(CGImage.maximumDimension)")
            return nil
        }
        guard bitsPerComponent == 8 else {
            fail("unsupported \(bitsPerComponent) bits/component; Lamina supports 8")
            return nil
        }
        if decode != nil { fail("decode arrays are not supported and are ignored") }
        guard !bitmapInfo.contains(.floatComponents), let alphaInfo = bitmapInfo.alphaInfo else {
            fail("unsupported bitmap info 0x\(String(bitmapInfo.rawValue, radix: 16))")
            return nil
        }
        let order = bitmapInfo.intersection(.byteOrderMask)
        let converter: PixelConverter
        switch (bitsPerPixel, space.model, alphaInfo) {
        case (32, .rgb, _):
            guard order.isEmpty || order == .byteOrder32Big || order == .byteOrder32Little,
                let layout = PixelLayout(alphaInfo: alphaInfo, littleEndian: order == .byteOrder32Little, allowStraightAlpha: true)
            else {
                fail("unsupported combination: 32 bits/pixel RGB with alpha info \(alphaInfo) and byte order 0x\(String(order.rawValue, radix: 16))")
                return nil
            }
            converter = .bitmap(.rgb(layout))
        case (24, .rgb, .none): converter = .rgb24
        case (16, .monochrome, .last): converter = .grayAlpha(premultiplied: false)
        case (16, .monochrome, .premultipliedLast): converter = .grayAlpha(premultiplied: true)
        case (8, .monochrome, .none): converter = .bitmap(.gray)
        case (8, _, .alphaOnly): converter = .bitmap(.alphaOnly)
        default:
            fail("unsupported combination: \(bitsPerPixel) bits/pixel, colour model \(space.model), alpha info \(alphaInfo)")
            return nil
        }
        let bytesPerPixel = bitsPerPixel / 8
        let rowBytes = width * bytesPerPixel
        guard bytesPerRow >= rowBytes else {
            fail("invalid bytes/row \(bytesPerRow): should be at least \(rowBytes)")
            return nil
        }
        let (lastRow, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !overflow, lastRow <= Int.max - rowBytes else {
            fail("bytes/row \(bytesPerRow) × height \(height) overflows")
            return nil
        }
        let needed = lastRow + rowBytes
        guard let data = provider.data, data.count >= needed else {
            fail("the provider has \(provider.data?.count ?? 0) bytes; a \(width)×\(height) image with bytes/row \(bytesPerRow) needs \(needed)")
            return nil
        }
        guard let storage = PixelBuffer(uninitializedByteCount: width * 4 * height) else {
            fail("cannot allocate \(width * 4 * height) bytes for a \(width)×\(height) image")
            return nil
        }
        data.withUnsafeBytes { source in
            guard let base = source.baseAddress else { return }
            for row in 0..<height {
                converter.convertRow(
                    from: base + row * bytesPerRow, to: storage.base + row * width * 4, count: width)
            }
        }
        self.init(
            validatedWidth: width, height: height, storage: storage, shouldInterpolate: shouldInterpolate,
            renderingIntent: intent, colorSpace: space)
    }
}

/// Converts rows of a supported source layout to premultiplied BGRA.
private enum PixelConverter {
    /// A format bitmap contexts also store (32-bit RGB, gray, alpha only).
    case bitmap(BitmapPixelFormat)
    case rgb24
    case grayAlpha(premultiplied: Bool)

    func convertRow(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        switch self {
        case .bitmap(let format):
            format.toNative(source, target, count: count)
        case .rgb24:
            for x in 0..<count {
                let s = source + x * 3
                store(target + x * 4, s.load(fromByteOffset: 0, as: UInt8.self), s.load(fromByteOffset: 1, as: UInt8.self),
                      s.load(fromByteOffset: 2, as: UInt8.self), 255)
            }
        case .grayAlpha(let premultiplied):
            for x in 0..<count {
                var g = source.load(fromByteOffset: x * 2, as: UInt8.self)
                let a = source.load(fromByteOffset: x * 2 + 1, as: UInt8.self)
                g = premultiplied ? min(g, a) : PixelLayout.multiply(g, a)
                store(target + x * 4, g, g, g, a)
            }
        }
    }

    @inline(__always)
    private func store(_ target: UnsafeMutableRawPointer, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        target.storeBytes(of: b, toByteOffset: 0, as: UInt8.self)
        target.storeBytes(of: g, toByteOffset: 1, as: UInt8.self)
        target.storeBytes(of: r, toByteOffset: 2, as: UInt8.self)
        target.storeBytes(of: a, toByteOffset: 3, as: UInt8.self)
    }
}
