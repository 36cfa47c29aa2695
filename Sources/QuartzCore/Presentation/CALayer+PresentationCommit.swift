extension CALayer {
    /// Brings the presentation copies of `layers` — the model layers a commit changed — up
    /// to date with their model values and hierarchy, creating the missing ones. Costs what
    /// changed, not the size of the trees: unchanged layers keep their copies as they are.
    static func commitPresentation(of layers: [CALayer]) {
        for layer in layers {
            // A new copy is made with the model's values already.
            if let copy = layer.presentationCopy {
                layer.syncPresentationValues(of: copy)
            } else {
                _ = layer.ensurePresentationCopy()
            }
        }
        for layer in layers where layer.sublayersChanged || layer.superlayerChanged {
            guard let copy = layer.presentationCopy else { continue }
            if layer.sublayersChanged { layer.linkPresentationSublayers(of: copy) }
            // Its own place, if it moved: under its superlayer's copy, as its owner's mask,
            // or a root.
            if layer.superlayerChanged {
                layer.superlayerChanged = false
                // Only real moves: each one makes the layers of its tree find their tree again.
                let superlayer = layer.storedSuperlayer?.presentationCopy, owner = layer.maskOwner?.presentationCopy
                if copy.storedSuperlayer !== superlayer { copy.storedSuperlayer = superlayer }
                if copy.maskOwner !== owner { copy.maskOwner = owner }
            }
        }
    }

    /// This layer's presentation copy, made with ``init(layer:)`` (with the copies of its
    /// subtree) if it has none yet.
    ///
    /// The subtree's missing copies are made first, top down with a stack of its own, and
    /// linked after, so no depth of tree can exhaust the thread's stack.
    func ensurePresentationCopy() -> CALayer {
        if let existing = presentationCopy { return existing }
        var made: [(model: CALayer, copy: CALayer)] = []
        var pending: [CALayer] = [self]
        while let layer = pending.popLast() {
            guard layer.presentationCopy == nil else { continue }
            made.append((layer, layer.makePresentationCopy()))
            if let mask = layer.storedMask { pending.append(mask) }
            // Reversed, so siblings are copied in order.
            pending.append(contentsOf: layer.storedSublayers.reversed())
        }
        // Deepest first: each link then finds its tree by walking up only the part already
        // linked, so linking the whole subtree costs its size, not its size times its depth.
        for (model, copy) in made.reversed() { model.linkPresentationSublayers(of: copy) }
        return made[0].copy
    }

    /// Makes this layer's presentation copy with ``init(layer:)`` and the model's values,
    /// not yet linked to the copies of its sublayers and mask.
    private func makePresentationCopy() -> CALayer {
        let copy = Swift.type(of: self).init(layer: self)
        copy.isPresentationCopy = true
        copy.modelLayer = self
        copy.modelIdentifier = ObjectIdentifier(self)
        presentationCopy = copy
        syncPresentationValues(of: copy)
        return copy
    }

    /// Copies the model values into `copy`: what it shows until animations change it. The
    /// committed values are kept apart only while animations may change the shown ones.
    private func syncPresentationValues(of copy: CALayer) {
        // Both ways below write the copy's store, which bumps its tree's revision: the tree
        // is evaluated again (its animations may have changed too).
        // A copy showing exactly the last commit (no animated values, nothing set on it)
        // takes only the fields that changed since, when those are a few declared
        // properties; otherwise the whole store.
        let changed = changedProperties
        if !copy.hasAnimatedValues, copy.changedProperties == 0,
            changed & CALayer.extrasChangedBit == 0, changed.nonzeroBitCount <= 8
        {
            copy.invalidateRenderSnapshot(changing: changed)
            CALayerPropertyTable.copyFields(changed, from: self, into: copy)
        } else {
            copy.invalidateRenderSnapshot()
            copy.storage = storage
        }
        copy.committedStorageBox = attachedAnimations.isEmpty ? nil : CALayerStorageBox(storage)
        copy.hasAnimatedValues = false
        copy.renderTransition = nil
        copy.renderContentsCrossFade = nil
        copy.displayIsNeeded = false
        copy.layoutIsNeeded = false
        copy.changedProperties = 0
        changedProperties = 0
    }

    /// Links `copy`'s sublayers and mask to the copies of this layer's.
    private func linkPresentationSublayers(of copy: CALayer) {
        sublayersChanged = false
        copy.invalidateRenderSnapshot()
        let sublayerCopies = storedSublayers.map { $0.ensurePresentationCopy() }
        for sublayerCopy in sublayerCopies {
            sublayerCopy.storedSuperlayer = copy
            sublayerCopy.maskOwner = nil
        }
        // Copies that left no longer point up here (their links are unowned: `copy` must
        // not be left pointed at by layers it does not hold).
        for previous in copy.storedSublayers where previous.storedSuperlayer === copy && previous.modelLayer?.storedSuperlayer !== self {
            previous.storedSuperlayer = nil
        }
        copy.storedSublayers = sublayerCopies
        let maskCopy = storedMask?.ensurePresentationCopy()
        if let previous = copy.storedMask, previous !== maskCopy, previous.maskOwner === copy {
            previous.maskOwner = nil
        }
        if let maskCopy {
            maskCopy.storedSuperlayer = nil
            maskCopy.maskOwner = copy
        }
        copy.storedMask = maskCopy
    }
}
