extension CALayer {
    /// The default ``hitTest(_:)``: the layer's cached ``HitTestIndex`` gives its inverse
    /// transform and the sublayers, front to back, that can contain the point (see there);
    /// same result as testing every sublayer, and no allocation once the index is built.
    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, let toLocal = validHitTestIndexSelf().inverse, let local = toLocal.apply(p)
        else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        // Fetched again: an overridden `contains(_:)` may have changed the tree.
        if let hit = validHitTestIndexSelf().firstHit(among: self, at: local) { return hit }
        return inside ? self : nil
    }
}
