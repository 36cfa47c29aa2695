extension CALayer {
    /// The default ``setNeedsLayout()``.
    func defaultSetNeedsLayout() {
        if isPresentationCopy { layoutIsNeeded = true } else { CATransaction.markNeedsLayout(self) }
        layoutManager?.invalidateLayout(of: self)
        didChange()
    }

    /// The default ``layoutIfNeeded()``.
    func defaultLayoutIfNeeded() {
        var top = self
        var steps = 0
        while let parent = top.storedSuperlayer, parent.layoutIsNeeded, steps < 100_000 {
            top = parent
            steps += 1
        }
        top.layoutTreeIfNeeded()
    }

    /// How many superlayers (or mask owners) are above this layer.
    var depth: Int {
        var count = 0
        var current = geometricParent
        while let layer = current, count < 100_000 {
            count += 1
            current = layer.geometricParent
        }
        return count
    }

    /// Lays out this layer if marked, then its sublayers and mask, top down (each layer's
    /// sublayers as its layout left them), with a stack of its own: any depth of tree.
    func layoutTreeIfNeeded() {
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            if layer.layoutIsNeeded {
                layer.layoutIsNeeded = false
                layer.layoutSublayers()
            }
            // Last first: the sublayers in order, then the mask.
            if let mask = layer.storedMask { pending.append(mask) }
            pending.append(contentsOf: layer.storedSublayers.reversed())
        }
    }

    /// The default ``layoutSublayers()``.
    func defaultLayoutSublayers() {
        if let delegate, CALayerDelegateProbe.implements({ delegate.layoutSublayers(of: self) }) {
            return
        }
        layoutManager?.layoutSublayers(of: self)
    }

    /// The default ``preferredFrameSize()``.
    func defaultPreferredFrameSize() -> CGSize {
        if let layoutManager { return layoutManager.preferredSize(of: self) }
        return transformedBoundsSize
    }

    /// The size of the bounds mapped through the layer's transform (the frame's size).
    var transformedBoundsSize: CGSize {
        let flat = CAProjectiveTransform(flattening: transform)
        return flat.boundingBox(of: CGRect(origin: .zero, size: bounds.standardized.size))?.size ?? .zero
    }
}
