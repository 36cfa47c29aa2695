import CCairo

/// A pattern a fill or stroke draws with: the pattern, and the alpha (a colored pattern's) or
/// the stencil's colour (an uncolored pattern's) it is drawn in. Contexts fill with it, and so
/// do layers whose background is a pattern colour.
package struct PatternPaint {
    package let pattern: CGPattern
    /// Non-premultiplied, in the space drawn into; a colored pattern's is white with its alpha.
    let color: RGBA

    /// The paint of a pattern colour, its stencil colour converted into `space` (sRGB when
    /// nil); nil for colours that are not patterns.
    package init?(_ color: CGColor, in space: CGColorSpace?) {
        guard let pattern = color.pattern, let components = color.components else { return nil }
        guard
            let paint = components.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress.map { Self(pattern, components: $0, space: color.colorSpace, drawnIn: space) }
            })
        else { return nil }
        self = paint
    }

    /// The paint `setFillPattern` and `setStrokePattern` set: `components` is the alpha of a
    /// colored pattern, or the stencil colour's components in `space`'s base space and then
    /// alpha for an uncolored one (opaque black, with a diagnostic, when there is no base space).
    init(_ pattern: CGPattern, components: UnsafePointer<CGFloat>, space: CGColorSpace?, drawnIn target: CGColorSpace?) {
        self.pattern = pattern
        guard !pattern.isColored else {
            color = RGBA.clamped(1, 1, 1, components[0])
            return
        }
        guard let base = space?.baseColorSpace,
            let stencil = CGColor(colorSpace: base, components: (0...base.numberOfComponents).map { components[$0] })
        else {
            Diagnostics.log("CGContext: an uncolored pattern needs a pattern colour space with a base space; it draws black")
            color = RGBA(red: 0, green: 0, blue: 0, alpha: 1)
            return
        }
        color = RGBA(stencil, in: target)
    }

    /// Runs `body` with a cairo source that repeats the pattern's cell, drawn at the
    /// resolution it has on the device (at most 4096 pixels a side), clipped to its bounds and
    /// in the paint's alpha (a stencil also in its colour).
    ///
    /// - Parameters:
    ///   - baseToDevice: The base space the pattern's matrix maps into → the pixels drawn.
    ///   - userToDevice: The cairo user space the source is used in → the same pixels.
    ///   - space: The colour space of the pixels drawn (sRGB when nil).
    ///   - filter: How the cell is resampled.
    package func withCairoSource(
        baseToDevice: CGAffineTransform, userToDevice: CGAffineTransform, space: CGColorSpace?, filter: cairo_filter_t,
        _ body: (OpaquePointer) -> Void
    ) {
        // Pattern space → device pixels.
        let toDevice = pattern.matrix.concatenating(baseToDevice)
        let scaleX = (toDevice.a * toDevice.a + toDevice.b * toDevice.b).squareRoot()
        let scaleY = (toDevice.c * toDevice.c + toDevice.d * toDevice.d).squareRoot()
        guard scaleX.isFinite, scaleY.isFinite else { return }
        let width = Int(min(max((pattern.xStep * scaleX).rounded(.up), 1), 4096))
        let height = Int(min(max((pattern.yStep * scaleY).rounded(.up), 1), 4096))
        guard toDevice.a * toDevice.d - toDevice.b * toDevice.c != 0,
            let cell = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: space ?? .sharedSRGB,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        // The cell, in pattern space, clipped to its bounds; a stencil in the paint's colour.
        cell.scaleBy(x: CGFloat(width) / pattern.xStep, y: CGFloat(height) / pattern.yStep)
        cell.clip(to: pattern.bounds)
        if !pattern.isColored {
            cell.setFillColor(red: color.red, green: color.green, blue: color.blue, alpha: 1)
            cell.setStrokeColor(red: color.red, green: color.green, blue: color.blue, alpha: 1)
        }
        cell.setAlpha(CGFloat(color.alpha))
        pattern.drawCell(in: cell)
        cairo_surface_flush(cell.surface)
        guard let source = cairo_pattern_create_for_surface(cell.surface) else { return }
        defer { cairo_pattern_destroy(source) }
        // User space → device → pattern space → the cell's pixels (row 0 at its top).
        let toCell = userToDevice.concatenating(toDevice.inverted()).concatenating(
            CGAffineTransform(
                a: CGFloat(width) / pattern.xStep, b: 0, c: 0, d: -CGFloat(height) / pattern.yStep, tx: 0, ty: CGFloat(height)))
        var matrix = cairo_matrix_t(
            xx: Double(toCell.a), yx: Double(toCell.b), xy: Double(toCell.c), yy: Double(toCell.d), x0: Double(toCell.tx),
            y0: Double(toCell.ty))
        cairo_pattern_set_matrix(source, &matrix)
        cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(source, filter)
        withExtendedLifetime(cell) { body(source) }
    }
}
