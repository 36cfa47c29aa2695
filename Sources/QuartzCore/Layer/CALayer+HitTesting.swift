extension CALayer {
    /// The default ``hitTest(_:)``.
    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        guard !isHidden, let toLocal = transformToParent.inverted(), let local = toLocal.apply(p)
        else { return nil }
        let inside = contains(local)
        if masksToBounds && !inside { return nil }
        for sublayer in sublayersFrontToBack() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }

    /// The sublayers in hit-testing order: reverse of the drawing order (a stable sort by
    /// `zPosition`).
    func sublayersFrontToBack() -> [CALayer] {
        guard storedSublayers.count > 1 else { return storedSublayers }
        return storedSublayers.enumerated()
            .map { (offset: $0.offset, layer: $0.element, z: $0.element.zPosition) }
            .sorted { lhs, rhs in lhs.z != rhs.z ? lhs.z > rhs.z : lhs.offset > rhs.offset }
            .map(\.layer)
    }
}
