/// An immutable bitmap image. Thread-safe.
///
/// Lamina keeps every image in one pixel format: 8-bit premultiplied ARGB in 32-bit
/// little-endian words, i.e. the bytes B, G, R, A per pixel, rows top to bottom with no
/// padding (`bytesPerRow == width × 4`). That is cairo's `CAIRO_FORMAT_ARGB32`, pixman's
/// `PIXMAN_a8r8g8b8` and Wayland's `ARGB8888`, so images go to the screen without
/// conversion. Colours are sRGB. Other layouts are converted when the image is created
/// (``init(width:height:bitsPerComponent:bitsPerPixel:bytesPerRow:space:bitmapInfo:provider:decode:shouldInterpolate:intent:)``),
/// so the properties below always describe the internal format.
///
/// Pixel memory comes from `malloc`: a size that cannot be had fails with `nil` or a
/// thrown ``CGImageError`` instead of trapping.
public final class CGImage: Sendable {
    /// The width in pixels (at least 1).
    public let width: Int
    /// The height in pixels (at least 1).
    public let height: Int
    /// The pixel bytes, `bytesPerRow × height` of them, premultiplied BGRA.
    package let storage: PixelBuffer
    /// Whether drawing this image scaled should smooth it (Apple's `shouldInterpolate`);
    /// `true` unless the image was created saying otherwise. With `false`, drawing uses
    /// nearest-neighbour sampling.
    public let shouldInterpolate: Bool
    /// The rendering intent given at creation (Lamina renders without colour management,
    /// so it has no effect); `.defaultIntent` unless given.
    public let renderingIntent: CGColorRenderingIntent

    /// Wraps already-validated, tightly packed premultiplied BGRA bytes.
    package init(
        validatedWidth width: Int, height: Int, storage: PixelBuffer,
        shouldInterpolate: Bool = true, renderingIntent: CGColorRenderingIntent = .defaultIntent
    ) {
        self.width = width
        self.height = height
        self.storage = storage
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = renderingIntent
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
    /// Whether the image is a mask: always `false` (Lamina has no image masks).
    public var isMask: Bool { false }
    /// The decode array: always `nil` (decode arrays are applied at creation, if at all).
    public var decode: UnsafePointer<CGFloat>? { nil }

    /// A data provider holding a copy of the pixel bytes in the layout ``bitmapInfo``
    /// describes, or `nil` when the copy cannot be made.
    public var dataProvider: CGDataProvider? {
        CGDataProvider(data: Data(storage.bytes))
    }

    /// Returns the same image (images are immutable), as Apple's `copy()` may.
    public func copy() -> CGImage? { self }

    /// Returns the part of the image inside `rect` — in pixels, origin at the image's
    /// **top-left**, as Apple's `cropping(to:)` — after rounding `rect` outwards to whole
    /// pixels and intersecting it with the image; `nil` when nothing is left (or memory
    /// cannot be had).
    public func cropping(to rect: CGRect) -> CGImage? {
        guard !rect.isNull, rect.isFinite || rect.isInfinite else { return nil }
        let bounds = CGRect(x: 0, y: 0, width: width, height: height)
        let area = rect.standardized.integral.intersection(bounds)
        guard !area.isNull, !area.isEmpty else { return nil }
        let x0 = Int(area.minX), y0 = Int(area.minY), w = Int(area.width), h = Int(area.height)
        if x0 == 0, y0 == 0, w == width, h == height { return self }
        guard let target = PixelBuffer(uninitializedByteCount: w * 4 * h) else { return nil }
        for row in 0..<h {
            (target.base + row * w * 4).copyMemory(
                from: storage.base + (y0 + row) * bytesPerRow + x0 * 4, byteCount: w * 4)
        }
        return CGImage(
            validatedWidth: w, height: h, storage: target, shouldInterpolate: shouldInterpolate,
            renderingIntent: renderingIntent)
    }
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
        let storage = try CGImage.allocate(width: width, height: height)
        let copied: Bool = bytes.withUnsafeBytes { source in
            guard source.count >= needed, let base = source.baseAddress else { return false }
            for row in 0..<height {
                (storage.base + row * rowBytes).copyMemory(from: base + row * bytesPerRow, byteCount: rowBytes)
            }
            return true
        }
        guard copied else {
            let count = bytes.withUnsafeBytes { $0.count }
            throw CGImageError(
                .dataTooSmall,
                "\(count) bytes supplied but a \(width)×\(height) image with bytesPerRow "
                    + "\(bytesPerRow) needs \(needed)")
        }
        self.init(validatedWidth: width, height: height, storage: storage)
    }

    /// Lamina: creates an image whose pixels `body` writes in place, without a copy.
    ///
    /// `body` receives a zero-filled (transparent) buffer of `width × 4 × height` bytes
    /// and the row stride (`width × 4`); it must write premultiplied B, G, R, A bytes and
    /// must not keep the pointer.
    /// - Throws: ``CGImageError`` for invalid dimensions or when memory cannot be had, or
    ///   what `body` throws.
    public convenience init(
        width: Int, height: Int,
        initializingPixelsWith body: (_ pixels: UnsafeMutableRawBufferPointer, _ bytesPerRow: Int) throws -> Void
    ) throws {
        let rowBytes = try CGImage.validate(width: width, height: height)
        guard let storage = PixelBuffer(zeroedByteCount: rowBytes * height) else {
            throw CGImageError(.outOfMemory, "cannot allocate \(rowBytes * height) bytes for a \(width)×\(height) image")
        }
        try body(UnsafeMutableRawBufferPointer(start: storage.base, count: storage.count), rowBytes)
        self.init(validatedWidth: width, height: height, storage: storage)
    }

    /// Copies native pixels (from a context); `forceOpaque` sets every alpha byte to 255
    /// (for xRGB sources). `nil` when memory cannot be had.
    package convenience init?(
        copyingNative source: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, forceOpaque: Bool
    ) {
        let rowBytes = width * 4
        guard let storage = PixelBuffer(uninitializedByteCount: rowBytes * height) else {
            Diagnostics.log("CGBitmapContextCreateImage: cannot allocate \(rowBytes * height) bytes")
            return nil
        }
        for row in 0..<height {
            let target = storage.base + row * rowBytes
            target.copyMemory(from: source + row * bytesPerRow, byteCount: rowBytes)
            if forceOpaque {
                for x in 0..<width { target.storeBytes(of: 255, toByteOffset: x * 4 + 3, as: UInt8.self) }
            }
        }
        self.init(validatedWidth: width, height: height, storage: storage)
    }

    /// Lamina: calls `body` with the image's premultiplied B, G, R, A bytes
    /// (`bytesPerRow × height` of them). The pointer is valid only inside `body`.
    public func withUnsafePixelBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(storage.bytes) }
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

    /// Allocates zeroed storage for a validated size, or throws ``CGImageError/Code/outOfMemory``.
    package static func allocate(width: Int, height: Int) throws -> PixelBuffer {
        guard let storage = PixelBuffer(zeroedByteCount: width * 4 * height) else {
            throw CGImageError(.outOfMemory, "cannot allocate \(width * 4 * height) bytes for a \(width)×\(height) image")
        }
        return storage
    }
}
