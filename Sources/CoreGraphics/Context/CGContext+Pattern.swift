import CCairo

extension CGContext {
    // MARK: Patterns

    /// Sets the colour space fill colours and patterns are given in; a pattern space
    /// (``CGColorSpace/init(patternBaseSpace:)``) before ``setFillPattern(_:colorComponents:)``.
    public func setFillColorSpace(_ space: CGColorSpace) { state.fillSpace = space }

    /// Sets the colour space stroke colours and patterns are given in.
    public func setStrokeColorSpace(_ space: CGColorSpace) { state.strokeSpace = space }

    /// Fills with `pattern` from now on: `components` is its alpha for a colored pattern, or
    /// the stencil's colour components in the fill colour space's base space and then alpha
    /// for an uncolored one (opaque black where no such space was set).
    public func setFillPattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        state.fillPattern = patternPaint(pattern, components: components, space: state.fillSpace)
    }

    /// Strokes with `pattern` from now on, its components as for ``setFillPattern(_:colorComponents:)``.
    public func setStrokePattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        state.strokePattern = patternPaint(pattern, components: components, space: state.strokeSpace)
    }

    /// The paint a pattern colour draws with; nil for other colours.
    func patternPaint(_ color: CGColor) -> PatternPaint? {
        guard let pattern = color.pattern, let components = color.components else { return nil }
        return components.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { patternPaint(pattern, components: $0, space: color.colorSpace) }
        }
    }

    private func patternPaint(_ pattern: CGPattern, components: UnsafePointer<CGFloat>, space: CGColorSpace?) -> PatternPaint {
        guard !pattern.isColored else {
            return PatternPaint(pattern: pattern, color: RGBA.clamped(1, 1, 1, components[0]))
        }
        guard let base = space?.baseColorSpace,
            let color = CGColor(colorSpace: base, components: (0...base.numberOfComponents).map { components[$0] })
        else {
            Diagnostics.log("CGContext: an uncolored pattern needs a pattern colour space with a base space; it draws black")
            return PatternPaint(pattern: pattern, color: RGBA(red: 0, green: 0, blue: 0, alpha: 1))
        }
        return PatternPaint(pattern: pattern, color: RGBA(color, in: colorSpace))
    }

    /// Runs `draw` with the fill (or stroke) paint as `context`'s source: the colour, or the
    /// pattern's cell drawn at this fill's device resolution and repeated.
    func withSource(stroking: Bool, on context: OpaquePointer, _ draw: () -> Void) {
        guard let paint = stroking ? state.strokePattern : state.fillPattern else {
            setSource(stroking ? state.stroke : state.fill, on: context)
            draw()
            return
        }
        // Pattern space → device pixels (y up), through the base space.
        let toDevice = paint.pattern.matrix.concatenating(patternBase)
        let scaleX = (toDevice.a * toDevice.a + toDevice.b * toDevice.b).squareRoot()
        let scaleY = (toDevice.c * toDevice.c + toDevice.d * toDevice.d).squareRoot()
        let width = Int(min(max((paint.pattern.xStep * scaleX).rounded(.up), 1), 4096))
        let height = Int(min(max((paint.pattern.yStep * scaleY).rounded(.up), 1), 4096))
        let inverse = toDevice.inverted()
        guard toDevice.a * toDevice.d - toDevice.b * toDevice.c != 0,
            let cell = CGContext(
                data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0, space: colorSpace ?? .sharedSRGB,
                bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        else { return }
        // The cell, in pattern space, clipped to its bounds; a stencil in the paint's colour.
        cell.scaleBy(x: CGFloat(width) / paint.pattern.xStep, y: CGFloat(height) / paint.pattern.yStep)
        cell.clip(to: paint.pattern.bounds)
        let color = paint.color
        if !paint.pattern.isColored {
            cell.setFillColor(red: color.red, green: color.green, blue: color.blue, alpha: 1)
            cell.setStrokeColor(red: color.red, green: color.green, blue: color.blue, alpha: 1)
        }
        cell.setAlpha(CGFloat(color.alpha))
        paint.pattern.drawCell(in: cell)
        cairo_surface_flush(cell.surface)
        guard let source = cairo_pattern_create_for_surface(cell.surface) else { return }
        defer { cairo_pattern_destroy(source) }
        // User space → device → pattern space → the cell's pixels (row 0 at its top).
        let toCell = state.ctm.concatenating(inverse).concatenating(
            CGAffineTransform(
                a: CGFloat(width) / paint.pattern.xStep, b: 0, c: 0, d: -CGFloat(height) / paint.pattern.yStep, tx: 0,
                ty: CGFloat(height)))
        var matrix = cairo_matrix_t(
            xx: Double(toCell.a), yx: Double(toCell.b), xy: Double(toCell.c), yy: Double(toCell.d), x0: Double(toCell.tx),
            y0: Double(toCell.ty))
        cairo_pattern_set_matrix(source, &matrix)
        cairo_pattern_set_extend(source, CAIRO_EXTEND_REPEAT)
        cairo_pattern_set_filter(source, state.interpolationQuality.cairoFilter)
        cairo_set_source(context, source)
        // The context's alpha, as colours take it.
        if state.alpha < 1 {
            cairo_push_group(context)
            cairo_set_source(context, source)
            draw()
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, Double(state.alpha))
        } else {
            draw()
        }
        withExtendedLifetime(cell) {}
    }
}
