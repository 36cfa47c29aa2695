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

    /// The values a snapshot shows: the stored ones, or — for a subclass, which may
    /// override getters, and for a layer with a ``style`` — the values its getters answer.
    private var renderedStorage: CALayerStorage {
        guard Swift.type(of: self) != CALayer.self || storage.style != nil else { return storage }
        var effective = storage
        for entry in CALayerPropertyTable.rendered {
            entry.store(&effective, entry.get(self))
        }
        return effective
    }

    private func makeSnapshot(contentsAreFlipped flipped: Bool) -> CARenderLayer {
        let s = renderedStorage
        var v = CARenderLayer.Values()
        v.layerID = ObjectIdentifier(model())
        v.name = s.name
        v.bounds = s.bounds
        v.position = s.position
        v.anchorPoint = s.anchorPoint
        v.anchorPointZ = s.anchorPointZ
        v.transform = s.transform
        v.sublayerTransform = s.sublayerTransform
        v.isGeometryFlipped = s.geometryFlipped
        v.zPosition = s.zPosition
        v.opacity = s.opacity
        v.isHidden = s.hidden
        v.masksToBounds = s.masksToBounds
        v.isDoubleSided = s.doubleSided
        v.allowsGroupOpacity = s.allowsGroupOpacity
        v.backgroundColor = s.backgroundColor
        v.cornerRadius = s.cornerRadius
        v.maskedCorners = s.maskedCorners
        v.borderWidth = s.borderWidth
        v.borderColor = s.borderColor
        v.shadowOpacity = s.shadowOpacity
        v.shadowRadius = s.shadowRadius
        v.shadowOffset = s.shadowOffset
        v.shadowColor = s.shadowColor
        v.shadowPath = s.shadowPath.map(CARenderPath.init)
        v.contents = s.contents.flatMap { $0 as? CGImage }
        v.contentsRect = s.contentsRect
        v.contentsCenter = s.contentsCenter
        v.contentsGravity = s.contentsGravity
        v.contentsScale = s.contentsScale
        v.contentsAreFlipped = flipped
        v.minificationFilter = s.minificationFilter
        v.magnificationFilter = s.magnificationFilter
        v.transitionStorage = renderTransition.map { [$0] } ?? []
        v.contentsCrossFade = renderContentsCrossFade
        // A loop, not `map`: a closure would check its main-actor isolation on every call.
        var sublayers: [CARenderLayer] = []
        sublayers.reserveCapacity(storedSublayers.count)
        for sublayer in storedSublayers {
            sublayers.append(sublayer.snapshot(contentsAreFlipped: flipped != sublayer.isGeometryFlipped))
        }
        v.sublayers = sublayers
        v.maskStorage = storedMask.map { [$0.snapshot(contentsAreFlipped: $0.isGeometryFlipped)] } ?? []
        return CARenderLayer(values: v)
    }
}
