import CCairo

/// A clip given by an image (``CGContext/clip(to:mask:)``): the coverage of every device
/// pixel, as an 8-bit alpha image the size of the context in cairo's device space.
/// Immutable once made; intersecting clips makes a new one.
final class ClipMask {
    let surface: OpaquePointer

    init(surface: OpaquePointer) { self.surface = surface }

    deinit { cairo_surface_destroy(surface) }

    /// Ends the group `CGContext.performDrawing` pushed for a drawing operation and
    /// composites it through the mask.
    func compositeGroup(on cr: OpaquePointer) {
        cairo_pop_group_to_source(cr)
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_mask_surface(cr, surface, 0, 0)
        cairo_set_matrix(cr, &matrix)
    }
}

extension CGContext {
    /// Maps a mask into the specified rectangle and intersects it with the current clipping
    /// area of the graphics context.
    ///
    /// The mask's top row goes to `rect`'s maximum-y edge (as ``draw(_:in:byTiling:)`` places
    /// images) and its samples say how much of each point stays drawable: nothing outside
    /// `rect`. Lamina keeps every image as premultiplied RGBA, so it cannot tell Apple's
    /// DeviceGray masks from colour images: a mask with any translucent pixel clips by its
    /// alpha (what Apple code passing an image with alpha expects); an opaque mask — a
    /// DeviceGray mask as Apple requires it — by its gray level (its luminance for colours):
    /// white keeps, black clips away. Drawing operations are then composited through the
    /// mask (with blend modes other than `.normal`, the mask applies to the blended result).
    /// ``saveGState()``/``restoreGState()`` save and restore it with the rest of the clip;
    /// ``boundingBoxOfClipPath`` includes `rect`. An empty or non-finite `rect` clips
    /// everything away.
    public func clip(to rect: CGRect, mask: CGImage) {
        let r = rect.standardized
        guard !r.isNull, r.isFinite, r.width > 0, r.height > 0, !state.isDegenerate else {
            clip(to: [CGRect]())
            return
        }
        guard let coverage = Self.coverage(of: mask) else { return }
        defer { cairo_surface_destroy(coverage) }
        let report = Diagnostics.cairoFailure(in: "CGContextClipToMask")
        guard
            let device = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
                "creating a \(width)×\(height) clip mask", reportingTo: report)
        else { return }
        guard let painter = CairoError.context(cairo_create(device), "creating a context to draw a clip mask", reportingTo: report)
        else {
            cairo_surface_destroy(device)
            return
        }
        defer { cairo_destroy(painter) }
        var userToDevice = cairo_matrix_t()
        cairo_get_matrix(cr, &userToDevice)
        cairo_set_matrix(painter, &userToDevice)
        if let pattern = cairo_pattern_create_for_surface(coverage) {
            defer { cairo_pattern_destroy(pattern) }
            let sx = Double(mask.width) / Double(r.width)
            let sy = Double(mask.height) / Double(r.height)
            var placement = cairo_matrix_t(
                xx: sx, yx: 0, xy: 0, yy: -sy, x0: -Double(r.minX) * sx, y0: Double(r.maxY) * sy)
            cairo_pattern_set_matrix(pattern, &placement)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(
                pattern, mask.shouldInterpolate ? state.interpolationQuality.cairoFilter : CAIRO_FILTER_NEAREST)
            cairo_set_source(painter, pattern)
            cairo_rectangle(painter, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
            cairo_fill(painter)
        }
        if let previous = state.clipMask {
            // The intersection: this coverage times the previous one.
            cairo_identity_matrix(painter)
            cairo_set_operator(painter, CAIRO_OPERATOR_IN)
            cairo_set_source_surface(painter, previous.surface, 0, 0)
            cairo_paint(painter)
        }
        cairo_surface_flush(device)
        state.clipMask = ClipMask(surface: device)
        clip(to: r)
    }

    /// The mask's coverage as an 8-bit alpha image of its size: its alpha if any pixel is
    /// translucent, else its gray level (luminance, weights 77/150/29 of 256: exact for gray).
    private static func coverage(of mask: CGImage) -> OpaquePointer? {
        let (w, h) = (mask.width, mask.height)
        guard
            let surface = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h)), "creating a \(w)×\(h) mask coverage image",
                reportingTo: Diagnostics.cairoFailure(in: "CGContextClipToMask")),
            let target = cairo_image_surface_get_data(surface)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        mask.withUnsafePixelBytes { pixels in
            let rowBytes = mask.bytesPerRow
            var opaque = true
            for y in 0..<h where opaque {
                for x in 0..<w where pixels[y * rowBytes + x * 4 + 3] != 255 {
                    opaque = false
                    break
                }
            }
            for y in 0..<h {
                for x in 0..<w {
                    let p = y * rowBytes + x * 4
                    let value: UInt8
                    if opaque {
                        let (b, g, r) = (Int(pixels[p]), Int(pixels[p + 1]), Int(pixels[p + 2]))
                        value = UInt8((r * 77 + g * 150 + b * 29 + 128) >> 8)
                    } else {
                        value = pixels[p + 3]
                    }
                    target[y * stride + x] = value
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
