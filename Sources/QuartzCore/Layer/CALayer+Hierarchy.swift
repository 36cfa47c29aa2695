extension CALayer {
    /// The layer's sublayers, back to front (later ones drawn on top unless ``zPosition``
    /// says otherwise); `nil` when there are none.
    ///
    /// Setting it removes the old sublayers and adds the new ones (each removed from its
    /// previous superlayer first). Layers that would create a cycle (this layer or one of
    /// its ancestors) are ignored.
    public var sublayers: [CALayer]? {
        get { storedSublayers.isEmpty ? nil : storedSublayers }
        set {
            for old in storedSublayers where old.storedSuperlayer === self {
                old.storedSuperlayer = nil
                old.didChange()
            }
            storedSublayers = []
            for layer in newValue ?? [] {
                insertSublayer(layer, atIndex: storedSublayers.count)
            }
            didChange()
        }
    }

    /// The layer this one is a sublayer of, or `nil` for a root layer.
    public var superlayer: CALayer? { storedSuperlayer }

    /// Adds `layer` on top of the other sublayers, removing it from its current
    /// superlayer first. Adding this layer or one of its ancestors is ignored (it would
    /// make a cycle).
    public func addSublayer(_ layer: CALayer) {
        insertSublayer(layer, atIndex: storedSublayers.count)
    }

    /// Inserts `layer` at index `idx` of the sublayers (0 is the back), removing it from
    /// its current superlayer first. An index past the end appends.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insertSublayer(layer, atIndex: Int(idx))
    }

    /// Inserts `layer` just below `sibling`; appends when `sibling` is `nil` or not a
    /// sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        let index = sibling.flatMap { s in storedSublayers.firstIndex { $0 === s } }
        insertSublayer(layer, atIndex: index ?? storedSublayers.count, relativeTo: sibling, after: false)
    }

    /// Inserts `layer` just above `sibling`; appends when `sibling` is `nil` or not a
    /// sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insertSublayer(layer, atIndex: storedSublayers.count, relativeTo: sibling, after: true)
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index; does nothing if
    /// `oldLayer` is not a sublayer of this layer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer, let index = storedSublayers.firstIndex(where: { $0 === oldLayer })
        else { return }
        oldLayer.removeFromSuperlayer()
        insertSublayer(newLayer, atIndex: index)
    }

    /// Removes the layer from its superlayer; it becomes the root of its own tree.
    public func removeFromSuperlayer() {
        guard let parent = storedSuperlayer else { return }
        parent.storedSublayers.removeAll { $0 === self }
        storedSuperlayer = nil
        parent.didChange()
        didChange()
    }

    /// The root of this layer's tree (the layer itself if it has no superlayer).
    var rootLayer: CALayer {
        var layer = self
        while let parent = layer.storedSuperlayer { layer = parent }
        return layer
    }

    /// Whether `layer` is this layer or one of its ancestors.
    func isSelfOrAncestor(_ layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let candidate = current {
            if candidate === layer { return true }
            current = candidate.storedSuperlayer
        }
        return false
    }

    private func insertSublayer(_ layer: CALayer, atIndex index: Int, relativeTo sibling: CALayer? = nil, after: Bool = false) {
        guard !isSelfOrAncestor(layer) else { return }
        layer.removeFromSuperlayer()
        var target = min(max(index, 0), storedSublayers.count)
        if let sibling, let siblingIndex = storedSublayers.firstIndex(where: { $0 === sibling }) {
            target = after ? siblingIndex + 1 : siblingIndex
        }
        storedSublayers.insert(layer, at: target)
        layer.storedSuperlayer = self
        layer.didChange()
        didChange()
    }
}
