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
        CATransaction.showOtherThreadsCommits()
        refreshPresentationDrawingOutsideTheLock(at: time)
        return CALayer.treeLock.withLock {
            // Evaluated already, unless another change came in between.
            presentationCopy?.refreshPresentationTree(at: time).draw()
            let source: CALayer = presentationCopy ?? self
            return source.snapshot(geometryFlipped: geometryFlipParity)
        }
    }

    /// This layer's snapshot. A presentation copy keeps the one it made last: unchanged,
    /// it is returned as it is (shared, not copied); when only some sublayers' snapshots
    /// changed, they are replaced in it; only a layer whose own values or sublayers changed
    /// is built again (reusing its sublayers' snapshots). So a frame costs what changed.
    func snapshot(geometryFlipped flipped: Bool) -> CARenderLayer {
        snapshot(geometryFlipped: flipped, depth: 0)
    }

    /// How deep the snapshot walk recurses before it continues with a stack of its own
    /// (recursion is faster; its own stack fits any depth).
    private static let snapshotRecursionLimit = 256

    private func snapshot(geometryFlipped flipped: Bool, depth: Int) -> CARenderLayer {
        guard depth < CALayer.snapshotRecursionLimit else { return snapshotWithOwnStack(geometryFlipped: flipped) }
        switch snapshotPlan(geometryFlipped: flipped) {
        case .ready(let snapshot):
            return snapshot
        case .patch:
            var cached = takeCachedSnapshot()
            for index in renderCache.staleSublayers {
                let sublayer = storedSublayers[index]
                cached.replaceSublayer(at: index, with: sublayer.snapshot(geometryFlipped: flipped != sublayer.isGeometryFlipped, depth: depth + 1))
            }
            let mask = renderCache.staleMask ? storedMask.map { $0.snapshot(geometryFlipped: $0.isGeometryFlipped, depth: depth + 1) } : nil
            return finishPatch(&cached, mask: mask)
        case .build:
            // A loop, not `map`: a closure would check its main-actor isolation on every call.
            var sublayers: [CARenderLayer] = []
            sublayers.reserveCapacity(storedSublayers.count)
            for (index, sublayer) in storedSublayers.enumerated() {
                sublayer.renderCache.indexInParent = index
                sublayers.append(sublayer.snapshot(geometryFlipped: flipped != sublayer.isGeometryFlipped, depth: depth + 1))
            }
            let mask = storedMask.map { $0.snapshot(geometryFlipped: $0.isGeometryFlipped, depth: depth + 1) }
            return finishSnapshot(sublayers: sublayers, mask: mask, geometryFlipped: flipped)
        }
    }

    /// The snapshot walk with a stack of its own instead of recursion.
    private func snapshotWithOwnStack(geometryFlipped flipped: Bool) -> CARenderLayer {
        var stack: [SnapshotStep] = []
        var finished = CALayer.startSnapshot(of: self, geometryFlipped: flipped, on: &stack)
        while let top = stack.last {
            if let child = finished {
                top.accept(child)
                finished = nil
            }
            if let next = top.nextChild() {
                finished = CALayer.startSnapshot(of: next.layer, geometryFlipped: next.flipped, on: &stack)
            } else {
                finished = stack.removeLast().finish()
            }
        }
        // The first step either finished at once or was the last one on the stack.
        return finished!
    }

    /// Starts `layer`'s snapshot on `stack`: returns it when it needs no sublayer's, else
    /// pushes the step that collects them.
    private static func startSnapshot(of layer: CALayer, geometryFlipped flipped: Bool, on stack: inout [SnapshotStep]) -> CARenderLayer? {
        switch layer.snapshotPlan(geometryFlipped: flipped) {
        case .ready(let snapshot):
            return snapshot
        case .patch:
            stack.append(SnapshotStep(patching: layer, cached: layer.takeCachedSnapshot(), geometryFlipped: flipped))
        case .build:
            stack.append(SnapshotStep(building: layer, geometryFlipped: flipped))
        }
        return nil
    }

    /// How this layer's snapshot is made.
    private enum SnapshotPlan {
        /// Here it is: unchanged, or a leaf's, made at once.
        case ready(CARenderLayer)
        /// The cached one with the stale sublayers' (and mask's) snapshots replaced.
        case patch
        /// Built again from its own values and every sublayer's snapshot.
        case build
    }

    private func snapshotPlan(geometryFlipped flipped: Bool) -> SnapshotPlan {
        // A replicator's time-shifted instances are made with its own snapshot: it is built
        // again whenever it changed. A layer whose getters make its values reads its inline
        // values through them: built again too.
        if isPresentationCopy, let cached = renderCache.snapshot, renderCache.flipped == flipped, !renderCache.isStale,
            !renderCache.inlineValuesChanged || (snapshotReadsStorage && !(self is CAReplicatorLayer))
        {
            if renderCache.isClean { return .ready(cached) }
            // Only moved or faded: the last snapshot with its new inline values, sharing all else.
            if renderCache.staleSublayers.isEmpty && !renderCache.staleMask {
                var moved = cached
                return .ready(finishPatch(&moved, mask: nil))
            }
            // Stale positions that no longer fit mean the layer is built again.
            if !(self is CAReplicatorLayer) {
                let count = min(storedSublayers.count, cached.sublayers.count)
                var fits = true
                for index in renderCache.staleSublayers where index >= count {
                    fits = false
                    break
                }
                if fits { return .patch }
            }
        }
        if storedSublayers.isEmpty && storedMask == nil {
            return .ready(finishSnapshot(sublayers: [], mask: nil, geometryFlipped: flipped))
        }
        return .build
    }

    /// The cached snapshot, no longer held by the cache (so it is changed in place).
    private func takeCachedSnapshot() -> CARenderLayer {
        defer { renderCache.snapshot = nil }
        // Patched in a copy: the cached snapshot was handed to the render thread.
        var snapshot = renderCache.snapshot!
        snapshot.copyValues()
        return snapshot
    }

    /// Records that this presentation layer's own values or sublayers changed: its snapshot
    /// is built again (or, when only inline values such as its position changed, given
    /// again with them replaced), and its superlayers replace it in theirs.
    ///
    /// - Parameter properties: The declared properties that changed (their bits); all of
    ///   them when unknown, or when more than property values changed.
    func invalidateRenderSnapshot(changing properties: UInt64 = .max) {
        guard isPresentationCopy else { return }
        let wasClean = renderCache.isClean
        if properties & ~CARenderLayer.inlineProperties == 0 {
            renderCache.inlineValuesChanged = true
        } else {
            renderCache.isStale = true
        }
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

    /// Whether this layer's snapshot values are its stored ones (Lamina's own classes without
    /// a ``style``), not those its getters answer.
    var snapshotReadsStorage: Bool {
        Swift.type(of: self).snapshotsReadStorage && storage.style == nil
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

    /// The snapshot's box of rare values for the stored ones in `model`: the thread's last
    /// one when it fits (layers sharing their class's rare values), else the one this
    /// presentation copy kept (layers of different classes taking turns in a tree, or with
    /// rare values of their own, would miss the thread's one-entry memo), else a new one,
    /// which the copy keeps.
    private func renderRareBox(for model: CALayerRareValues.Box) -> CARenderLayer.RareBox {
        guard isPresentationCopy else { return CALayerStorage.renderRareBox(for: model) }
        if let kept = renderCache.kept?.rareBoxes, kept.model === model { return kept.render }
        if let shared = CALayerStorage.lastRenderRareBox(for: model) { return shared }
        let render = CALayerStorage.renderRareBox(for: model)
        renderCache.keptValues().rareBoxes = (model, render)
        return render
    }

    /// This layer's own snapshot values (no sublayers or mask yet). Not inlined: its
    /// temporaries stay off the stack of the recursion through the tree.
    @inline(never)
    private func makeOwnRenderValues(geometryFlipped flipped: Bool, inline: inout CARenderLayer.InlineValues)
        -> CARenderLayer.Values
    {
        let layerID = modelIdentifier ?? ObjectIdentifier(model())
        // Lamina's own classes' storage is read in place; an app subclass's or a styled
        // layer's values are those its getters answer.
        var v: CARenderLayer.Values
        if snapshotReadsStorage {
            v = storedRenderValues(rare: renderRareBox(for: storage.rareBox))
            inline = storedRenderInlineValues()
        } else {
            let effective = renderedStorage
            v = effective.renderValues(rare: CALayerStorage.renderRareBox(for: effective.rareBox))
            inline = effective.renderInlineValues()
        }
        v.layerID = layerID
        v.geometryFlipParity = flipped
        if flipped != isGeometryFlipped, let image = v.contents, image === model().backingStore {
            v[rare: \.contentsDrawnByLayer] = true
        }
        if let renderTransition { v[rare: \.transitionStorage] = [renderTransition] }
        if let renderContentsCrossFade { v[rare: \.contentsCrossFade] = renderContentsCrossFade }
        return v
    }

    /// This layer's snapshot made of its own values and its sublayers' and mask's
    /// snapshots; a presentation copy keeps it.
    fileprivate func finishSnapshot(sublayers: [CARenderLayer], mask: CARenderLayer?, geometryFlipped flipped: Bool) -> CARenderLayer {
        // Completed in their storage: a local copy of the values would be copied into it
        // (retaining every value it holds, then releasing them again).
        var inline = CARenderLayer.InlineValues()
        let storage = CARenderLayer.Storage(makeOwnRenderValues(geometryFlipped: flipped, inline: &inline))
        storage.values.sublayers = sublayers
        // Only when set: the rare values stay shared otherwise.
        if let mask { storage.values[rare: \.maskStorage] = [mask] }
        if Swift.type(of: self) != CALayer.self { addSubclassRenderValues(to: &storage.values, geometryFlipped: flipped) }
        let snapshot = CARenderLayer(storage: storage, inline: inline)
        if isPresentationCopy {
            renderCache.snapshot = snapshot
            renderCache.flipped = flipped
            renderCache.isStale = false
            renderCache.inlineValuesChanged = false
            renderCache.staleSublayers = []
            renderCache.staleMask = false
        }
        return snapshot
    }

    /// `snapshot` with the changed sublayers' (and mask's) snapshots replaced and its inline
    /// values (position, opacity) read again if they changed; the presentation copy keeps it.
    fileprivate func finishPatch(_ snapshot: inout CARenderLayer, mask: CARenderLayer?) -> CARenderLayer {
        if renderCache.staleMask { snapshot.mask = mask }
        if renderCache.inlineValuesChanged {
            snapshot.inline = storedRenderInlineValues()
            renderCache.inlineValuesChanged = false
        }
        renderCache.staleSublayers = []
        renderCache.staleMask = false
        renderCache.snapshot = snapshot
        return snapshot
    }
}

/// One layer's snapshot in progress: the sublayers (and mask) whose snapshots it waits
/// for, and what it collected so far. A class: the walk reaches it in place on its stack.
private final class SnapshotStep {
    let layer: CALayer
    let flipped: Bool
    /// The layer's sublayers (read once).
    private let children: [CALayer]
    /// Patching: the positions of the sublayers whose snapshots are made again.
    private let positions: [Int]
    /// How many sublayer children come before the mask.
    private let sublayerChildren: Int
    private let hasMaskChild: Bool
    private var next = 0
    /// Building: the sublayers' snapshots so far.
    private var sublayers: [CARenderLayer] = []
    /// Patching: the cached snapshot the changed ones replace theirs in.
    private var cached: CARenderLayer?
    private var mask: CARenderLayer?

    /// Building `layer` from its own values and all its sublayers' snapshots.
    init(building layer: CALayer, geometryFlipped flipped: Bool) {
        self.layer = layer
        self.flipped = flipped
        children = layer.storedSublayers
        positions = []
        sublayerChildren = children.count
        hasMaskChild = layer.storedMask != nil
        sublayers.reserveCapacity(sublayerChildren)
    }

    /// Patching `cached`: only the stale sublayers' (and mask's) snapshots are made again.
    init(patching layer: CALayer, cached: CARenderLayer, geometryFlipped flipped: Bool) {
        self.layer = layer
        self.flipped = flipped
        self.cached = cached
        children = layer.storedSublayers
        positions = layer.renderCache.staleSublayers
        sublayerChildren = positions.count
        hasMaskChild = layer.renderCache.staleMask && layer.storedMask != nil
    }

    /// The next layer whose snapshot this step needs, if any.
    func nextChild() -> (layer: CALayer, flipped: Bool)? {
        if next < sublayerChildren {
            let sublayer: CALayer
            if cached == nil {
                sublayer = children[next]
                sublayer.renderCache.indexInParent = next
            } else {
                // Its position is the one recorded when the cached snapshot was made.
                sublayer = children[positions[next]]
            }
            return (sublayer, flipped != sublayer.isGeometryFlipped)
        }
        if next == sublayerChildren, hasMaskChild, let mask = layer.storedMask {
            return (mask, mask.isGeometryFlipped)
        }
        return nil
    }

    /// Takes the snapshot of the child asked for last.
    func accept(_ snapshot: CARenderLayer) {
        defer { next += 1 }
        if next == sublayerChildren {
            mask = snapshot
        } else if cached != nil {
            cached!.replaceSublayer(at: positions[next], with: snapshot)
        } else {
            sublayers.append(snapshot)
        }
    }

    /// The layer's snapshot, once every child's is in.
    func finish() -> CARenderLayer {
        if var cached {
            // Held once, so the mask is replaced in place.
            self.cached = nil
            return layer.finishPatch(&cached, mask: mask)
        }
        return layer.finishSnapshot(sublayers: sublayers, mask: mask, geometryFlipped: flipped)
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
    /// Only the snapshot's inline values (its position, opacity) changed: read them again.
    var inlineValuesChanged = false
    /// Positions of sublayers whose snapshots changed: replace them.
    var staleSublayers: [Int] = []
    /// The mask's snapshot changed: replace it.
    var staleMask = false
    /// This layer's position among its superlayer's sublayers when that snapshot was made.
    var indexInParent = 0
    /// What the last snapshot was made with that a layer keeps only when it needs it (a text
    /// or shape layer, a layer with rare values of its own); nil until then, so that every
    /// other layer (and every model layer, which carries this record too) stays small.
    var kept: RenderSnapshotKept?

    /// ``kept``, made if the layer has none yet.
    mutating func keptValues() -> RenderSnapshotKept {
        if let kept { return kept }
        let made = RenderSnapshotKept()
        kept = made
        return made
    }

    /// Whether nothing changed since the snapshot was made.
    var isClean: Bool { !isStale && !inlineValuesChanged && staleSublayers.isEmpty && !staleMask }
}

/// What a presentation layer's last snapshot was made with, kept to make the next one from.
final class RenderSnapshotKept {
    /// The subclass payload the last snapshot was made with, and the revision of the keys
    /// it was made from.
    var payloads: SubclassPayloads?
    /// The stored rare values the last snapshot's rare values were made from, and those
    /// (held, so the stored box cannot change while it is known by its identity).
    var rareBoxes: (model: CALayerRareValues.Box, render: CARenderLayer.RareBox)?
    /// The rare values the last snapshot had with its subclass payload set: made from the
    /// shared rare values `base` and the payload kept at `revision` (see `attachKeptPayload`).
    var rareWithPayload: (base: CARenderLayer.RareBox, revision: UInt64, values: CARenderLayer.RareBox)?
}

extension CALayerStorage {
    /// The last rare values a snapshot was made from, and the snapshot's box made of them:
    /// layers sharing a box of rare values (every plain layer shares its class's) share one
    /// snapshot box too.
    private static let lastRareBoxes = ThreadLocal<(model: CALayerRareValues.Box, render: CARenderLayer.RareBox)?>({ nil })

    /// The snapshot's box of rare values for the stored ones in `model` (shared when the
    /// last one fits).
    @inline(never)
    static func renderRareBox(for model: CALayerRareValues.Box) -> CARenderLayer.RareBox {
        if let last = lastRenderRareBox(for: model) { return last }
        let memo = lastRareBoxes.box
        let render = CARenderLayer.RareBox(model.values.renderRareValues())
        memo.value = (model, render)
        return render
    }

    /// The snapshot's box of rare values this thread made last, if it was made from `model`.
    static func lastRenderRareBox(for model: CALayerRareValues.Box) -> CARenderLayer.RareBox? {
        guard let last = lastRareBoxes.box.value, last.model === model else { return nil }
        return last.render
    }
}
