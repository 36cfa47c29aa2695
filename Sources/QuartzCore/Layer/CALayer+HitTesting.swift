extension CALayer {
    /// Converts `p` from the coordinates of `layer` to this layer's coordinates.
    ///
    /// `layer == nil` means the coordinates the root layer of this tree is positioned in
    /// (the window's, for a window's root layer). Layers of different trees are treated as
    /// if their roots shared that space. If a transform on the way cannot be inverted the
    /// result is `(nan, nan)`.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let inRootSpace = layer.map { p.applying($0.transformToRootSpace) } ?? p
        guard let fromRoot = transformToRootSpace.invertedIfPossible() else {
            return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
        }
        return inRootSpace.applying(fromRoot)
    }

    /// Converts `p` from this layer's coordinates to the coordinates of `layer`
    /// (`nil`: the space the root layer is positioned in). See ``convert(_:from:)``.
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        let inRootSpace = p.applying(transformToRootSpace)
        guard let layer else { return inRootSpace }
        guard let fromRoot = layer.transformToRootSpace.invertedIfPossible() else {
            return CGPoint(x: CGFloat.nan, y: CGFloat.nan)
        }
        return inRootSpace.applying(fromRoot)
    }

    /// Maps this layer's coordinates to the coordinates its root layer is positioned in.
    var transformToRootSpace: CGAffineTransform {
        var transform = state.transformToSuperlayer
        var layer = storedSuperlayer
        while let current = layer {
            transform = transform.concatenating(current.state.transformToSuperlayer)
            layer = current.storedSuperlayer
        }
        return transform
    }

    /// The sublayers in hit-testing order: reverse of the drawing order (a stable sort by
    /// `zPosition`).
    func sublayersFrontToBack() -> [CALayer] {
        storedSublayers.enumerated()
            .sorted { lhs, rhs in
                lhs.element.state.zPosition != rhs.element.state.zPosition
                    ? lhs.element.state.zPosition > rhs.element.state.zPosition
                    : lhs.offset > rhs.offset
            }
            .map(\.element)
    }
}
