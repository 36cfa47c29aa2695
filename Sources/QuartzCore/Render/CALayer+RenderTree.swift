extension CALayer {
    /// Lamina: a `Sendable` snapshot of this layer's tree for the compositor.
    ///
    /// Uses the presentation values of this layer, its presentation sublayers and mask (the
    /// last commit with animations applied at the current media time); a layer never
    /// committed snapshots its model values.
    /// Only `CGImage` contents are captured.
    public func makeRenderTree() -> CARenderLayer {
        makeRenderTree(at: CACurrentMediaTime())
    }

    /// The snapshot with animations applied at media time `time`.
    func makeRenderTree(at time: CFTimeInterval) -> CARenderLayer {
        presentationCopy?.refreshPresentationTree(at: time)
        let source: CALayer = presentationCopy ?? self
        return source.snapshot(contentsAreFlipped: contentsAreFlipped())
    }

    /// This layer's snapshot; a presentation copy reuses the one it made last while
    /// neither it nor its subtree changed (see ``invalidateRenderSnapshot()``), so an
    /// unchanged subtree costs nothing and its snapshot is shared, not copied.
    func snapshot(contentsAreFlipped flipped: Bool) -> CARenderLayer {
        if isPresentationCopy, let cached = renderSnapshot, renderSnapshotFlipped == flipped { return cached }
        let r = makeSnapshot(contentsAreFlipped: flipped)
        if isPresentationCopy {
            renderSnapshot = r
            renderSnapshotFlipped = flipped
        }
        return r
    }

    /// Forgets the snapshots of this layer and of every ancestor (which contain it).
    func invalidateRenderSnapshot() {
        var current: CALayer? = self
        var steps = 0
        while let layer = current, layer.renderSnapshot != nil, steps < 100_000 {
            layer.renderSnapshot = nil
            current = layer.geometricParent
            steps += 1
        }
    }

    private func makeSnapshot(contentsAreFlipped flipped: Bool) -> CARenderLayer {
        var r = CARenderLayer(
            layerID: ObjectIdentifier(model()), name: name, bounds: bounds, position: position,
            anchorPoint: anchorPoint, transform: transform, zPosition: zPosition, opacity: opacity,
            isHidden: isHidden, masksToBounds: masksToBounds, backgroundColor: backgroundColor,
            contents: contents.flatMap { $0 as? CGImage })
        r.anchorPointZ = anchorPointZ
        r.sublayerTransform = sublayerTransform
        r.isGeometryFlipped = isGeometryFlipped
        r.isDoubleSided = isDoubleSided
        r.allowsGroupOpacity = allowsGroupOpacity
        r.cornerRadius = cornerRadius
        r.maskedCorners = maskedCorners
        r.borderWidth = borderWidth
        r.borderColor = borderColor
        r.shadowOpacity = shadowOpacity
        r.shadowRadius = shadowRadius
        r.shadowOffset = shadowOffset
        r.shadowColor = shadowColor
        r.shadowPath = shadowPath.map(CARenderPath.init)
        r.contentsRect = contentsRect
        r.contentsCenter = contentsCenter
        r.contentsGravity = contentsGravity
        r.contentsScale = contentsScale
        r.contentsAreFlipped = flipped
        r.minificationFilter = minificationFilter
        r.magnificationFilter = magnificationFilter
        r.transition = renderTransition
        r.contentsCrossFade = renderContentsCrossFade
        r.sublayers = storedSublayers.map { $0.snapshot(contentsAreFlipped: flipped != $0.isGeometryFlipped) }
        r.mask = storedMask?.snapshot(contentsAreFlipped: storedMask?.isGeometryFlipped ?? false)
        return r
    }
}
