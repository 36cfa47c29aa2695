extension CALayer {
    /// The default ``display()``: the delegate's `display(_:)` if implemented, else a
    /// backing store drawn by ``draw(in:)``.
    func defaultDisplay() {
        if let delegate, CALayerDelegateProbe.implements({ delegate.display(self) }) {
            return
        }
        delegate?.layerWillDraw(self)
        drawBackingStore()
    }

    /// Makes a backing store, draws into it and sets it as ``contents``.
    func drawBackingStore() {
        contents = nil
    }

    /// Displays every layer of this tree that needs display, top down (the commit's
    /// display pass).
    func displayTreeIfNeeded() {
        displayIfNeeded()
        for sublayer in storedSublayers {
            sublayer.displayTreeIfNeeded()
        }
        storedMask?.displayTreeIfNeeded()
    }
}
