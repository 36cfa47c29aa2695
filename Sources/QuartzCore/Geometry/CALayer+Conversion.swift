extension CALayer {
    /// Converts `p` from the coordinates of `layer` to this layer's coordinates.
    ///
    /// The path goes through every transform, sublayer transform, geometry flip and bounds
    /// origin between the two layers, 3D ones included (each layer flattened into its
    /// superlayer's plane). `layer == nil` means the space this layer's root is positioned
    /// in (the window's, for a window's root layer). Layers of different trees convert
    /// through that space of each root, as if the roots shared it. If the path cannot be
    /// inverted (a zero scale, a layer seen edge-on) the result is `(nan, nan)`.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        guard layer !== self else { return p }
        return conversion(from: layer, to: self)?.apply(p) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts `p` from this layer's coordinates to the coordinates of `layer`
    /// (`nil`: the space this layer's root is positioned in). See ``convert(_:from:)``.
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        guard layer !== self else { return p }
        return conversion(from: self, to: layer)?.apply(p) ?? CGPoint(x: CGFloat.nan, y: CGFloat.nan)
    }

    /// Converts `r` from the coordinates of `layer` to this layer's: the bounding box of
    /// its four converted corners. ``CGRect/null`` if the conversion fails.
    /// See ``convert(_:from:)``.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        guard layer !== self else { return r }
        return conversion(from: layer, to: self)?.boundingBox(of: r) ?? .null
    }

    /// Converts `r` from this layer's coordinates to those of `layer`: the bounding box of
    /// its four converted corners. ``CGRect/null`` if the conversion fails.
    /// See ``convert(_:from:)``.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        guard layer !== self else { return r }
        return conversion(from: self, to: layer)?.boundingBox(of: r) ?? .null
    }

    /// The transform from `source`'s coordinates to `destination`'s (`nil`: root space).
    private func conversion(from source: CALayer?, to destination: CALayer?) -> CAProjectiveTransform? {
        let toRoot = source?.transformToRootSpace ?? .identity
        guard let destination else { return toRoot }
        guard let fromRoot = destination.transformToRootSpace.inverted() else { return nil }
        return toRoot.concatenating(fromRoot)
    }
}
