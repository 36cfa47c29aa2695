import CoreGraphics

extension CALayer {
    /// The nearest superlayer that is a ``CAScrollLayer``, if any.
    private var enclosingScrollLayer: CAScrollLayer? {
        var current = superlayer
        var steps = 0
        while let layer = current, steps < 100_000 {
            if let scroll = layer as? CAScrollLayer { return scroll }
            current = layer.superlayer
            steps += 1
        }
        return nil
    }

    /// Scrolls the nearest enclosing ``CAScrollLayer`` so that `p` (in this layer's
    /// coordinates) is at its top-left corner. Does nothing without one.
    public func scroll(_ p: CGPoint) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(p, to: scrollLayer))
    }

    /// Scrolls the nearest enclosing ``CAScrollLayer`` as little as possible to make `r`
    /// (in this layer's coordinates) visible. Does nothing without one.
    public func scrollRectToVisible(_ r: CGRect) {
        guard let scrollLayer = enclosingScrollLayer else { return }
        scrollLayer.scroll(to: convert(r, to: scrollLayer))
    }

    /// The part of this layer's bounds the nearest enclosing ``CAScrollLayer`` shows, in
    /// this layer's coordinates: the bounds without one, `.null` when none of it shows.
    public var visibleRect: CGRect {
        let b = bounds.standardized
        guard let scrollLayer = enclosingScrollLayer else { return b }
        let shown = scrollLayer.convert(scrollLayer.bounds.standardized, to: self)
        return b.intersection(shown)
    }
}
