extension CALayer {
    /// Before display: a model layer in a displayed tree whose ``contentsScale`` was never
    /// set takes its display's scale (``CARenderContext/contentsScale``), without it counting
    /// as set.
    func followDisplayScale() {
        guard !isPresentationCopy, !storage.isSet(.contentsScale), let context = rootLayer.renderContext else { return }
        let scale = context.contentsScale
        guard storage.contentsScale != scale else { return }
        CALayer.treeLock.withLock { storage.contentsScale = scale }
        propertyDidChange(.contentsScale)
    }

    /// The display's scale changed: the layers of this subtree (masks included) that drew
    /// their own contents at a followed scale are marked as needing display.
    func displayScaleDidChange() {
        var stack: [CALayer] = [self]
        while let layer = stack.popLast() {
            if layer.displaysOwnContents, !layer.storage.isSet(.contentsScale) { layer.setNeedsDisplay() }
            stack.append(contentsOf: layer.storedSublayers)
            if let mask = layer.storedMask { stack.append(mask) }
        }
    }
}
