import CCairo
import CPixman

/// Lamina: draws a ``CARenderLayer`` tree into premultiplied ARGB8888 pixels on the CPU.
///
/// Backgrounds are filled with cairo (anti-aliased, exact clipping); contents images are
/// composited with pixman (bilinear filtering only when the image is not placed at an
/// integer translation). Layers are drawn back to front: sublayers in a stable sort by
/// `zPosition`, hidden layers skipped. Current limits, to be lifted later:
/// - opacity is multiplied down the tree and applied to each layer separately (overlapping
///   sublayers of a translucent layer show through each other, unlike true group opacity);
/// - only the affine part of transforms is used (no perspective);
/// - `masksToBounds` clips backgrounds exactly, but clips contents images to the
///   pixel-aligned bounding box of the masking layer (exact when it is axis-aligned and
///   on whole pixels).
///
/// Not thread-safe: use one compositor from one thread (the render thread).
public final class CALayerCompositor {
    /// Creates a compositor.
    public init() {}

    /// Clears `pixels` to transparent and draws `tree` into it.
    ///
    /// - Parameters:
    ///   - tree: The snapshot to draw; its root is positioned in target coordinates.
    ///   - pixels: The target, `bytesPerRow × height` bytes, aligned to 4 bytes, each pixel
    ///     a 32-bit little-endian premultiplied ARGB word (bytes B, G, R, A).
    ///   - width: Target width in pixels, `1...32767`.
    ///   - height: Target height in pixels, `1...32767`.
    ///   - bytesPerRow: Distance between rows: at least `width × 4`, a multiple of 4.
    ///   - scale: Pixels per point (2 on a HiDPI output); default 1.
    /// - Throws: ``CARenderError`` for invalid arguments, ``CairoError`` if cairo fails.
    public func render(
        _ tree: CARenderLayer, into pixels: UnsafeMutableRawPointer, width: Int, height: Int,
        bytesPerRow: Int, scale: CGFloat = 1
    ) throws {
        try Self.validate(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
        for row in 0..<height {
            (pixels + row * bytesPerRow).initializeMemory(as: UInt8.self, repeating: 0, count: width * 4)
        }
        let surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
            Int32(width), Int32(height), Int32(bytesPerRow))
        defer { cairo_surface_destroy(surface) }
        try CairoError.check(cairo_surface_status(surface), "wrapping the \(width)×\(height) target for cairo")
        let cr = cairo_create(surface)
        defer { cairo_destroy(cr) }
        try CairoError.check(cairo_status(cr), "creating a cairo context for the target")
        guard
            let destination = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                pixels.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow))
        else {
            throw CairoError(CAIRO_STATUS_NO_MEMORY, operation: "wrapping the target for pixman")
        }
        defer { pixman_image_unref(destination) }

        let pass = RenderPass(cr: cr, surface: surface, destination: destination)
        pass.draw(
            tree, parentToDevice: CGAffineTransform(scaleX: scale, y: scale), opacity: 1,
            clip: PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        cairo_surface_flush(surface)
        try CairoError.check(cairo_status(cr), "compositing the layer tree")
    }

    /// Draws `tree` into a new transparent image of `width × height` pixels.
    ///
    /// - Throws: As ``render(_:into:width:height:bytesPerRow:scale:)``.
    public func renderImage(_ tree: CARenderLayer, width: Int, height: Int, scale: CGFloat = 1) throws -> CGImage {
        try Self.validateSize(width: width, height: height)
        return try CGImage(width: width, height: height) { buffer, bytesPerRow in
            guard let base = buffer.baseAddress else {
                throw CARenderError(.invalidSize, "no pixel storage for a \(width)×\(height) image")
            }
            try render(tree, into: base, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
        }
    }

    private static func validateSize(width: Int, height: Int) throws {
        let limit = CGImage.maximumDimension
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw CARenderError(
                .invalidSize, "target size \(width)×\(height) is invalid: width and height must be in 1...\(limit)")
        }
    }

    private static func validate(
        pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, scale: CGFloat
    ) throws {
        try validateSize(width: width, height: height)
        guard bytesPerRow >= width * 4, bytesPerRow % 4 == 0, bytesPerRow <= Int(Int32.max) else {
            throw CARenderError(
                .invalidBytesPerRow,
                "bytesPerRow \(bytesPerRow) is invalid for width \(width): it must be at least "
                    + "\(width * 4), a multiple of 4 and at most \(Int32.max)")
        }
        guard !bytesPerRow.multipliedReportingOverflow(by: height).overflow else {
            throw CARenderError(.sizeOverflow, "bytesPerRow \(bytesPerRow) × height \(height) overflows")
        }
        guard Int(bitPattern: pixels) % 4 == 0 else {
            throw CARenderError(.misalignedPixels, "the pixel pointer \(pixels) is not aligned to 4 bytes")
        }
        guard scale.isFinite, scale > 0 else {
            throw CARenderError(.invalidScale, "scale \(scale) is invalid: it must be finite and positive")
        }
    }
}

/// An integer rectangle of device pixels, `x0..<x1 × y0..<y1`.
struct PixelRect: Equatable {
    var x0: Int
    var y0: Int
    var x1: Int
    var y1: Int

    var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }

    func intersection(_ other: PixelRect) -> PixelRect {
        PixelRect(x0: max(x0, other.x0), y0: max(y0, other.y0), x1: min(x1, other.x1), y1: min(y1, other.y1))
    }

    /// The pixels `rect` touches (rounded outward), or nil if not finite.
    static func covering(_ rect: CGRect) -> PixelRect? {
        guard let r = clampedBounds(rect, round: { ($0.minX.rounded(.down), $0.minY.rounded(.down), $0.maxX.rounded(.up), $0.maxY.rounded(.up)) })
        else { return nil }
        return r
    }

    /// The pixels whose centres `rect` contains (edges rounded to nearest), or nil if not finite.
    static func nearest(_ rect: CGRect) -> PixelRect? {
        clampedBounds(rect, round: { ($0.minX.rounded(), $0.minY.rounded(), $0.maxX.rounded(), $0.maxY.rounded()) })
    }

    private static func clampedBounds(
        _ rect: CGRect, round: (CGRect) -> (CGFloat, CGFloat, CGFloat, CGFloat)
    ) -> PixelRect? {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        let (x0, y0, x1, y1) = round(rect)
        let limit: CGFloat = 1_073_741_824
        func clamp(_ v: CGFloat) -> Int { Int(min(max(v, -limit), limit)) }
        return PixelRect(x0: clamp(x0), y0: clamp(y0), x1: clamp(x1), y1: clamp(y1))
    }
}
