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
    /// with ``draw(in:)`` and sets it as ``contents``. Empty bounds give `nil` contents
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
        context.translateBy(x: -box.minX, y: -box.minY)
        draw(in: context)
        contents = context.makeImage()
    }
}
