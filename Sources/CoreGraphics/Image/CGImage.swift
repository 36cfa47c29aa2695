/// An immutable bitmap image. Thread-safe.
///
/// Lamina keeps every image in one pixel format: 8-bit premultiplied ARGB in 32-bit
/// little-endian words, i.e. the bytes B, G, R, A per pixel, rows top to bottom with no
/// padding (`bytesPerRow == width × 4`). That is cairo's `CAIRO_FORMAT_ARGB32`, pixman's
/// `PIXMAN_a8r8g8b8` and Wayland's `ARGB8888`, so images go to the screen without
/// conversion. Colours are in the image's ``colorSpace`` (sRGB unless created in another RGB
/// space); drawn into a context of another space, they are converted. Other layouts are converted when the image is created
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

    /// The colour space of the pixels (an RGB space; sRGB unless the image was made so).
    package let space: CGColorSpace
    /// Copies of this image converted into other colour spaces, made when first drawn there.
    private let conversions = ImageConversions()

    /// Wraps already-validated, tightly packed premultiplied BGRA bytes.
    package init(
        validatedWidth width: Int, height: Int, storage: PixelBuffer,
        shouldInterpolate: Bool = true, renderingIntent: CGColorRenderingIntent = .defaultIntent,
        colorSpace: CGColorSpace? = nil
    ) {
        self.width = width
        self.height = height
        self.storage = storage
        self.shouldInterpolate = shouldInterpolate
        self.renderingIntent = renderingIntent
        self.space = colorSpace.flatMap { $0.model == .rgb ? $0 : nil } ?? .sharedSRGB
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
    /// The colour space the pixels are in: sRGB, unless the image was created with another RGB
    /// space (from its components, or by ``CGContext/makeImage()`` of a context in that space).
    /// Drawn into a context of another space, the image is converted into it.
    public var colorSpace: CGColorSpace? { space }

    /// Returns the same pixels read as colours of `space` (no conversion), as Apple's
    /// `copy(colorSpace:)`; `nil` when `space` is not an RGB space.
    public func copy(colorSpace: CGColorSpace) -> CGImage? {
        guard colorSpace.model == .rgb else { return nil }
        return CGImage(
            validatedWidth: width, height: height, storage: storage, shouldInterpolate: shouldInterpolate,
            renderingIntent: renderingIntent, colorSpace: colorSpace)
    }

    /// This image with its pixels converted into `destination` (itself when nil, or when the
    /// spaces draw alike; into a gray space, each pixel's gray level on all three channels);
    /// the copy is made once and kept with the image. The image itself when
    /// memory for the copy cannot be had.
    package func converted(to destination: CGColorSpace?) -> CGImage {
        guard let destination, destination.model == .rgb || destination.model == .monochrome,
            destination.definition != space.definition
        else { return self }
        return conversions.image(for: destination) { convertedCopy(to: destination) } ?? self
    }

    private func convertedCopy(to destination: CGColorSpace) -> CGImage? {
        guard let target = PixelBuffer(uninitializedByteCount: storage.count) else { return nil }
        let source = space.definition, definition = destination.definition
        // Opaque pixels' channels are whole bytes: their conversions are looked up.
        var opaque: [UInt8: Double] = [:]
        let from = storage.base.assumingMemoryBound(to: UInt8.self), to = target.base.assumingMemoryBound(to: UInt8.self)
        var cache: [UInt32: UInt32] = [:]
        for index in 0..<(width * height) {
            let offset = index * 4
            let word = UnsafeRawPointer(from + offset).loadUnaligned(as: UInt32.self)
            if let done = cache[word] {
                UnsafeMutableRawPointer(to + offset).storeBytes(of: done, as: UInt32.self)
                continue
            }
            let alpha = Double(from[offset + 3])
            var converted: UInt32 = 0
            if alpha > 0 {
                // B, G, R, A premultiplied: unpremultiply, convert, premultiply.
                let rgb = [from[offset + 2], from[offset + 1], from[offset]].map { byte -> Double in
                    if alpha == 255, let known = opaque[byte] { return known }
                    let value = min(Double(byte) / alpha, 1)
                    if alpha == 255 { opaque[byte] = value }
                    return value
                }
                var c = definition.convert(rgb, from: source)
                if c.count == 1 { c = [c[0], c[0], c[0]] }  // into a gray space: a gray level on each channel
                func byte(_ v: Double) -> UInt32 { UInt32((min(max(v.isNaN ? 0 : v, 0), 1) * alpha).rounded()) }
                converted = byte(c[2]) | byte(c[1]) << 8 | byte(c[0]) << 16 | UInt32(alpha) << 24
            }
            if cache.count < 65536 { cache[word] = converted }
            UnsafeMutableRawPointer(to + offset).storeBytes(of: converted, as: UInt32.self)
        }
        return CGImage(
            validatedWidth: width, height: height, storage: target, shouldInterpolate: shouldInterpolate,
            renderingIntent: renderingIntent, colorSpace: destination)
    }
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
        copyingNative source: UnsafeRawPointer, width: Int, height: Int, bytesPerRow: Int, forceOpaque: Bool,
        colorSpace: CGColorSpace? = nil
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
        self.init(validatedWidth: width, height: height, storage: storage, colorSpace: colorSpace)
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
