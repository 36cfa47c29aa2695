extension CALayer {

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

    /// Whether the main thread shows this layer's presentation: its tree is displayed, or
    /// another thread's commit left it for the main thread to show (a layer just taken out
    /// of a displayed tree is still in the presentation tree on screen until then).
    var isShownByTheMainThread: Bool {
        awaitsMainThreadCommit || rootLayer.renderContext != nil
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
    func canAdopt(_ layer: CALayer) -> Bool {
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

    func insert(_ layer: CALayer, relativeTo sibling: CALayer?, above: Bool) {
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
            takeFromItsSuperlayer(layer)
        }
        guard let index = storedSublayers.firstIndex(where: { $0 === sibling }) else { return }
        attach(layer, at: above ? index + 1 : index)
        sublayersDidChange()
    }

    /// Moves `layer` (already checked) to `index` of this layer's sublayers, where `index`
    /// counts the sublayers without `layer`.
    func move(_ layer: CALayer, to index: Int) {
        if layer.storedSuperlayer === self {
            detach(layer)
        } else {
            takeFromItsSuperlayer(layer)
        }
        attach(layer, at: min(max(index, 0), storedSublayers.count))
        sublayersDidChange()
    }

    /// Takes `layer`, about to become a sublayer of this layer, out of the superlayer it has
    /// elsewhere: through its ``removeFromSuperlayer()``, so an override sees the move, and
    /// directly if an override kept it there. A layer without a superlayer is left alone:
    /// adding a new layer does not call its `removeFromSuperlayer()`.
    func takeFromItsSuperlayer(_ layer: CALayer) {
        guard layer.storedSuperlayer != nil else { return }
        layer.removeFromSuperlayer()
        guard let parent = layer.storedSuperlayer, parent !== self else { return }
        parent.detach(layer)
        parent.sublayersDidChange()
    }

    func attach(_ layer: CALayer, at index: Int) {
        CALayer.treeLock.withLock {
            storedSublayers.insert(layer, at: index)
            sublayersChanged = true
            layer.storedSuperlayer = self
            layer.didChange()
        }
        layer.runEventAction(kCAOnOrderIn)
    }

    func detach(_ layer: CALayer) {
        layer.runEventAction(kCAOnOrderOut)
        CALayer.treeLock.withLock {
            storedSublayers.removeAll { $0 === layer }
            sublayersChanged = true
            layer.storedSuperlayer = nil
            layer.didChange()
        }
    }

    /// Apple: adding or removing sublayers marks the layer as needing layout.
    func sublayersDidChange() {
        setNeedsLayout()
        didChange()
    }
}
