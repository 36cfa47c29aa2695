import CCairo
import CPixman

/// One traversal of a render tree into one target: cairo for fills, pixman for images.
struct RenderPass {
    let cr: OpaquePointer?
    let surface: OpaquePointer?
    let destination: OpaquePointer

    /// Draws `layer` and its subtree; `parentToDevice` maps the superlayer's coordinates
    /// to device pixels, `opacity` is the product of the ancestors' opacities.
    func draw(_ layer: CARenderLayer, parentToDevice: CGAffineTransform, opacity: CGFloat, clip: PixelRect) {
        guard !layer.isHidden else { return }
        let alpha = opacity * CGFloat(layer.opacity)
        guard alpha > 0 else { return }
        let toDevice = layer.transformToSuperlayer.concatenating(parentToDevice)
        guard toDevice.invertedIfPossible() != nil else { return }
        let bounds = layer.bounds.standardized

        if let rgba = layer.backgroundColor?.rgba, rgba.alpha > 0, !bounds.isEmpty {
            fill(bounds, toDevice: toDevice, red: rgba.red, green: rgba.green, blue: rgba.blue, alpha: rgba.alpha * alpha)
        }
        if let image = layer.contents, !bounds.isEmpty {
            composite(image, into: bounds, toDevice: toDevice, alpha: alpha, clip: clip)
        }

        var sublayerClip = clip
        if layer.masksToBounds {
            guard let masked = PixelRect.nearest(bounds.applying(toDevice)) else { return }
            sublayerClip = clip.intersection(masked)
            if sublayerClip.isEmpty { return }
            cairo_save(cr)
            addPath(bounds, toDevice: toDevice)
            cairo_clip(cr)
        }
        for sublayer in layer.sublayersInDrawingOrder {
            draw(sublayer, parentToDevice: toDevice, opacity: alpha, clip: sublayerClip)
        }
        if layer.masksToBounds {
            cairo_restore(cr)
        }
    }

    /// Adds the quadrilateral `rect` maps to in device space as the current cairo path.
    private func addPath(_ rect: CGRect, toDevice: CGAffineTransform) {
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
            CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
        ].map { $0.applying(toDevice) }
        cairo_new_path(cr)
        cairo_move_to(cr, Double(corners[0].x), Double(corners[0].y))
        for corner in corners.dropFirst() {
            cairo_line_to(cr, Double(corner.x), Double(corner.y))
        }
        cairo_close_path(cr)
    }

    /// Fills `rect` (layer coordinates) with a non-premultiplied colour, OVER.
    private func fill(
        _ rect: CGRect, toDevice: CGAffineTransform, red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    ) {
        addPath(rect, toDevice: toDevice)
        cairo_set_source_rgba(cr, Double(red), Double(green), Double(blue), Double(alpha))
        cairo_fill(cr)
    }

    /// Composites `image` scaled to `bounds` (layer coordinates), OVER, with pixman.
    private func composite(_ image: CGImage, into bounds: CGRect, toDevice: CGAffineTransform, alpha: CGFloat, clip: PixelRect) {
        let imageToDevice = CGAffineTransform(
            scaleX: bounds.width / CGFloat(image.width), y: bounds.height / CGFloat(image.height)
        )
        .concatenating(CGAffineTransform(translationX: bounds.minX, y: bounds.minY))
        .concatenating(toDevice)
        let imageRect = CGRect(x: 0, y: 0, width: image.width, height: image.height)
        guard let covered = PixelRect.covering(imageRect.applying(imageToDevice)) else { return }
        let region = covered.intersection(clip)
        guard !region.isEmpty else { return }

        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        image.withUnsafePixelBytes { bytes in
            guard let base = bytes.baseAddress,
                let source = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(image.width), Int32(image.height),
                    UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt32.self)),
                    Int32(image.bytesPerRow))
            else { return }
            defer { pixman_image_unref(source) }
            var mask: OpaquePointer?
            if alpha < 1 {
                var color = pixman_color_t(red: 0, green: 0, blue: 0, alpha: UInt16((alpha * 65535).rounded()))
                mask = pixman_image_create_solid_fill(&color)
            }
            defer { if let mask { pixman_image_unref(mask) } }

            if let offset = integerTranslation(imageToDevice) {
                pixman_image_composite32(
                    PIXMAN_OP_OVER, source, mask, destination,
                    Int32(region.x0 - offset.x), Int32(region.y0 - offset.y), 0, 0,
                    Int32(region.x0), Int32(region.y0), Int32(region.width), Int32(region.height))
                return
            }
            guard let inverse = imageToDevice.invertedIfPossible() else { return }
            var floating = pixman_f_transform(
                m: ((Double(inverse.a), Double(inverse.c), Double(inverse.tx)),
                    (Double(inverse.b), Double(inverse.d), Double(inverse.ty)),
                    (0, 0, 1)))
            var fixed = pixman_transform()
            guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return }
            pixman_image_set_transform(source, &fixed)
            pixman_image_set_filter(source, PIXMAN_FILTER_BILINEAR, nil, 0)
            pixman_image_set_repeat(source, PIXMAN_REPEAT_NONE)
            pixman_image_composite32(
                PIXMAN_OP_OVER, source, mask, destination,
                Int32(region.x0), Int32(region.y0), 0, 0,
                Int32(region.x0), Int32(region.y0), Int32(region.width), Int32(region.height))
        }
    }

    /// The whole-pixel offset `t` translates by, if it is nothing but such a translation.
    private func integerTranslation(_ t: CGAffineTransform) -> (x: Int, y: Int)? {
        let tolerance: CGFloat = 1e-9
        guard abs(t.a - 1) < tolerance, abs(t.b) < tolerance, abs(t.c) < tolerance, abs(t.d - 1) < tolerance,
            abs(t.tx) < 1_073_741_824, abs(t.ty) < 1_073_741_824
        else { return nil }
        let x = t.tx.rounded()
        let y = t.ty.rounded()
        guard abs(t.tx - x) < 1e-6, abs(t.ty - y) < 1e-6 else { return nil }
        return (Int(x), Int(y))
    }
}
