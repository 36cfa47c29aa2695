import CCairo

extension CGContext {
    // MARK: Filling and stroking the current path

    /// Fills the current path with the fill colour (or pattern) using `rule` (default non-zero winding),
    /// closing open subpaths, and clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cr, rule.cairoValue)
        performDrawing(usesPath: true, userExtents: currentFillExtents) { context in
            withSource(stroking: false, on: context) { cairo_fill(context) }
        }
        cairo_new_path(cr)
    }

    /// Fills the current path with the even-odd rule and clears it (Apple's `eoFillPath()`).
    public func eoFillPath() { fillPath(using: .evenOdd) }

    /// Strokes the current path with the stroke colour and line settings, and clears it.
    public func strokePath() {
        performDrawing(usesPath: true, userExtents: currentStrokeExtents) { context in
            withSource(stroking: true, on: context) { cairo_stroke(context) }
        }
        cairo_new_path(cr)
    }

    /// Fills, strokes or both, as `mode` says, then clears the current path. With a shadow
    /// set, fill and stroke each cast one.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillPath(using: .winding)
        case .eoFill: fillPath(using: .evenOdd)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            let rule: CGPathFillRule = mode == .fillStroke ? .winding : .evenOdd
            cairo_set_fill_rule(cr, rule.cairoValue)
            performDrawing(usesPath: true, userExtents: currentFillExtents) { context in
                withSource(stroking: false, on: context) { cairo_fill_preserve(context) }
            }
            strokePath()
        }
    }

    // MARK: Rectangles and ellipses

    /// Fills `rect` with the fill colour. As a side effect the current path is cleared, as
    /// Apple documents for its rectangle and ellipse conveniences.
    public func fill(_ rect: CGRect) {
        fill([rect])
    }

    /// Fills each of `rects` with the fill colour (overlaps are filled once), and clears the
    /// current path.
    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath(using: .winding)
    }

    /// Strokes the outline of `rect` with the stroke colour and line settings.
    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    /// Strokes the outline of `rect` with line width `width` (the context's line width is
    /// left unchanged).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = cairo_get_line_width(cr)
        setLineWidth(width)
        stroke(rect)
        cairo_set_line_width(cr, saved)
    }

    /// Fills the ellipse inscribed in `rect`.
    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath(using: .winding)
    }

    /// Strokes the ellipse inscribed in `rect`.
    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes independent line segments: `points[0]–points[1]`, `points[2]–points[3]`, …
    /// (an odd last point is ignored).
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            move(to: points[index])
            addLine(to: points[index + 1])
            index += 2
        }
        strokePath()
    }

    /// Makes the pixels of `rect` fully transparent (within the clip), whatever the blend
    /// mode; casts no shadow. The current path is left unchanged.
    public func clear(_ rect: CGRect) {
        guard !state.isDegenerate else { return }
        let saved = cairo_copy_path(cr)
        defer { cairo_path_destroy(saved) }
        cairo_new_path(cr)
        appendRect(rect)
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        performDrawing(usesPath: true, castsShadow: false, userExtents: { rect.standardized }) { context in
            cairo_fill(context)
        }
        cairo_restore(cr)
        cairo_new_path(cr)
        if let saved { cairo_append_path(cr, saved) }
    }

    /// Appends `rect` to cairo's current path (nothing for null or non-finite rectangles).
    func appendRect(_ rect: CGRect) {
        let r = rect.standardized
        guard !r.isNull, r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return }
        cairo_rectangle(cr, Double(r.minX), Double(r.minY), Double(r.width), Double(r.height))
    }
}
