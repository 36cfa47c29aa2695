import CCairo

extension CGContext {
    /// Runs one drawing operation with the shadow, foreign-layout conversion and degenerate-CTM
    /// handling every operation shares.
    ///
    /// - Parameters:
    ///   - usesPath: Whether `body` draws the current path (which the shadow pass then copies).
    ///   - userExtents: The user-space bounds of what `body` covers, or `nil` for "the whole
    ///     clip" (used only for shadows and non-native layouts).
    ///   - castsShadow: Whether a set shadow applies (not for `clear`).
    ///   - body: Issues the cairo calls on the context it is given (the real one, or a scratch
    ///     context for the shadow's shape).
    func performDrawing(
        usesPath: Bool, castsShadow: Bool = true,
        userExtents: () -> CGRect?, _ body: (OpaquePointer) -> Void
    ) {
        guard !state.isDegenerate else {
            if usesPath { cairo_new_path(cr) }
            return
        }
        // A mask clip: the operation draws into a group, composited through the mask.
        let clipMask = state.clipMask
        if clipMask != nil { cairo_push_group(cr) }
        let shadow = castsShadow ? state.shadow : nil
        var region: PixelRegion?
        if foreign != nil || shadow != nil {
            let clip = deviceClipExtents()
            var covered = clip
            if !state.blendMode.isUnbounded, let user = userExtents() {
                covered = user.applying(cairoDeviceTransform).intersection(clip)
            }
            // A shadow may land anywhere in the clip: a non-native layout's pixels there are
            // brought in before it is drawn (after, they would cover it).
            region = PixelRegion(covering: shadow == nil ? covered : clip, width: width, height: height)
            if let foreign, let region, !region.isEmpty {
                cairo_surface_flush(surface)
                foreign.importRegion(region, into: native)
                cairo_surface_mark_dirty_rectangle(
                    surface, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height))
            }
            if let shadow, !covered.isNull {
                _ = drawShadow(shadow, covering: covered, clip: clip, usesPath: usesPath, body)
            }
        }
        if let formula = state.blendMode.laminaFormula {
            drawCombining(formula: formula, body)
        } else {
            body(cr)
        }
        clipMask?.compositeGroup(on: cr)
        if let foreign, let region, !region.isEmpty {
            cairo_surface_flush(surface)
            foreign.exportRegion(region, from: native)
        }
    }

    /// The clip's bounds in cairo's device space (y down).
    func deviceClipExtents() -> CGRect {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        cairo_set_matrix(cr, &matrix)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Draws the shadow of `body` and returns the device pixels it touched.
    private func drawShadow(
        _ shadow: Shadow, covering covered: CGRect, clip: CGRect, usesPath: Bool, _ body: (OpaquePointer) -> Void
    ) -> PixelRegion? {
        let baseScale = Double(abs(shadowBase.a * shadowBase.d - shadowBase.b * shadowBase.c).squareRoot())
        let sigma = Double(shadow.blur) * baseScale / 2
        let reach = GaussianBlur.reach(sigma: sigma)
        let deviceOffset = shadow.offset.applying(shadowBase)
        let dx = Double(deviceOffset.width)
        let dy = -Double(deviceOffset.height)

        // Only the part of the shape whose blurred, offset shadow can land in the clip matters.
        let interesting = clip.offsetBy(dx: -dx, dy: -dy).insetBy(dx: -CGFloat(reach), dy: -CGFloat(reach))
        let source = covered.intersection(interesting)
        guard !source.isNull, !source.isEmpty else { return nil }
        let padded = source.insetBy(dx: -CGFloat(reach) - 1, dy: -CGFloat(reach) - 1)
        // A shadow this far out cannot be drawn into a buffer (and must not trap converting).
        let limit: CGFloat = 1_000_000_000
        guard padded.minX > -limit, padded.minY > -limit, padded.maxX < limit, padded.maxY < limit else { return nil }
        let x0 = Int(padded.minX.rounded(.down)), y0 = Int(padded.minY.rounded(.down))
        let x1 = Int(padded.maxX.rounded(.up)), y1 = Int(padded.maxY.rounded(.up))
        let w = x1 - x0, h = y1 - y0
        guard w > 0, h > 0, w <= 32767, h <= 32767 else { return nil }

        let scratch = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(w), Int32(h))
        defer { cairo_surface_destroy(scratch) }
        guard cairo_surface_status(scratch) == CAIRO_STATUS_SUCCESS, let scratchCr = cairo_create(scratch) else {
            Diagnostics.log("CGContext: cannot allocate a \(w)×\(h) shadow buffer; shadow skipped")
            return nil
        }
        defer { cairo_destroy(scratchCr) }
        copyStrokeSettings(to: scratchCr)
        let device = cairoDeviceTransform.concatenating(CGAffineTransform(translationX: CGFloat(-x0), y: CGFloat(-y0)))
        var matrix = cairo_matrix_t(xx: device.a, yx: device.b, xy: device.c, yy: device.d, x0: device.tx, y0: device.ty)
        cairo_set_matrix(scratchCr, &matrix)
        if usesPath, let path = cairo_copy_path(cr) {
            cairo_append_path(scratchCr, path)
            cairo_path_destroy(path)
        }
        body(scratchCr)
        cairo_surface_flush(scratch)

        if sigma > 0 {
            guard blurAlpha(of: scratch, width: w, height: h, sigma: sigma) else {
                Diagnostics.log("CGContext: cannot allocate memory to blur a \(w)×\(h) shadow; shadow skipped")
                return nil
            }
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        let color = shadow.color
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask_surface(cr, scratch, Double(x0) + dx, Double(y0) + dy)
        cairo_restore(cr)
        return PixelRegion(
            covering: CGRect(x: Double(x0) + dx, y: Double(y0) + dy, width: Double(w), height: Double(h)),
            width: width, height: height)
    }

    /// Blurs an A8 surface's alpha in place; `false` when memory cannot be had.
    private func blurAlpha(of surface: OpaquePointer?, width w: Int, height h: Int, sigma: Double) -> Bool {
        guard let values = PixelBuffer(uninitializedByteCount: w * h * MemoryLayout<Float>.stride),
            let scratch = PixelBuffer(uninitializedByteCount: max(w, h) * MemoryLayout<Float>.stride),
            let data = cairo_image_surface_get_data(surface)
        else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let floats = values.base.bindMemory(to: Float.self, capacity: w * h)
        for y in 0..<h {
            for x in 0..<w { floats[y * w + x] = Float(data[y * stride + x]) }
        }
        GaussianBlur.blur(
            floats, width: w, height: h, sigma: sigma,
            scratch: scratch.base.bindMemory(to: Float.self, capacity: max(w, h)))
        for y in 0..<h {
            for x in 0..<w { data[y * stride + x] = UInt8(min(255, floats[y * w + x].rounded())) }
        }
        cairo_surface_mark_dirty(surface)
        return true
    }

    /// Copies line width, cap, join, miter limit, dash, fill rule, tolerance and
    /// antialiasing from the context's cairo state to `other`.
    private func copyStrokeSettings(to other: OpaquePointer) {
        cairo_set_line_width(other, cairo_get_line_width(cr))
        cairo_set_line_cap(other, cairo_get_line_cap(cr))
        cairo_set_line_join(other, cairo_get_line_join(cr))
        cairo_set_miter_limit(other, cairo_get_miter_limit(cr))
        cairo_set_fill_rule(other, cairo_get_fill_rule(cr))
        cairo_set_tolerance(other, cairo_get_tolerance(cr))
        cairo_set_antialias(other, cairo_get_antialias(cr))
        let count = Int(cairo_get_dash_count(cr))
        if count > 0 {
            var dashes = [Double](repeating: 0, count: count)
            var offset = 0.0
            dashes.withUnsafeMutableBufferPointer { cairo_get_dash(cr, $0.baseAddress, &offset) }
            dashes.withUnsafeBufferPointer { cairo_set_dash(other, $0.baseAddress, Int32(count), offset) }
        }
    }

    /// Sets a solid source: `color` with the context's alpha multiplied in.
    @inline(__always)
    func setSource(_ color: RGBA, on context: OpaquePointer) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha * Double(state.alpha))
    }

    /// The current path's user-space fill extents.
    func currentFillExtents() -> CGRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_fill_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The current path's user-space stroke extents.
    func currentStrokeExtents() -> CGRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_stroke_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

extension PixelRegion {
    /// The smallest region containing both.
    func union(_ other: PixelRegion) -> PixelRegion {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        let x1 = max(x + width, other.x + other.width), y1 = max(y + height, other.y + other.height)
        return PixelRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
