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
        state.fill = .pattern(PatternPaint(pattern, components: components, space: state.fillSpace, drawnIn: colorSpace))
    }

    /// Strokes with `pattern` from now on, its components as for ``setFillPattern(_:colorComponents:)``.
    public func setStrokePattern(_ pattern: CGPattern, colorComponents components: UnsafePointer<CGFloat>) {
        state.stroke = .pattern(PatternPaint(pattern, components: components, space: state.strokeSpace, drawnIn: colorSpace))
    }

    /// Runs `draw` with the fill (or stroke) paint as `context`'s source: the colour, or the
    /// pattern's cell drawn at this fill's device resolution and repeated, anchored in the
    /// context's base space.
    func withSource(stroking: Bool, on context: OpaquePointer, _ draw: () -> Void) {
        switch stroking ? state.stroke : state.fill {
        case .color(let color):
            setSource(color, on: context)
            draw()
        case .pattern(let paint):
            paint.withCairoSource(
                baseToDevice: patternBase, userToDevice: state.ctm, space: colorSpace, filter: state.interpolationQuality.cairoFilter
            ) { source in
                cairo_set_source(context, source)
                // The context's alpha, as colours take it.
                if state.alpha < 1 {
                    cairo_push_group(context)
                    draw()
                    cairo_pop_group_to_source(context)
                    cairo_paint_with_alpha(context, Double(state.alpha))
                } else {
                    draw()
                }
            }
        }
    }
}
