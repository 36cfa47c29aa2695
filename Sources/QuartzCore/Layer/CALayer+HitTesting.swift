extension CALayer {
    /// The default ``hitTest(_:)``: the layer's cached ``HitTestIndex`` gives its inverse
    /// transform and the sublayers, front to back, that can contain the point (see there);
    /// same result as testing every sublayer, and no rebuilding once the index is built.
    ///
    /// Walks down with a stack of its own: a sublayer whose `hitTest(_:)` cannot be
    /// overridden (a plain `CALayer`) is tested here, in the same walk, rather than through
    /// a call, so no depth of tree can exhaust the thread's stack; any other sublayer's
    /// `hitTest(_:)` is called (an override decides for its subtree).
    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        guard let first = HitTestStep(self, at: p) else { return nil }
        var steps = [first]
        while !steps.isEmpty {
            let last = steps.count - 1
            guard let sublayer = steps[last].candidates.next() else {
                // No sublayer hit: the layer itself, if the point is inside it.
                let finished = steps.removeLast()
                if finished.inside { return finished.layer }
                if !steps.isEmpty { steps[steps.count - 1].candidates.missed() }
                continue
            }
            let point = steps[last].point
            if ObjectIdentifier(Swift.type(of: sublayer)) == ObjectIdentifier(CALayer.self) {
                if let step = HitTestStep(sublayer, at: point) {
                    steps.append(step)
                } else {
                    steps[last].candidates.missed()
                }
            } else if let hit = sublayer.hitTest(point) {
                return hit
            } else {
                steps[last].candidates.missed()
            }
        }
        return nil
    }
}

/// One layer of ``CALayer/defaultHitTest(_:)``'s walk: the point in the layer's own
/// coordinates, whether the layer contains it, and the sublayers still to test.
private struct HitTestStep {
    let layer: CALayer
    let point: CGPoint
    let inside: Bool
    var candidates: HitTestIndex.Candidates

    /// The step for `layer` at `p` (in its superlayer's coordinates); `nil` when nothing in
    /// its subtree can be hit: hidden, a transform that cannot be inverted or that the point
    /// lies behind, or outside bounds it masks to.
    init?(_ layer: CALayer, at p: CGPoint) {
        guard !layer.isHidden, let toLocal = layer.validHitTestIndexSelf().inverse, let local = toLocal.apply(p)
        else { return nil }
        let inside = layer.contains(local)
        if layer.masksToBounds && !inside { return nil }
        self.layer = layer
        point = local
        self.inside = inside
        // Made after `contains(_:)`: an override of it may have changed the tree.
        candidates = HitTestIndex.Candidates(of: layer, at: local)
    }
}
