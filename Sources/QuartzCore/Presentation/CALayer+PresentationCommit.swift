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
                copy.storedSuperlayer = layer.storedSuperlayer?.presentationCopy
                copy.maskOwner = layer.maskOwner?.presentationCopy
            }
        }
    }

    /// This layer's presentation copy, made with ``init(layer:)`` (with the copies of its
    /// subtree) if it has none yet.
    func ensurePresentationCopy() -> CALayer {
        if let existing = presentationCopy { return existing }
        let copy = Swift.type(of: self).init(layer: self)
        copy.isPresentationCopy = true
        copy.modelLayer = self
        copy.modelIdentifier = ObjectIdentifier(self)
        presentationCopy = copy
        syncPresentationValues(of: copy)
        linkPresentationSublayers(of: copy)
        return copy
    }

    /// Copies the model values into `copy`: what it shows until animations change it. The
    /// committed values are kept apart only while animations may change the shown ones.
    private func syncPresentationValues(of copy: CALayer) {
        copy.invalidateRenderSnapshot()
        // Both ways below write the copy's store, which bumps its tree's revision: the tree
        // is evaluated again (its animations may have changed too).
        // A copy showing exactly the last commit (no animated values, nothing set on it)
        // takes only the fields that changed since, when those are a few declared
        // properties; otherwise the whole store.
        let changed = changedProperties
        if !copy.hasAnimatedValues, copy.changedProperties == 0,
            changed & CALayer.extrasChangedBit == 0, changed.nonzeroBitCount <= 8
        {
            CALayerPropertyTable.copyFields(changed, from: self, into: copy)
        } else {
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
