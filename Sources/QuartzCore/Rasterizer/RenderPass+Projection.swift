import CCairo
import CPixman

extension RenderPass {
    /// Draws a layer whose transform to the device has perspective: its subtree is drawn
    /// flat (in layer coordinates, at about the device resolution) into an offscreen image,
    /// which pixman composites through the projective transform (bilinear). The clip of
    /// ancestors applies as its bounding rectangle.
    func drawProjected(_ layer: CARenderLayer, toDevice h: CAProjectiveTransform, alpha: CGFloat) {
        guard let box = Self.subtreeBox(layer), !box.isEmpty, Self.isFinite(box),
            let deviceBox = h.boundingBox(of: box), Self.isFinite(deviceBox)
        else { return }
        let limit: CGFloat = 4096
        var scale = ((deviceBox.width * deviceBox.height) / (box.width * box.height)).squareRoot()
        scale = min(max(scale.isFinite ? scale : 1, 0.05), 8)
        scale = min(scale, limit / box.width, limit / box.height)
        let width = Int((box.width * scale).rounded(.up))
        let height = Int((box.height * scale).rounded(.up))
        guard width > 0, height > 0 else { return }

        guard
            let offscreen = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                "creating a \(width)×\(height) image of a projected layer", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return }
        defer { cairo_surface_destroy(offscreen) }
        guard
            let offscreenContext = CairoError.context(
                cairo_create(offscreen), "creating a context for a projected layer", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return }
        let localToOffscreen = CGAffineTransform(translationX: -box.minX, y: -box.minY)
            .concatenating(CGAffineTransform(scaleX: scale, y: scale))
        drawing(into: offscreenContext).drawComposited(layer, toDevice: localToOffscreen, alpha: 1)
        cairo_destroy(offscreenContext)
        cairo_surface_flush(offscreen)

        guard let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE,
            let targetData = cairo_image_surface_get_data(target),
            let offscreenData = cairo_image_surface_get_data(offscreen),
            let offscreenToLocal = localToOffscreen.invertedIfPossible()
        else { return }
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let targetWidth = Int(cairo_image_surface_get_width(target))
        let targetHeight = Int(cairo_image_surface_get_height(target))
        // Target pixel → device (user) space → offscreen pixel.
        let offscreenToTarget = CAProjectiveTransform(offscreenToLocal).concatenating(h)
            .concatenating(CAProjectiveTransform(CGAffineTransform(translationX: CGFloat(offsetX), y: CGFloat(offsetY))))
        guard let targetToOffscreen = offscreenToTarget.inverted() else { return }

        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        let region = deviceBox.offsetBy(dx: CGFloat(offsetX), dy: CGFloat(offsetY))
            .intersection(CGRect(x: x0 + offsetX, y: y0 + offsetY, width: x1 - x0, height: y1 - y0))
            .intersection(CGRect(x: 0, y: 0, width: targetWidth, height: targetHeight))
        guard !region.isNull, !region.isEmpty else { return }
        let rx0 = Int(region.minX.rounded(.down))
        let ry0 = Int(region.minY.rounded(.down))
        let rx1 = Int(region.maxX.rounded(.up))
        let ry1 = Int(region.maxY.rounded(.up))

        cairo_surface_flush(target)
        defer { cairo_surface_mark_dirty(target) }
        guard
            let destination = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(targetWidth), Int32(targetHeight),
                UnsafeMutableRawPointer(targetData).assumingMemoryBound(to: UInt32.self),
                cairo_image_surface_get_stride(target)),
            let source = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                UnsafeMutableRawPointer(offscreenData).assumingMemoryBound(to: UInt32.self),
                cairo_image_surface_get_stride(offscreen))
        else { return }
        defer {
            pixman_image_unref(destination)
            pixman_image_unref(source)
        }
        let m = targetToOffscreen.m
        var floating = pixman_f_transform(
            m: ((Double(m.0), Double(m.3), Double(m.6)), (Double(m.1), Double(m.4), Double(m.7)),
                (Double(m.2), Double(m.5), Double(m.8))))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return }
        pixman_image_set_transform(source, &fixed)
        pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
        pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
        var mask: OpaquePointer?
        if alpha < 1 {
            var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((alpha * 65535).rounded()))
            mask = pixman_image_create_solid_fill(&color)
        }
        defer { if let mask { pixman_image_unref(mask) } }
        pixman_image_composite32(
            PIXMAN_OP_OVER, source, mask, destination, Int32(rx0), Int32(ry0), 0, 0, Int32(rx0), Int32(ry0),
            Int32(rx1 - rx0), Int32(ry1 - ry0))
    }
}
