extension CALayer {
    /// Copies this tree's model values and hierarchy into its persistent presentation
    /// copies, creating the missing ones; called on a root layer during commit.
    func commitPresentationTree() {
        let presentation = updatePresentationCopy()
        presentation.storedSuperlayer = nil
        presentation.maskOwner = nil
    }

    /// Updates (or creates) this layer's presentation copy and those of its sublayers and
    /// mask, and returns it.
    ///
    /// A copy is made once with ``init(layer:)`` (so subclass fields are copied then);
    /// each later commit replaces the copy's keyed property store with the model's (a
    /// copy-on-write dictionary copy) and relinks sublayers and mask.
    private func updatePresentationCopy() -> CALayer {
        let copy: CALayer
        if let existing = presentationCopy {
            copy = existing
        } else {
            copy = Swift.type(of: self).init(layer: self)
            copy.isPresentationCopy = true
            copy.modelLayer = self
            presentationCopy = copy
        }
        copy.committedStorage = storage
        copy.showCommittedValues()
        copy.displayIsNeeded = false
        copy.layoutIsNeeded = false
        let sublayerCopies = storedSublayers.map { $0.updatePresentationCopy() }
        for sublayerCopy in sublayerCopies {
            sublayerCopy.storedSuperlayer = copy
            sublayerCopy.maskOwner = nil
        }
        copy.storedSublayers = sublayerCopies
        if let mask = storedMask {
            let maskCopy = mask.updatePresentationCopy()
            maskCopy.storedSuperlayer = nil
            maskCopy.maskOwner = copy
            copy.storedMask = maskCopy
        } else {
            copy.storedMask = nil
        }
        return copy
    }
}
