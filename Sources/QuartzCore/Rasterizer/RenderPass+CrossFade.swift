import CCairo

extension RenderPass {
    /// Draws a linear mix of two drawings, `old` × (1 − `fraction`) plus `new` × `fraction`,
    /// over the target.
    ///
    /// Each drawing is made in its own group and the two are added (saturating) in a third,
    /// which is then composited: two opaque drawings give an opaque result and identical
    /// ones give that drawing (within a unit of rounding per channel). Painting one over
    /// the other at partial alpha would not: it lets the background show through. `box`
    /// (layer coordinates, mapped by `a`) bounds the groups; nil leaves them the clip's size.
    func drawMix(
        fraction: Double, within box: CGRect?, toDevice a: CGAffineTransform, old: () -> Void, new: () -> Void
    ) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let box {
            clip(toDeviceBoxOf: box, toDevice: a)
        }
        cairo_push_group(cr)
        old()
        let oldPattern = cairo_pop_group(cr)
        defer { cairo_pattern_destroy(oldPattern) }

        cairo_push_group(cr)
        cairo_set_source(cr, oldPattern)
        cairo_paint_with_alpha(cr, 1 - fraction)
        cairo_push_group(cr)
        new()
        cairo_pop_group_to_source(cr)
        // The operator is part of the group's saved state: popping the mix restores OVER.
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD)
        cairo_paint_with_alpha(cr, fraction)
        cairo_pop_group_to_source(cr)
        cairo_paint(cr)
    }

    /// Draws the layer's contents into its bounds `b`, or, during a contents cross-fade,
    /// the old image × (1 − f) mixed with the current one × f, both placed by the layer's
    /// same gravity, rect, centre and scale.
    func drawContentsOrCrossFade(of layer: CARenderLayer, in b: CGRect, toDevice a: CGAffineTransform, alpha: CGFloat) {
        guard let crossFade = layer.contentsCrossFade else {
            if let image = layer.contents {
                drawContents(image, of: layer, in: b, toDevice: a, alpha: alpha)
            }
            return
        }
        let fraction = crossFade.fraction
        let old = fraction < 1 ? crossFade.from : nil
        let new = fraction > 0 ? layer.contents : nil
        switch (old, new) {
        case (nil, nil):
            return
        case (let old?, nil):
            drawContents(old, of: layer, in: b, toDevice: a, alpha: alpha * CGFloat(1 - fraction))
        case (nil, let new?):
            drawContents(new, of: layer, in: b, toDevice: a, alpha: alpha * CGFloat(fraction))
        case (let old?, let new?):
            let destinations = [old, new].compactMap { Self.contentsPlacement($0, of: layer, in: b)?.destination }
            guard let first = destinations.first else { return }
            let box = destinations.dropFirst().reduce(first) { $0.union($1) }
            drawMix(
                fraction: fraction, within: box, toDevice: a,
                old: { drawContents(old, of: layer, in: b, toDevice: a, alpha: alpha) },
                new: { drawContents(new, of: layer, in: b, toDevice: a, alpha: alpha) })
        }
    }
}
