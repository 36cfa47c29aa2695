import CCairo

extension CGContext {
    /// Draws `image` scaled to fill `rect` (user space), or, with `byTiling`, repeats it at
    /// that size across the whole clip, tiles anchored at `rect`'s origin.
    ///
    /// The image's top row goes to `rect`'s maximum-y edge: upright in a y-up bitmap
    /// context, **upside down** in a flipped layer context — the same as Apple's
    /// `CGContext.draw` in a UIKit context (flip the CTM around the rectangle to draw it
    /// upright). Resampling follows ``interpolationQuality`` (nearest neighbour when the
    /// image's ``CGImage/shouldInterpolate`` is `false`); the context's alpha, blend mode,
    /// clip and shadow apply. An empty or non-finite `rect` draws nothing.
    public func draw(_ image: CGImage, in rect: CGRect, byTiling: Bool = false) {
        let r = rect.standardized
        guard !r.isNull, r.isFinite, r.width > 0, r.height > 0, !state.isDegenerate else { return }
        // In the context's colour space (a copy converted once, kept with the image).
        let image = image.converted(to: colorSpace)
        image.withUnsafePixelBytes { bytes in
            guard let base = bytes.baseAddress,
                let source = CairoError.surface(
                    cairo_image_surface_create_for_data(
                        UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_ARGB32,
                        Int32(image.width), Int32(image.height), Int32(image.bytesPerRow)),
                    "wrapping a \(image.width)×\(image.height) image", reportingTo: Diagnostics.cairoFailure(in: "CGContextDrawImage"))
            else { return }
            defer {
                // Detach cairo from the image's memory before the closure ends.
                cairo_surface_finish(source)
                cairo_surface_destroy(source)
            }
            guard let pattern = cairo_pattern_create_for_surface(source) else { return }
            defer { cairo_pattern_destroy(pattern) }
            let sx = Double(image.width) / Double(r.width)
            let sy = Double(image.height) / Double(r.height)
            var matrix = cairo_matrix_t(
                xx: sx, yx: 0, xy: 0, yy: -sy, x0: -Double(r.minX) * sx, y0: Double(r.maxY) * sy)
            cairo_pattern_set_matrix(pattern, &matrix)
            cairo_pattern_set_filter(
                pattern, image.shouldInterpolate ? state.interpolationQuality.cairoFilter : CAIRO_FILTER_NEAREST)
            let alpha = Double(state.alpha)
            if byTiling {
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_REPEAT)
                performDrawing(usesPath: false, userExtents: { nil }) { context in
                    cairo_set_source(context, pattern)
                    cairo_paint_with_alpha(context, alpha)
                }
            } else {
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
                let savedPath = cairo_copy_path(cr)
                defer {
                    cairo_new_path(cr)
                    if let savedPath {
                        cairo_append_path(cr, savedPath)
                        cairo_path_destroy(savedPath)
                    }
                }
                cairo_new_path(cr)
                appendRect(r)
                performDrawing(usesPath: true, userExtents: { r }) { context in
                    cairo_save(context)
                    cairo_clip(context)
                    cairo_set_source(context, pattern)
                    cairo_paint_with_alpha(context, alpha)
                    cairo_restore(context)
                }
            }
        }
    }
}
