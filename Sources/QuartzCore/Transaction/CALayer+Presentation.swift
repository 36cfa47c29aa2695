extension CALayer {
    /// Copies this tree's model values and hierarchy into its persistent presentation
    /// copies, creating the missing ones; called on a root layer during commit.
    func commitPresentationTree() {
        let presentation = updatePresentationCopy()
        presentation.storedSuperlayer = nil
    }

    /// Updates (or creates) this layer's presentation copy and those of its sublayers,
    /// and returns it.
    private func updatePresentationCopy() -> CALayer {
        let copy: CALayer
        if let existing = presentationCopy {
            copy = existing
            copy.state = state
        } else {
            copy = type(of: self).init(layer: self)
            copy.isPresentationCopy = true
            copy.modelLayer = self
            presentationCopy = copy
        }
        let sublayerCopies = storedSublayers.map { $0.updatePresentationCopy() }
        for sublayerCopy in sublayerCopies {
            sublayerCopy.storedSuperlayer = copy
        }
        copy.storedSublayers = sublayerCopies
        return copy
    }
}
