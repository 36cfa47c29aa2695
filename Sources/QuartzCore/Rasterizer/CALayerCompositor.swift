import CCairo
import CPixman

/// Lamina: draws a ``CARenderLayer`` tree into premultiplied ARGB8888 pixels on the CPU, in
/// one call — for screenshots, tests and offscreen images.
///
/// It draws through a ``CARenderer`` of its own, as a window's render server does: a layer that
/// is only a background, a border and rounded corners is drawn as geometry with each pixel
/// its outline's exact area coverage; any other layer's appearance becomes a bitmap cairo
/// rasterises (backgrounds, rounded corners, borders, contents with their gravity, rect,
/// centre and scale, shapes, gradients, text), composited by pixman; what bitmaps cannot reproduce exactly (shadows, masks, group opacity, filters,
/// transitions, replicators, transform layers, perspective) is drawn by cairo as one group.
/// The bitmaps are kept from one call to the next, so drawing a tree again that changed a
/// little costs little. What is drawn: sublayers back to front in a stable sort by
/// `zPosition`; hidden layers skipped, and layers facing away unless double-sided;
/// `masksToBounds` clipping exactly, rounded corners included; a perspective layer drawn flat
/// and warped by pixman's projective path (slow; only then). Limits: edges are always
/// antialiased, and an ancestor's rounded clip applies to a perspective layer as its bounding
/// rectangle.
///
/// Not thread-safe: use one compositor from one thread.
public final class CALayerCompositor {
    /// Draws through a renderer, so layer bitmaps are kept from one call to the next.
    private let renderer = CARenderer()

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
    /// - Throws: ``CARenderError`` for invalid arguments, `CairoError` if cairo fails.
    public func render(
        _ tree: CARenderLayer, into pixels: UnsafeMutableRawPointer, width: Int, height: Int,
        bytesPerRow: Int, scale: CGFloat = 1
    ) throws {
        try Self.validate(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow, scale: scale)
        renderer.layer = tree
        renderer.scale = scale
        try renderer.setDestination(pixels, width: width, height: height, bytesPerRow: bytesPerRow, bufferAge: 0)
        renderer.beginFrame(atTime: 0)
        defer {
            renderer.endFrame()
            renderer.layer = nil
        }
        try renderer.render()
    }

    /// Draws `tree` as ``render(_:into:width:height:bytesPerRow:scale:)`` does, but every
    /// layer straight into the target with cairo, without cached bitmaps: the reference the
    /// cached path is checked against.
    func renderDirectly(
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
        guard let cr else {
            throw CairoError(CAIRO_STATUS_NO_MEMORY, operation: "creating a cairo context for the target")
        }
        let pass = RenderPass(cr: cr)
        pass.draw(
            tree, parentToDevice: CAProjectiveTransform(CGAffineTransform(scaleX: scale, y: scale)),
            parentSublayer: CATransform3DIdentity, alpha: 1)
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

    static func validate(
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
