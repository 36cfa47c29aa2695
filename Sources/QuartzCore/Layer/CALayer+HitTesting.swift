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
        guard var current = HitTestStep(self, at: p) else { return nil }
        // The steps above `current`: nothing is allocated until the walk goes two levels down.
        var above: [HitTestStep] = []
        while true {
            guard let sublayer = current.candidates.next() else {
                // No sublayer hit: the layer itself, if the point is inside it.
                if current.inside { return current.layer }
                guard let parent = above.popLast() else { return nil }
                current = parent
                current.candidates.missed()
                continue
            }
            if ObjectIdentifier(Swift.type(of: sublayer)) == ObjectIdentifier(CALayer.self) {
                if sublayer.storedSublayers.isEmpty {
                    // A plain leaf: hit if it contains the point.
                    if HitTestStep.contains(sublayer, current.point) { return sublayer }
                    current.candidates.missed()
                } else if let step = HitTestStep(sublayer, at: current.point) {
                    above.append(current)
                    current = step
                } else {
                    current.candidates.missed()
                }
            } else if let hit = sublayer.hitTest(current.point) {
                return hit
            } else {
                current.candidates.missed()
            }
        }
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
    /// Whether `layer`, which has no sublayers, is hit at `p` (in its superlayer's
    /// coordinates): what its step would find.
    static func contains(_ layer: CALayer, _ p: CGPoint) -> Bool {
        guard !layer.isHidden, let toLocal = layer.validHitTestIndexSelf().inverse, let local = toLocal.apply(p)
        else { return false }
        return layer.contains(local)
    }

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
