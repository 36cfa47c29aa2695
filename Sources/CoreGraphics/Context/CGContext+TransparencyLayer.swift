import CCairo

extension CGContext {
    /// Starts a transparency layer: drawing until ``endTransparencyLayer()`` goes into an
    /// offscreen buffer, which is then composited as one image with the alpha, blend mode
    /// and shadow in effect now (inside the layer they start as 1, normal and none); a clip
    /// set with ``clip(to:mask:)`` applies when the layer is composited.
    ///
    /// - Parameter auxiliaryInfo: Ignored (Apple passes a `CFDictionary`, also unused).
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]?) {
        transparencyLayers.append((state, savedStates.count))
        cairo_push_group(cr)
        state.alpha = 1
        state.shadow = nil
        state.blendMode = .normal
        state.clipMask = nil
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    /// Starts a transparency layer bounded by `rect` (user space): drawing outside it is
    /// discarded. See ``beginTransparencyLayer(auxiliaryInfo:)``.
    public func beginTransparencyLayer(in rect: CGRect, auxiliaryInfo: [String: Any]?) {
        beginTransparencyLayer(auxiliaryInfo: auxiliaryInfo)
        clip(to: rect)
    }

    /// Ends the innermost transparency layer and composites it; the graphics state returns
    /// to what it was at ``beginTransparencyLayer(auxiliaryInfo:)``. An unbalanced call is
    /// ignored with a diagnostic.
    public func endTransparencyLayer() {
        guard let layer = transparencyLayers.popLast() else {
            Diagnostics.log("CGContextEndTransparencyLayer: no transparency layer to end")
            return
        }
        // Unwind saves made inside the layer so cairo's stack matches.
        while savedStates.count > layer.savedCount { restoreGState() }
        guard let pattern = cairo_pop_group(cr) else { return }
        defer { cairo_pattern_destroy(pattern) }
        state = layer.state
        let alpha = Double(state.alpha)
        performDrawing(usesPath: false, userExtents: { nil }) { context in
            cairo_set_source(context, pattern)
            cairo_paint_with_alpha(context, alpha)
        }
    }
}
