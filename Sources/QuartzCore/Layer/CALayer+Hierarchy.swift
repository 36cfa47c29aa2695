extension CALayer {
    /// The layer's sublayers, back to front (later ones drawn on top unless ``zPosition``
    /// says otherwise); `nil` when there are none. Default `nil`.
    ///
    /// Setting it removes the old sublayers and adds the new ones in order, each removed
    /// from its previous superlayer first; `nil` or `[]` removes all. A layer that would
    /// make a cycle (this layer or an ancestor), a mask layer, or a repeated entry is
    /// skipped with a ``CALayerDiagnostic``.
    public var sublayers: [CALayer]? {
        get { storedSublayers.isEmpty ? nil : storedSublayers }
        set {
            for old in storedSublayers where old.storedSuperlayer === self {
                old.runEventAction(kCAOnOrderOut)
                old.storedSuperlayer = nil
                old.didChange()
            }
            storedSublayers = []
            for layer in newValue ?? [] {
                if layer.storedSuperlayer === self {
                    diagnose(.invalidValue, "\(layer.debugName) appears twice in the new sublayers; the repeat is skipped")
                    continue
                }
                guard canAdopt(layer) else { continue }
                layer.removeFromSuperlayer()
                attach(layer, at: storedSublayers.count)
            }
            sublayersDidChange()
        }
    }

    /// The layer this one is a sublayer of, or `nil` for a root layer (and for a mask).
    public var superlayer: CALayer? { storedSuperlayer }

    /// A layer whose alpha channel masks this layer's contents, background, border and
    /// sublayers; positioned in this layer's coordinates. Default `nil`.
    ///
    /// The mask must not have a superlayer (Apple: undefined); Lamina refuses such a layer
    /// with a ``CALayerDiagnostic`` and keeps the old mask, as it does for this layer or
    /// one of its ancestors (a cycle). A layer that masks another layer moves to this one.
    /// A mask's ``superlayer`` stays `nil`.
    public var mask: CALayer? {
        get { storedMask }
        set {
            if let newMask = newValue {
                if newMask === storedMask { return }
                if let parent = newMask.storedSuperlayer {
                    diagnose(.maskInUse, "mask \(newMask.debugName) is a sublayer of \(parent.debugName); remove it from its superlayer first; the mask is unchanged")
                    return
                }
                if isSelfOrAncestor(newMask) {
                    diagnose(.cycle, "mask \(newMask.debugName) is this layer or one of its ancestors; the mask is unchanged")
                    return
                }
                if let previousOwner = newMask.maskOwner {
                    previousOwner.storedMask = nil
                    previousOwner.didChange()
                }
            }
            if let old = storedMask {
                old.maskOwner = nil
                old.didChange()
            }
            storedMask = newValue
            newValue?.maskOwner = self
            newValue?.didChange()
            didChange()
        }
    }

    /// Adds `layer` on top of the other sublayers, removing it from its current superlayer
    /// first. Adding this layer or an ancestor (a cycle) or a mask layer is refused with a
    /// ``CALayerDiagnostic``.
    public func addSublayer(_ layer: CALayer) {
        guard canAdopt(layer) else { return }
        let index = layer.storedSuperlayer === self ? storedSublayers.count - 1 : storedSublayers.count
        move(layer, to: index)
    }

    /// Inserts `layer` at index `idx` of the sublayers (0 is the back), removing it from its
    /// current superlayer first.
    ///
    /// `idx` may equal the number of sublayers (appends); a larger index is refused with a
    /// ``CALayerDiagnostic`` (Apple raises an exception), as are cycles and mask layers.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        guard canAdopt(layer) else { return }
        let count = storedSublayers.count - (layer.storedSuperlayer === self ? 1 : 0)
        guard Int(idx) <= count else {
            diagnose(.indexOutOfRange, "insertSublayer(_:at: \(idx)) is out of range: there are \(count) other sublayers; the layer is not inserted")
            return
        }
        move(layer, to: Int(idx))
    }

    /// Inserts `layer` just below `sibling` (at the back when `sibling` is `nil`).
    ///
    /// A `sibling` that is not a sublayer is refused with a ``CALayerDiagnostic``.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        insert(layer, relativeTo: sibling, above: false)
    }

    /// Inserts `layer` just above `sibling` (on top when `sibling` is `nil`).
    ///
    /// A `sibling` that is not a sublayer is refused with a ``CALayerDiagnostic``.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        insert(layer, relativeTo: sibling, above: true)
    }

    /// Replaces the sublayer `oldLayer` with `newLayer` at the same index; `oldLayer`
    /// leaves the tree.
    ///
    /// Refused with a ``CALayerDiagnostic`` when `oldLayer` is not a sublayer or `newLayer`
    /// would make a cycle or is a mask. Replacing a layer with itself does nothing.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer else { return }
        guard oldLayer.storedSuperlayer === self else {
            diagnose(.notASublayer, "replaceSublayer: \(oldLayer.debugName) is not a sublayer of this layer; nothing is replaced")
            return
        }
        guard canAdopt(newLayer) else { return }
        if newLayer.storedSuperlayer === self {
            detach(newLayer)
        } else {
            newLayer.removeFromSuperlayer()
        }
        guard let index = storedSublayers.firstIndex(where: { $0 === oldLayer }) else { return }
        detach(oldLayer)
        attach(newLayer, at: index)
        sublayersDidChange()
    }

    /// Removes the layer from its superlayer; it becomes the root of its own tree. Does
    /// nothing for a root. (To remove a mask, set the owner's ``mask`` to `nil`.)
    public func removeFromSuperlayer() {
        guard let parent = storedSuperlayer else { return }
        parent.detach(self)
        parent.sublayersDidChange()
    }

    // MARK: - Internals

    /// The root of this layer's tree (a mask's root is its owner's root).
    var rootLayer: CALayer {
        var layer = self
        var steps = 0
        while let parent = layer.geometricParent, steps < 100_000 {
            layer = parent
            steps += 1
        }
        return layer
    }

    /// Whether `layer` is this layer or one of its ancestors (through masks too).
    func isSelfOrAncestor(_ layer: CALayer) -> Bool {
        var current: CALayer? = self
        var steps = 0
        while let candidate = current, steps < 100_000 {
            if candidate === layer { return true }
            current = candidate.geometricParent
            steps += 1
        }
        return false
    }

    /// Whether `layer` may become a sublayer of this layer; diagnoses why not.
    private func canAdopt(_ layer: CALayer) -> Bool {
        if isSelfOrAncestor(layer) {
            let what = layer === self ? "the layer itself" : "one of its ancestors"
            diagnose(.cycle, "cannot add \(layer.debugName) as a sublayer: it is \(what), which would make a cycle; the tree is unchanged")
            return false
        }
        if let owner = layer.maskOwner {
            diagnose(.maskInUse, "cannot add \(layer.debugName) as a sublayer: it is the mask of \(owner.debugName); the tree is unchanged")
            return false
        }
        return true
    }

    private func insert(_ layer: CALayer, relativeTo sibling: CALayer?, above: Bool) {
        guard canAdopt(layer) else { return }
        guard let sibling else {
            move(layer, to: above ? storedSublayers.count - (layer.storedSuperlayer === self ? 1 : 0) : 0)
            return
        }
        guard sibling.storedSuperlayer === self else {
            diagnose(.notASublayer, "cannot insert \(layer.debugName) \(above ? "above" : "below") \(sibling.debugName): it is not a sublayer of this layer; the tree is unchanged")
            return
        }
        if sibling === layer { return }
        if layer.storedSuperlayer === self {
            detach(layer)
        } else {
            layer.removeFromSuperlayer()
        }
        guard let index = storedSublayers.firstIndex(where: { $0 === sibling }) else { return }
        attach(layer, at: above ? index + 1 : index)
        sublayersDidChange()
    }

    /// Moves `layer` (already checked) to `index` of this layer's sublayers, where `index`
    /// counts the sublayers without `layer`.
    private func move(_ layer: CALayer, to index: Int) {
        if layer.storedSuperlayer === self {
            detach(layer)
        } else {
            layer.removeFromSuperlayer()
        }
        attach(layer, at: min(max(index, 0), storedSublayers.count))
        sublayersDidChange()
    }

    private func attach(_ layer: CALayer, at index: Int) {
        storedSublayers.insert(layer, at: index)
        layer.storedSuperlayer = self
        layer.didChange()
        layer.runEventAction(kCAOnOrderIn)
    }

    private func detach(_ layer: CALayer) {
        layer.runEventAction(kCAOnOrderOut)
        storedSublayers.removeAll { $0 === layer }
        layer.storedSuperlayer = nil
        layer.didChange()
    }

    /// Apple: adding or removing sublayers marks the layer as needing layout.
    private func sublayersDidChange() {
        setNeedsLayout()
        didChange()
    }
}
