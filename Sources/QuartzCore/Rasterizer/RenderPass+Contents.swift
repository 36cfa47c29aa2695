import CCairo

extension RenderPass {
    /// Draws a layer's contents image into its bounds `b`, per contents gravity,
    /// contents rect, contents centre and contents scale.
    func drawContents(_ image: CGImage, of layer: CARenderLayer, in b: CGRect, toDevice a: CGAffineTransform, alpha: CGFloat) {
        guard let (source, destination, scale) = Self.contentsPlacement(image, of: layer, in: b) else { return }
        // In the target's colour space: an image of another space is converted once and kept.
        let image = image.converted(to: colorSpace ?? .standardSRGB)
        image.withUnsafePixelBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            guard
                let surface = CairoError.surface(
                    cairo_image_surface_create_for_data(
                        UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_ARGB32,
                        Int32(image.width), Int32(image.height), Int32(image.bytesPerRow)),
                    "wrapping a \(image.width)×\(image.height) contents image", reportingTo: CALayer.diagnoseDrawingFailure)
            else { return }
            defer { cairo_surface_destroy(surface) }
            // An image shows upright on screen: where a superlayer's geometry flip turns the
            // layer's space over, the image is drawn turned over within its destination. The
            // layer's own drawing was made in its space and is shown as drawn.
            var toDevice = a
            if layer.geometryFlipParity != layer.isGeometryFlipped, !layer.contentsDrawnByLayer {
                toDevice = CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: destination.minY + destination.maxY)
                    .concatenating(a)
            }
            let center = layer.contentsCenter
            if layer.contentsGravity.isResizing && center != CGRect(x: 0, y: 0, width: 1, height: 1) {
                for (from, to) in Self.nineSlices(source: source, center: center, destination: destination, scale: scale) {
                    drawImagePart(surface, layer: layer, from: from, to: to, toDevice: toDevice, alpha: alpha)
                }
            } else {
                drawImagePart(surface, layer: layer, from: source, to: destination, toDevice: toDevice, alpha: alpha)
            }
        }
    }

    /// Where `image` goes as the contents of `layer` with bounds `b`: the `source` pixels
    /// (per `contentsRect`), the `destination` in layer coordinates (per contents gravity)
    /// and the contents scale in use; nil when nothing would be drawn. Every part of the
    /// image is drawn inside `destination`.
    static func contentsPlacement(
        _ image: CGImage, of layer: CARenderLayer, in b: CGRect
    ) -> (source: CGRect, destination: CGRect, scale: CGFloat)? {
        let unit = layer.contentsRect
        guard unit.width != 0, unit.height != 0 else { return nil }
        let pixelWidth = CGFloat(image.width)
        let pixelHeight = CGFloat(image.height)
        let source = CGRect(
            x: unit.minX * pixelWidth, y: unit.minY * pixelHeight,
            width: unit.width * pixelWidth, height: unit.height * pixelHeight
        ).standardized
        let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
        let natural = CGSize(width: source.width / scale, height: source.height / scale)
        let destination = gravityRect(layer.contentsGravity, natural: natural, in: b, flipped: layer.geometryFlipParity)
        guard !destination.isEmpty, isFinite(destination) else { return nil }
        return (source, destination, scale)
    }

    /// Draws the `from` pixels of `surface` stretched onto `to` (layer coordinates); pixels
    /// outside the image extend its edge pixels.
    private func drawImagePart(
        _ surface: OpaquePointer?, layer: CARenderLayer, from: CGRect, to: CGRect, toDevice a: CGAffineTransform,
        alpha: CGFloat
    ) {
        guard from.width > 0, from.height > 0, to.width > 0, to.height > 0 else { return }
        let imageToDevice = CGAffineTransform(translationX: -from.minX, y: -from.minY)
            .concatenating(CGAffineTransform(scaleX: to.width / from.width, y: to.height / from.height))
            .concatenating(CGAffineTransform(translationX: to.minX, y: to.minY))
            .concatenating(a)
        guard let deviceToImage = imageToDevice.invertedIfPossible() else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        var clipMatrix = cairo_matrix_t(
            xx: Double(a.a), yx: Double(a.b), xy: Double(a.c), yy: Double(a.d), x0: Double(a.tx), y0: Double(a.ty))
        cairo_set_matrix(cr, &clipMatrix)
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(to.minX), Double(to.minY), Double(to.width), Double(to.height))
        cairo_identity_matrix(cr)
        cairo_clip(cr)

        let magnifying = abs(imageToDevice.a * imageToDevice.d - imageToDevice.b * imageToDevice.c) >= 1
        let filter = magnifying ? layer.magnificationFilter : layer.minificationFilter
        if magnifying, filter != .nearest, imageMagnification == .eased,
            drawEasedMagnification(surface, deviceToImage: deviceToImage, alpha: alpha)
        {
            return
        }
        let pattern = cairo_pattern_create_for_surface(surface)
        defer { cairo_pattern_destroy(pattern) }
        var matrix = cairo_matrix_t(
            xx: Double(deviceToImage.a), yx: Double(deviceToImage.b), xy: Double(deviceToImage.c),
            yy: Double(deviceToImage.d), x0: Double(deviceToImage.tx), y0: Double(deviceToImage.ty))
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_pattern_set_filter(pattern, Self.cairoFilter(filter, shrink: deviceToImage.longerAxisStretch))
        cairo_set_source(cr, pattern)
        cairo_paint_with_alpha(cr, Double(alpha))
    }

    /// How cairo samples contents scaled with `filter`, where one device pixel spans `shrink`
    /// image pixels along its longer axis. Nearest stays nearest. Linear (and trilinear)
    /// interpolate between the four nearest pixels, and, shrinking by more than 4/3, average
    /// every pixel under the device pixel, as Core Graphics does when `render(in:)` draws a
    /// layer's contents into a context: interpolating four pixels out of many would drop
    /// the rest and alias (thin strokes of text scaled down break up).
    static func cairoFilter(_ filter: CALayerContentsFilter, shrink: CGFloat) -> cairo_filter_t {
        if filter == .nearest { return CAIRO_FILTER_NEAREST }
        return shrink > 4.0 / 3.0 ? CAIRO_FILTER_GOOD : CAIRO_FILTER_BILINEAR
    }

    /// Where contents of `natural` size (points) go in the bounds `b`. Vertical gravities
    /// name the y axis (Apple): `top` is maximum y, unless the contents are flipped.
    static func gravityRect(_ gravity: CALayerContentsGravity, natural: CGSize, in b: CGRect, flipped: Bool) -> CGRect {
        let w = natural.width
        let h = natural.height
        switch gravity {
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            let x: CGFloat
            switch gravity {
            case .left, .topLeft, .bottomLeft: x = b.minX
            case .right, .topRight, .bottomRight: x = b.maxX - w
            default: x = b.midX - w / 2
            }
            var atMaxY = false
            var atMinY = false
            switch gravity {
            case .top, .topLeft, .topRight: atMaxY = true
            case .bottom, .bottomLeft, .bottomRight: atMinY = true
            default: break
            }
            if flipped { swap(&atMaxY, &atMinY) }
            let y = atMaxY ? b.maxY - h : atMinY ? b.minY : b.midY - h / 2
            return CGRect(x: x, y: y, width: w, height: h)
        case .resizeAspect, .resizeAspectFill:
            guard w > 0, h > 0 else { return .zero }
            let sx = b.width / w
            let sy = b.height / h
            let s = gravity == .resizeAspect ? min(sx, sy) : max(sx, sy)
            return CGRect(x: b.midX - w * s / 2, y: b.midY - h * s / 2, width: w * s, height: h * s)
        default:
            return b
        }
    }

    /// The nine (source pixels, destination) cells of a nine-slice draw: corners keep
    /// their size in points, edges stretch along one axis, the centre along both. A centre
    /// of zero width or height is one source pixel there.
    static func nineSlices(source s: CGRect, center c: CGRect, destination d: CGRect, scale: CGFloat) -> [(CGRect, CGRect)] {
        func splits(_ origin: CGFloat, _ length: CGFloat, _ c0: CGFloat, _ c1: CGFloat) -> [CGFloat] {
            var a = origin + min(max(c0, 0), 1) * length
            var b = origin + min(max(c1, 0), 1) * length
            if b - a < 1 && c1 - c0 <= 0 {
                a -= 0.5
                b += 0.5
            }
            return [origin, max(a, origin), min(b, origin + length), origin + length]
        }
        func targets(_ source: [CGFloat], _ origin: CGFloat, _ length: CGFloat) -> [CGFloat] {
            var first = (source[1] - source[0]) / scale
            var last = (source[3] - source[2]) / scale
            if first + last > length, first + last > 0 {
                let f = length / (first + last)
                first *= f
                last *= f
            }
            return [origin, origin + first, origin + length - last, origin + length]
        }
        let sx = splits(s.minX, s.width, c.minX, c.maxX)
        let sy = splits(s.minY, s.height, c.minY, c.maxY)
        let dx = targets(sx, d.minX, d.width)
        let dy = targets(sy, d.minY, d.height)
        var cells: [(CGRect, CGRect)] = []
        for j in 0..<3 {
            for i in 0..<3 {
                let from = CGRect(x: sx[i], y: sy[j], width: sx[i + 1] - sx[i], height: sy[j + 1] - sy[j])
                let to = CGRect(x: dx[i], y: dy[j], width: dx[i + 1] - dx[i], height: dy[j + 1] - dy[j])
                if from.width > 0, from.height > 0, to.width > 0, to.height > 0 {
                    cells.append((from, to))
                }
            }
        }
        return cells
    }
}
