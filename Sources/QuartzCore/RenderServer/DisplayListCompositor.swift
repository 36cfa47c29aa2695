import CCairo
import CPixman
import Dispatch

/// Draws a ``DisplayList`` into a target, inside a region only: the region is filled with
/// the background (transparent by default), then every step that reaches it is composited, back to front — bitmaps
/// with pixman at whole-pixel offsets, other subtrees drawn whole by cairo into an image of
/// their own and composited into the region.
struct DisplayListCompositor {
    /// Regions smaller than this many pixels are drawn on one thread.
    static let parallelThreshold = 1 << 16

    /// Draws `list` into `pixels` (premultiplied ARGB, `bytesPerRow × height`, checked by
    /// the caller) inside `region`. Large regions are split into horizontal bands drawn
    /// at once on `threads` threads (each band by one thread, with its own pixman and cairo
    /// targets; the bitmaps and snapshots are only read).
    static func draw(
        _ list: DisplayList, in region: DamageRegion, into pixels: UnsafeMutableRawPointer, width: Int, height: Int,
        bytesPerRow: Int, background: pixman_color_t = background(nil), threads: Int = 1
    ) throws {
        guard !region.isEmpty else { return }
        let bandCount = region.area >= parallelThreshold ? max(1, min(threads, 8, height)) : 1
        let target = Target(pixels: pixels, width: width, height: height, bytesPerRow: bytesPerRow)
        guard bandCount > 1 else {
            try drawBand(list, region.rects, target, background)
            return
        }
        let bands: [[PixelRect]] = (0..<bandCount).map { band in
            let band = PixelRect(
                x0: 0, y0: Int32(height * band / bandCount), x1: Int32(width), y1: Int32(height * (band + 1) / bandCount))
            return region.rects.map { $0.intersection(band) }.filter { !$0.isEmpty }
        }
        let errors = BandErrors(count: bandCount)
        DispatchQueue.concurrentPerform(iterations: bandCount) { band in
            do {
                try drawBand(list, bands[band], target, background)
            } catch {
                errors.record(error, band: band)
            }
        }
        if let error = errors.first { throw error }
    }

    /// The destination pixels, shared by the bands (each writes only its own rows).
    private struct Target: @unchecked Sendable {
        let pixels: UnsafeMutableRawPointer
        let width: Int, height: Int, bytesPerRow: Int
    }

    /// The first error of any band.
    private final class BandErrors: @unchecked Sendable {
        // Each band writes only its own slot; read after every band finished.
        private var errors: [Error?]

        init(count: Int) { errors = Array(repeating: nil, count: count) }

        func record(_ error: Error, band: Int) { errors[band] = error }

        var first: Error? { errors.lazy.compactMap { $0 }.first }
    }

    /// `color` as a pixman fill: premultiplied, each channel rounded to 8 bits first so the
    /// pixels are exactly the colour's 8-bit values; nil is transparent.
    static func background(_ color: CGColor?) -> pixman_color_t {
        guard let rgba = color?.rgba else { return pixman_color_t(red: 0, green: 0, blue: 0, alpha: 0) }
        func channel(_ value: CGFloat) -> UInt16 {
            let clamped = value.isNaN ? 0 : min(max(value, 0), 1)
            return UInt16((clamped * 255).rounded()) * 257
        }
        let alpha = rgba.alpha.isNaN ? 0 : min(max(rgba.alpha, 0), 1)
        return pixman_color_t(
            red: channel(rgba.red * alpha), green: channel(rgba.green * alpha), blue: channel(rgba.blue * alpha),
            alpha: channel(alpha))
    }

    /// Fills `rects` (disjoint) with `background` and draws every step into them.
    private static func drawBand(
        _ list: DisplayList, _ rects: [PixelRect], _ destination: Target, _ background: pixman_color_t
    ) throws {
        guard !rects.isEmpty else { return }
        let (pixels, width, height, bytesPerRow) = (destination.pixels, destination.width, destination.height, destination.bytesPerRow)
        guard let target = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow))
        else { throw CARenderError(.invalidSize, "pixman cannot wrap the \(width)×\(height) target") }
        defer { pixman_image_unref(target) }
        var boxes = rects.map { pixman_box32_t(x1: $0.x0, y1: $0.y0, x2: $0.x1, y2: $0.y1) }
        var fill = background
        _ = pixman_image_fill_boxes(PIXMAN_OP_SRC, target, &fill, Int32(boxes.count), &boxes)

        for op in list.ops {
            let reach = op.box.intersection(op.clip)
            guard !reach.isEmpty else { continue }
            switch op.kind {
            case .bitmap(let bitmap):
                for rect in rects {
                    let r = rect.intersection(reach)
                    guard !r.isEmpty else { continue }
                    pixman_image_composite32(
                        PIXMAN_OP_OVER, bitmap.image, nil, target, r.x0 - op.box.x0, r.y0 - op.box.y0, 0, 0,
                        r.x0, r.y0, r.width, r.height)
                }
            case .transformedBitmap(let bitmap, let deviceToBitmap):
                // Made by the band that draws it: pixman images are changed when used.
                guard let transformed = TransformedBitmap(bitmap, deviceToBitmap: deviceToBitmap) else { continue }
                for rect in rects {
                    let r = rect.intersection(reach)
                    guard !r.isEmpty else { continue }
                    // Source coordinates are device coordinates through the image's transform.
                    pixman_image_composite32(
                        PIXMAN_OP_OVER, transformed.image, nil, target, r.x0, r.y0, 0, 0, r.x0, r.y0, r.width, r.height)
                }
            case .subtree(let layer, let parentToDevice, let parentSublayer, let alpha):
                let pieces = rects.map { $0.intersection(reach) }.filter { !$0.isEmpty }
                guard !pieces.isEmpty else { continue }
                // Drawn whole (as in a full redraw) into its own image, then composited into
                // the damaged pieces only: blurred shadows and masks of a group clipped to the
                // damage would differ near its edges.
                try drawSubtree(
                    layer, parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: alpha, reach: reach,
                    into: target, pieces: pieces)
            }
        }
    }
}


extension DisplayListCompositor {
    /// Draws `layer`'s subtree within `reach` into an image of its own, then composites the
    /// image into `pieces` of `target` (OVER).
    fileprivate static func drawSubtree(
        _ layer: CARenderLayer, parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha: CGFloat,
        reach: PixelRect, into target: OpaquePointer, pieces: [PixelRect]
    ) throws {
        guard let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, reach.width, reach.height, nil, 0),
            let bits = pixman_image_get_data(image)
        else { throw CARenderError(.invalidSize, "no memory for a \(reach.width)×\(reach.height) layer image") }
        defer { pixman_image_unref(image) }
        let surface = cairo_image_surface_create_for_data(
            UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, reach.width,
            reach.height, pixman_image_get_stride(image))
        defer { cairo_surface_destroy(surface) }
        try CairoError.check(cairo_surface_status(surface), "wrapping a layer image for cairo")
        // Device coordinates stay the target's.
        cairo_surface_set_device_offset(surface, -Double(reach.x0), -Double(reach.y0))
        guard let cr = cairo_create(surface) else {
            throw CairoError(CAIRO_STATUS_NO_MEMORY, operation: "creating a cairo context for a layer image")
        }
        defer { cairo_destroy(cr) }
        RenderPass(cr: cr).draw(layer, parentToDevice: parentToDevice, parentSublayer: parentSublayer, alpha: alpha)
        cairo_surface_flush(surface)
        try CairoError.check(cairo_status(cr), "drawing a layer subtree")
        for piece in pieces {
            pixman_image_composite32(
                PIXMAN_OP_OVER, image, nil, target, piece.x0 - reach.x0, piece.y0 - reach.y0, 0, 0, piece.x0, piece.y0,
                piece.width, piece.height)
        }
    }
}
