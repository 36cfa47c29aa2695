extension CALayer {
    /// The default ``display()``: the delegate's `display(_:)` if implemented, else a
    /// backing store drawn by ``draw(in:)``.
    func defaultDisplay() {
        followDisplayScale()
        displaysOwnContents = true
        if let delegate, CALayerDelegateProbe.implements({ delegate.display(self) }) {
            return
        }
        delegate?.layerWillDraw(self)
        drawBackingStore()
    }

    /// Makes a backing store of `bounds × contentsScale` pixels (rounded up), draws into it
    /// with ``draw(in:)`` (y-down unless the layer's own ``isGeometryFlipped`` is set) and
    /// sets it as ``contents``. Empty bounds give `nil` contents
    /// without drawing; a store larger than ``CGImage/maximumDimension`` is refused with a
    /// diagnostic (contents `nil`).
    func drawBackingStore() {
        let box = bounds.standardized
        let scale = contentsScale
        let width = (box.width * scale).rounded(.up)
        let height = (box.height * scale).rounded(.up)
        guard width >= 1, height >= 1 else {
            contents = nil
            return
        }
        let limit = CGFloat(CGImage.maximumDimension)
        guard width <= limit, height <= limit else {
            diagnose(.invalidValue, "the backing store would be \(Int(width))×\(Int(height)) pixels (bounds \(box.size) × contentsScale \(scale)), more than \(CGImage.maximumDimension) per side; contents set to nil")
            contents = nil
            return
        }
        guard let context = CGContext.layerContext(width: Int(width), height: Int(height), scale: scale) else {
            contents = nil
            return
        }
        if isGeometryFlipped {
            // The layer's own flip makes its space y-up on screen: draw(in:) gets Core
            // Graphics' native y-up space, origin at the bottom-left. (A superlayer's flip
            // needs nothing here: the renderer shows the bitmap mirrored with the flipped
            // space, so what is drawn at minimum y appears at that space's minimum y.)
            context.translateBy(x: 0, y: box.height)
            context.scaleBy(x: 1, y: -1)
        }
        context.translateBy(x: -box.minX, y: -box.minY)
        if let tiled = self as? CATiledLayer {
            tiled.drawTiles(in: context)
        } else {
            draw(in: context)
        }
        // The context is not drawn into again: the image keeps its memory rather than a copy.
        let image = context.makeImageTakingStorage()
        backingStore = image
        contents = image
    }
}
