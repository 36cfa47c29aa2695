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

    /// This layer's snapshot. A presentation copy keeps the one it made last: unchanged,
    /// it is returned as it is (shared, not copied); when only some sublayers' snapshots
    /// changed, they are replaced in it; only a layer whose own values or sublayers changed
    /// is built again (reusing its sublayers' snapshots). So a frame costs what changed.
    func snapshot(contentsAreFlipped flipped: Bool) -> CARenderLayer {
        guard isPresentationCopy else { return makeSnapshot(contentsAreFlipped: flipped) }
        if var cached = renderCache.snapshot, renderCache.flipped == flipped, !renderCache.isStale {
            if renderCache.isClean { return cached }
            // A replicator's time-shifted instances are made with its own snapshot.
            if !(self is CAReplicatorLayer), patchSublayerSnapshots(of: &cached, contentsAreFlipped: flipped) {
                renderCache.snapshot = cached
                return cached
            }
        }
        let r = makeSnapshot(contentsAreFlipped: flipped)
        renderCache.snapshot = r
        renderCache.flipped = flipped
        renderCache.isStale = false
        renderCache.staleSublayers = []
        renderCache.staleMask = false
        return r
    }

    /// Replaces the snapshots of the sublayers (and mask) that changed in `snapshot`;
    /// false if the recorded positions no longer fit (then the layer is built again).
    private func patchSublayerSnapshots(of snapshot: inout CARenderLayer, contentsAreFlipped flipped: Bool) -> Bool {
        // Held once, so the replacement happens in place.
        renderCache.snapshot = nil
        for index in renderCache.staleSublayers {
            guard index < storedSublayers.count, index < snapshot.sublayers.count else { return false }
            let sublayer = storedSublayers[index]
            snapshot.replaceSublayer(at: index, with: sublayer.snapshot(contentsAreFlipped: flipped != sublayer.isGeometryFlipped))
        }
        if renderCache.staleMask {
            snapshot.mask = storedMask.map { $0.snapshot(contentsAreFlipped: $0.isGeometryFlipped) }
        }
        renderCache.staleSublayers = []
        renderCache.staleMask = false
        return true
    }

    /// Records that this presentation layer's own values or sublayers changed: its snapshot
    /// is built again, and its superlayers replace it in theirs.
    func invalidateRenderSnapshot() {
        guard isPresentationCopy else { return }
        let wasClean = renderCache.isClean
        renderCache.isStale = true
        guard wasClean, renderCache.snapshot != nil else { return }
        // Tell each ancestor which of its sublayers changed, up to one that already knew
        // of a change (its ancestors know too) or has no snapshot (neither have they).
        var child: CALayer = self
        var steps = 0
        while let parent = child.geometricParent, steps < 100_000 {
            let parentWasClean = parent.renderCache.isClean
            if child.maskOwner === parent {
                parent.renderCache.staleMask = true
            } else {
                parent.renderCache.staleSublayers.append(child.renderCache.indexInParent)
            }
            guard parentWasClean, parent.renderCache.snapshot != nil else { return }
            child = parent
            steps += 1
        }
    }

    /// The values a snapshot of a subclass (which may override getters) or of a layer with
    /// a ``style`` shows: those its getters answer.
    private var renderedStorage: CALayerStorage {
        var effective = storage
        for entry in CALayerPropertyTable.rendered {
            entry.store(&effective, entry.get(self))
        }
        return effective
    }

    private func makeSnapshot(contentsAreFlipped flipped: Bool) -> CARenderLayer {
        let layerID = modelIdentifier ?? ObjectIdentifier(model())
        // A plain layer's own storage is read in place; a subclass's or a styled layer's
        // values are those its getters answer.
        var v = Swift.type(of: self) == CALayer.self && storage.style == nil
            ? storage.renderValues(layerID: layerID, contentsAreFlipped: flipped)
            : renderedStorage.renderValues(layerID: layerID, contentsAreFlipped: flipped)
        if let renderTransition { v.transitionStorage = [renderTransition] }
        if let renderContentsCrossFade { v.contentsCrossFade = renderContentsCrossFade }
        // A loop, not `map`: a closure would check its main-actor isolation on every call.
        var sublayers: [CARenderLayer] = []
        sublayers.reserveCapacity(storedSublayers.count)
        for (index, sublayer) in storedSublayers.enumerated() {
            sublayer.renderCache.indexInParent = index
            sublayers.append(sublayer.snapshot(contentsAreFlipped: flipped != sublayer.isGeometryFlipped))
        }
        v.sublayers = sublayers
        // Only when set: the rare values stay shared otherwise.
        if let storedMask { v.maskStorage = [storedMask.snapshot(contentsAreFlipped: storedMask.isGeometryFlipped)] }
        if Swift.type(of: self) != CALayer.self { addSubclassRenderValues(to: &v, contentsAreFlipped: flipped) }
        return CARenderLayer(values: v)
    }
}

/// A presentation layer's last snapshot and what changed since it was made.
struct RenderSnapshotCache {
    /// The last snapshot, if one was made.
    var snapshot: CARenderLayer?
    /// Whether it was made with flipped contents.
    var flipped = false
    /// The layer's own values or sublayers changed: build it again.
    var isStale = false
    /// Positions of sublayers whose snapshots changed: replace them.
    var staleSublayers: [Int] = []
    /// The mask's snapshot changed: replace it.
    var staleMask = false
    /// This layer's position among its superlayer's sublayers when that snapshot was made.
    var indexInParent = 0

    /// Whether nothing changed since the snapshot was made.
    var isClean: Bool { !isStale && staleSublayers.isEmpty && !staleMask }
}

extension CALayerStorage {
    /// The snapshot values of these stored values (sublayers, mask and subclass payloads
    /// are added by the caller).
    @MainActor @inline(__always)
    func renderValues(layerID: ObjectIdentifier, contentsAreFlipped flipped: Bool) -> CARenderLayer.Values {
        // One memberwise initialisation: no defaults stored first and then replaced.
        CARenderLayer.Values(
            layerID: layerID,
            name: name,
            bounds: bounds,
            position: position,
            anchorPoint: anchorPoint,
            isGeometryFlipped: geometryFlipped,
            zPosition: zPosition,
            opacity: opacity,
            isHidden: hidden,
            masksToBounds: masksToBounds,
            isDoubleSided: doubleSided,
            allowsGroupOpacity: allowsGroupOpacity,
            contentsAreFlipped: flipped,
            backgroundColor: backgroundColor,
            cornerRadius: cornerRadius,
            maskedCorners: maskedCorners,
            borderWidth: borderWidth,
            borderColor: borderColor,
            contents: contents.flatMap { $0 as? CGImage },
            rare: CALayerStorage.renderRareBox(for: self))
    }

    /// The last rare values a snapshot was made from, and the snapshot's box made of them:
    /// layers sharing a box of rare values (every plain layer shares its class's) share one
    /// snapshot box too.
    @MainActor private static var lastRareBoxes: (model: CALayerRareValues.Box, render: CARenderLayer.RareBox)?

    /// The snapshot's box of rare values for `storage` (shared when the last one fits).
    @MainActor private static func renderRareBox(for storage: CALayerStorage) -> CARenderLayer.RareBox {
        let model = storage.rareBox
        if let last = lastRareBoxes, last.model === model { return last.render }
        let render = CARenderLayer.RareBox(CARenderLayer.RareValues(
            anchorPointZ: storage.anchorPointZ,
            transform: storage.transform,
            sublayerTransform: storage.sublayerTransform,
            shadowOpacity: storage.shadowOpacity,
            shadowRadius: storage.shadowRadius,
            shadowOffset: storage.shadowOffset,
            shadowColor: storage.shadowColor,
            shadowPath: storage.shadowPath.map(CARenderPath.init),
            contentsRect: storage.contentsRect,
            contentsCenter: storage.contentsCenter,
            contentsGravity: storage.contentsGravity,
            contentsScale: storage.contentsScale,
            minificationFilter: storage.minificationFilter,
            magnificationFilter: storage.magnificationFilter))
        lastRareBoxes = (model, render)
        return render
    }

}
