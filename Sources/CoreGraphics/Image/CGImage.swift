/// An immutable bitmap image. Thread-safe.
///
/// Lamina keeps every image in one pixel format: 8-bit premultiplied ARGB in 32-bit
/// little-endian words, i.e. the bytes B, G, R, A per pixel, rows top to bottom with no
/// padding (`bytesPerRow == width × 4`). That is cairo's `CAIRO_FORMAT_ARGB32`, pixman's
/// `PIXMAN_a8r8g8b8` and Wayland's `ARGB8888`, so images go to the screen without
/// conversion. Colours are sRGB.
///
/// Apple creates images from a `CGDataProvider`; Lamina's creation, PNG and pixel-access
/// API is in extensions marked "Lamina".
public final class CGImage: Sendable {
    /// The width in pixels (at least 1).
    public let width: Int
    /// The height in pixels (at least 1).
    public let height: Int
    /// The pixel bytes, `bytesPerRow × height` of them.
    package let bytes: [UInt8]

    /// Wraps already-validated, tightly packed BGRA bytes.
    package init(validatedWidth width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The bytes per row: always `width × 4` (no row padding).
    public var bytesPerRow: Int { width * 4 }
    /// Bits per colour component: always 8.
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel: always 32.
    public var bitsPerPixel: Int { 32 }
    /// Alpha layout: always ``CGImageAlphaInfo/premultipliedFirst``.
    public var alphaInfo: CGImageAlphaInfo { .premultipliedFirst }
    /// Bitmap layout: premultiplied-first alpha, 32-bit little-endian (bytes B, G, R, A).
    public var bitmapInfo: CGBitmapInfo {
        CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue)
            .union(.byteOrder32Little)
    }
    /// The colour space: always sRGB.
    public var colorSpace: CGColorSpace? { .sharedSRGB }
}

extension CGImage {
    /// Lamina: the largest width or height an image may have (cairo's limit), 32767.
    public static let maximumDimension = 32767

    /// Lamina: creates an image by copying premultiplied BGRA pixel bytes.
    ///
    /// - Parameters:
    ///   - width: Width in pixels, `1...maximumDimension`.
    ///   - height: Height in pixels, `1...maximumDimension`.
    ///   - bytesPerRow: Distance between rows in `bytes`; at least `width × 4`. Padding
    ///     bytes are dropped (the image's own ``bytesPerRow`` is `width × 4`).
    ///   - bytes: At least `bytesPerRow × (height − 1) + width × 4` bytes; B, G, R, A per
    ///     pixel, colours premultiplied by alpha. Colour bytes larger than alpha are not
    ///     corrected.
    /// - Throws: ``CGImageError`` describing the invalid argument.
    public convenience init(
        width: Int, height: Int, bytesPerRow: Int, premultipliedBGRA bytes: some ContiguousBytes
    ) throws {
        let rowBytes = try CGImage.validate(width: width, height: height)
        guard bytesPerRow >= rowBytes else {
            throw CGImageError(
                .invalidBytesPerRow,
                "bytesPerRow \(bytesPerRow) is smaller than width × 4 = \(rowBytes); "
                    + "pass the distance in bytes between the starts of two rows")
        }
        let (lastRowStart, overflow) = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !overflow, lastRowStart <= Int.max - rowBytes else {
            throw CGImageError(
                .sizeOverflow, "bytesPerRow \(bytesPerRow) × height \(height) overflows")
        }
        let needed = lastRowStart + rowBytes
        let packed: [UInt8]? = bytes.withUnsafeBytes { source -> [UInt8]? in
            guard source.count >= needed else { return nil }
            var packed = [UInt8](repeating: 0, count: rowBytes * height)
            packed.withUnsafeMutableBytes { target in
                for row in 0..<height {
                    let from = UnsafeRawBufferPointer(
                        rebasing: source[(row * bytesPerRow)..<(row * bytesPerRow + rowBytes)])
                    UnsafeMutableRawBufferPointer(
                        rebasing: target[(row * rowBytes)..<((row + 1) * rowBytes)]
                    ).copyMemory(from: from)
                }
            }
            return packed
        }
        guard let packed else {
            let count = bytes.withUnsafeBytes { $0.count }
            throw CGImageError(
                .dataTooSmall,
                "\(count) bytes supplied but a \(width)×\(height) image with bytesPerRow "
                    + "\(bytesPerRow) needs \(needed)")
        }
        self.init(validatedWidth: width, height: height, bytes: packed)
    }

    /// Lamina: creates an image whose pixels `body` writes in place, without a copy.
    ///
    /// `body` receives a zero-filled (transparent) buffer of `width × 4 × height` bytes
    /// and the row stride (`width × 4`); it must write premultiplied B, G, R, A bytes and
    /// must not keep the pointer.
    /// - Throws: ``CGImageError`` for invalid dimensions, or what `body` throws.
    public convenience init(
        width: Int, height: Int,
        initializingPixelsWith body: (_ pixels: UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws -> Void
    ) throws {
        let rowBytes = try CGImage.validate(width: width, height: height)
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        try bytes.withUnsafeMutableBytes { try body($0, rowBytes) }
        self.init(validatedWidth: width, height: height, bytes: bytes)
    }

    /// Lamina: calls `body` with the image's premultiplied B, G, R, A bytes
    /// (`bytesPerRow × height` of them). The pointer is valid only inside `body`.
    public func withUnsafePixelBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// Checks the dimensions and returns `width × 4`.
    package static func validate(width: Int, height: Int) throws -> Int {
        guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height) else {
            throw CGImageError(
                .invalidDimensions,
                "image size \(width)×\(height) is invalid: width and height must be in "
                    + "1...\(maximumDimension)")
        }
        return width * 4
    }
}
