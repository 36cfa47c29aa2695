import CCairo
import CCompositor

extension CGBlendMode {
    /// The compositor formula drawing this mode where cairo has no operator for it
    /// (``plusDarker``), or nil when cairo draws it.
    var laminaFormula: Int32? {
        self == .plusDarker ? Int32(LAMINA_FORMULA_PLUS_DARKER) : nil
    }
}

extension CGContext {
    /// Runs `body` (which draws with source-over) into a group and combines the group with the
    /// current target by the compositor's `formula` loop: pixels the group leaves transparent
    /// (outside the shape or the clip) keep what is there. Targets the loop cannot read (not
    /// 32-bit, or scaled) get the group drawn with source-over and a diagnostic.
    func drawCombining(formula: Int32, _ body: (OpaquePointer) -> Void) {
        cairo_push_group_with_content(cr, CAIRO_CONTENT_COLOR_ALPHA)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        body(cr)
        guard let pattern = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(pattern) }
        var groupSurface: OpaquePointer?
        guard cairo_pattern_get_surface(pattern, &groupSurface) == CAIRO_STATUS_SUCCESS, let group = groupSurface,
            let target = cairo_get_group_target(cr), Self.isReadable(group, formats: [CAIRO_FORMAT_ARGB32]),
            Self.isReadable(target, formats: [CAIRO_FORMAT_ARGB32, CAIRO_FORMAT_RGB24])
        else {
            Diagnostics.log("CGContext: blend mode \(state.blendMode) needs a 32-bit bitmap target; drawn as normal")
            cairo_save(cr)
            cairo_set_source(cr, pattern)
            cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
            cairo_paint(cr)
            cairo_restore(cr)
            return
        }
        cairo_surface_flush(group)
        cairo_surface_flush(target)
        // Device offsets map device coordinates onto each surface's pixels (a group covers
        // the clip's extents only; the target may itself be a group).
        var gx = 0.0, gy = 0.0, tx = 0.0, ty = 0.0
        cairo_surface_get_device_offset(group, &gx, &gy)
        cairo_surface_get_device_offset(target, &tx, &ty)
        let groupOrigin = (x: -Int(gx.rounded()), y: -Int(gy.rounded()))
        let targetOrigin = (x: -Int(tx.rounded()), y: -Int(ty.rounded()))
        let groupSize = (w: Int(cairo_image_surface_get_width(group)), h: Int(cairo_image_surface_get_height(group)))
        let targetSize = (w: Int(cairo_image_surface_get_width(target)), h: Int(cairo_image_surface_get_height(target)))
        let x0 = max(groupOrigin.x, targetOrigin.x), y0 = max(groupOrigin.y, targetOrigin.y)
        let x1 = min(groupOrigin.x + groupSize.w, targetOrigin.x + targetSize.w)
        let y1 = min(groupOrigin.y + groupSize.h, targetOrigin.y + targetSize.h)
        guard x1 > x0, y1 > y0, let groupPixels = cairo_image_surface_get_data(group),
            let targetPixels = cairo_image_surface_get_data(target)
        else { return }
        let targetStride = Int(cairo_image_surface_get_stride(target))
        let (sx, sy) = (x0 - groupOrigin.x, y0 - groupOrigin.y)
        let (dx, dy) = (x0 - targetOrigin.x, y0 - targetOrigin.y)
        let (w, h) = (x1 - x0, y1 - y0)
        // An opaque target's unused byte is undefined: the formula reads it as alpha, so it is
        // made opaque first.
        if cairo_image_surface_get_format(target) == CAIRO_FORMAT_RGB24 {
            for row in dy..<dy + h {
                let pixels = UnsafeMutableRawPointer(targetPixels + row * targetStride).assumingMemoryBound(to: UInt32.self)
                for column in dx..<dx + w { pixels[column] |= 0xFF00_0000 }
            }
        }
        let source = lamina_source_image(
            pixels: UnsafeRawPointer(groupPixels).assumingMemoryBound(to: UInt32.self), width: Int32(groupSize.w),
            height: Int32(groupSize.h), bytes_per_row: cairo_image_surface_get_stride(group))
        let destination = lamina_target_image(
            pixels: UnsafeMutableRawPointer(targetPixels).assumingMemoryBound(to: UInt32.self),
            width: Int32(targetSize.w), height: Int32(targetSize.h), bytes_per_row: Int32(targetStride))
        _ = lamina_composite_formula(
            source, Int32(sx), Int32(sy), destination, Int32(dx), Int32(dy), Int32(w), Int32(h), 255, formula)
        cairo_surface_mark_dirty_rectangle(target, Int32(dx), Int32(dy), Int32(w), Int32(h))
    }

    /// Whether `surface` is an unscaled image surface of one of `formats`.
    private static func isReadable(_ surface: OpaquePointer, formats: [cairo_format_t]) -> Bool {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            formats.contains(cairo_image_surface_get_format(surface))
        else { return false }
        var sx = 1.0, sy = 1.0
        cairo_surface_get_device_scale(surface, &sx, &sy)
        return sx == 1 && sy == 1
    }
}
