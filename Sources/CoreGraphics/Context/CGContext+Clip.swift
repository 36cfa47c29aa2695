import CCairo

extension CGContext {
    /// Intersects the clip with the current path filled with `rule` (default non-zero
    /// winding), then clears the path. An empty path clips everything away.
    public func clip(using rule: CGPathFillRule = .winding) {
        cairo_set_fill_rule(cr, rule.cairoValue)
        cairo_clip(cr)
    }

    /// Intersects the clip with the current path using the even-odd rule (Apple's `eoClip`).
    public func eoClip() { clip(using: .evenOdd) }

    /// Intersects the clip with `rect`. The current path is left unchanged.
    public func clip(to rect: CGRect) {
        clip(to: [rect])
    }

    /// Intersects the clip with the union of `rects`. The current path is left unchanged.
    public func clip(to rects: [CGRect]) {
        let saved = cairo_copy_path(cr)
        defer { cairo_path_destroy(saved) }
        cairo_new_path(cr)
        if !state.isDegenerate {
            for rect in rects { appendRect(rect) }
        }
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_clip(cr)
        if let saved { cairo_append_path(cr, saved) }
    }

    /// Lamina: removes the clip, mask clips included (Apple has `resetClip()` on macOS).
    public func resetClip() {
        cairo_reset_clip(cr)
        state.clipMask = nil
    }

    /// The bounding box of the clip in user space: the whole context when nothing is
    /// clipped, `.zero`-sized when everything is.
    public var boundingBoxOfClipPath: CGRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
