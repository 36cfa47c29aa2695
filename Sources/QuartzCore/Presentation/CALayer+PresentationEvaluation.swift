import Synchronization

/// The presentation tree with animations applied: each presentation layer starts from the
/// model values of the last commit, and the animations attached to its model layer are
/// applied in order at the layer's local time (Core Animation's timing hierarchy).
///
/// Presentation layers are kept and updated in place: a tree is evaluated once per media
/// time (and again after a commit or a change of animations), whoever asks.
extension CALayer {
    /// Bumped by every commit and every change of attached animations, so cached
    /// evaluations are redone.
    private static let presentationGeneration = Atomic<UInt64>(0)

    /// The current presentation generation.
    static var currentPresentationGeneration: UInt64 { presentationGeneration.load(ordering: .relaxed) }

    /// Marks every cached evaluation as out of date.
    static func bumpPresentationGeneration() {
        presentationGeneration.wrappingAdd(1, ordering: .relaxed)
    }

    /// A model layer with (or that had) attached animations, the thread transaction state
    /// that records it (only that thread's evaluations visit it), and the root of the tree
    /// it was in when last sorted.
    struct AnimatedModel {
        let reference: LayerLink
        var owner: UInt64
        var tree: ObjectIdentifier
    }

    /// Model layers that have (or had, until their presentation shows the commit again)
    /// attached animations: the only layers an evaluation visits. A layer leaves it when
    /// its animations are done, or when it goes away. Sorted by tree, so a tree's frame
    /// visits its own animated layers only; sorted again when the hierarchy changed.
    struct AnimatedModels {
        /// Each tree's animated layers, by tree root.
        var trees: [ObjectIdentifier: [ObjectIdentifier: AnimatedModel]] = [:]
        /// The tree each animated layer is listed under.
        var treeOf: [ObjectIdentifier: ObjectIdentifier] = [:]
        /// The hierarchy epoch the trees were sorted in.
        var epoch: UInt64 = .max

        mutating func insert(_ model: AnimatedModel, for id: ObjectIdentifier) {
            if let old = treeOf.updateValue(model.tree, forKey: id), old != model.tree { leave(old, id) }
            trees[model.tree, default: [:]][id] = model
        }

        mutating func remove(_ id: ObjectIdentifier) {
            guard let tree = treeOf.removeValue(forKey: id) else { return }
            leave(tree, id)
        }

        private mutating func leave(_ tree: ObjectIdentifier, _ id: ObjectIdentifier) {
            trees[tree]?[id] = nil
            if trees[tree]?.isEmpty == true { trees[tree] = nil }
        }

        mutating func transfer(_ id: ObjectIdentifier, to owner: UInt64) {
            guard let tree = treeOf[id] else { return }
            trees[tree]?[id]?.owner = owner
        }

        /// Puts each layer under the tree it is in now (the caller holds the tree lock). The
        /// layers it loads are kept in `loaded`, to be let go after the registry's lock (one
        /// whose last reference goes then leaves the registry in its `deinit`).
        mutating func sortIfNeeded(loading loaded: inout [CALayer]) {
            let now = CALayer.currentHierarchyEpoch
            guard epoch != now else { return }
            epoch = now
            for (id, model) in trees.values.joined() {
                guard let layer = model.reference.layer else { continue }
                loaded.append(layer)
                let tree = layer.treeRevision.root
                if tree != model.tree {
                    var moved = model
                    moved.tree = tree
                    insert(moved, for: id)
                }
            }
        }
    }
    private static let animatedModels = SharedState(AnimatedModels())

    /// Records that `layer` has attached animations. The caller holds the tree lock.
    static func noteAnimated(_ layer: CALayer) {
        guard !layer.isListedAsAnimated else { return }
        layer.isListedAsAnimated = true
        let entry = AnimatedModel(
            reference: layer.link, owner: TransactionState.current.id, tree: layer.treeRevision.root)
        animatedModels.withLock { $0.insert(entry, for: ObjectIdentifier(layer)) }
    }

    /// `layer`, listed as animated, is now recorded by thread state `owner`.
    static func transferAnimated(_ layer: CALayer, to owner: UInt64) {
        animatedModels.withLock { $0.transfer(ObjectIdentifier(layer), to: owner) }
    }

    /// The layer with identity `id` is gone.
    static func forgetAnimated(_ id: ObjectIdentifier) {
        animatedModels.withLock { $0.remove(id) }
    }

    /// Whether the layer with identity `id` is listed as animated (for tests).
    static func isAnimatedModel(_ id: ObjectIdentifier) -> Bool {
        animatedModels.withLock { $0.treeOf[id] != nil }
    }

    /// The animated model layers the calling thread evaluates in the tree whose model root
    /// has identity `tree` (every tree when nil). The caller holds the tree lock.
    static func animatedModelsOfThisThread(inTree tree: ObjectIdentifier?) -> [(id: ObjectIdentifier, layer: CALayer)] {
        let owner = TransactionState.current.id
        // Layers loaded while sorting are let go here, after the registry's lock.
        var loaded: [CALayer] = []
        defer { withExtendedLifetime(loaded) {} }
        return animatedModels.withLock { registry in
            func visit(_ entry: (key: ObjectIdentifier, value: AnimatedModel)) -> (id: ObjectIdentifier, layer: CALayer)? {
                guard entry.value.owner == owner, let layer = entry.value.reference.layer else { return nil }
                return (entry.key, layer)
            }
            guard let tree else { return registry.trees.values.joined().compactMap(visit) }
            registry.sortIfNeeded(loading: &loaded)
            return registry.trees[tree]?.compactMap(visit) ?? []
        }
    }

    /// Evaluates the presentation tree this presentation layer belongs to at media time
    /// `time`, unless it already was for that time and nothing changed in the tree since
    /// (its revision: commits and removed animations bump it; another tree's do not). Only
    /// layers with animations (or still showing animated values) are visited, ancestors
    /// first, each in its own time (its ancestors' timing applied).
    ///
    /// Called holding the tree lock. Presentation layers whose animated keys need them drawn
    /// again (``needsDisplay(forKey:)``) are not drawn here: drawing is user code, which must
    /// not run under the lock. They are returned, for ``PresentationRedraws/draw()`` once the
    /// lock is released.
    @discardableResult
    func refreshPresentationTree(at time: CFTimeInterval) -> PresentationRedraws {
        let root = rootLayer
        let stamp = PresentationStamp(time: time, revision: root.currentTreeRevision)
        guard root.evaluationStamp != stamp else { return PresentationRedraws() }
        root.evaluationStamp = stamp
        let pending = CALayer.pendingRedraws.box
        let outer = pending.value
        pending.value = []
        defer {
            // Evaluating wrote the tree's presentation layers: the stamp is of what they show.
            root.evaluationStamp = PresentationStamp(time: time, revision: root.currentTreeRevision)
            pending.value = outer
        }
        var targets: [(depth: Int, layer: CALayer, animations: [AttachedAnimation])] = []
        var finished: [(id: ObjectIdentifier, layer: CALayer)] = []
        // By identity: the model root may be going away on another thread.
        for (id, model) in CALayer.animatedModelsOfThisThread(inTree: root.modelIdentifier) {
            guard !model.attachedAnimations.isEmpty || model.presentationCopy?.hasAnimatedValues == true
            else {
                finished.append((id, model))
                continue
            }
            // Animations added but not committed yet do not show.
            let animations = model.effectiveAnimations
            guard let copy = model.presentationCopy, !animations.isEmpty || copy.hasAnimatedValues else { continue }
            // Its root and depth in one walk up.
            var top: CALayer = copy
            var depth = 0
            while let parent = top.geometricParent, depth < 100_000 {
                top = parent
                depth += 1
            }
            if top === root { targets.append((depth, copy, animations)) }
        }
        if !finished.isEmpty {
            CALayer.animatedModels.withLock { models in
                for entry in finished { models.remove(entry.id) }
            }
            for entry in finished { entry.layer.isListedAsAnimated = false }
        }
        // Ancestors first; siblings at one depth (the usual case) need no sorting.
        if let first = targets.first?.depth, targets.contains(where: { $0.depth != first }) {
            targets.sort { $0.depth < $1.depth }
        }
        var mapping = CALayerTimeMapping(media: time)
        CALayer.withDiagnosticsMuted {
            for target in targets {
                target.layer.evaluateAnimations(target.animations, parentTime: mapping.localTime(of: target.layer.geometricParent))
            }
        }
        return PresentationRedraws(layers: pending.value ?? [], root: root, time: time)
    }

    /// Where ``apply(_:atLocalTime:)`` leaves the presentation layers to draw again while a
    /// tree is evaluated under the tree lock; nil when they are drawn at once.
    fileprivate static let pendingRedraws = ThreadLocal<[(layer: CALayer, delegate: (any CALayerDelegate)?)]?>({ nil })

    /// Evaluates this layer's presentation tree at media time `time`, then draws again, once
    /// the tree lock is released, the presentation layers whose animated keys need it.
    func refreshPresentationDrawingOutsideTheLock(at time: CFTimeInterval) {
        CALayer.treeLock.withLock { presentationCopy?.refreshPresentationTree(at: time) }?.draw()
    }

    /// Shows the last commit with this presentation layer's animations applied at its
    /// superlayer's time `parentTime`.
    func evaluateAnimations(_ animations: [AttachedAnimation], parentTime: CFTimeInterval) {
        if !animations.isEmpty || hasAnimatedValues {
            showCommittedValues()
        }
        guard !animations.isEmpty else { return }
        apply(animations, atLocalTime: localTime(fromParent: parentTime))
    }

    /// Applies `animations` in order; redraws the contents when an animated key is one of
    /// the class's ``needsDisplay(forKey:)`` keys.
    private func apply(_ animations: [AttachedAnimation], atLocalTime time: CFTimeInterval) {
        let type = Swift.type(of: self)
        var redraw = false
        for attached in animations {
            guard let frozen = attached.frozen else { continue }
            applyAnimation(attached, evaluator: frozen.value, atLocalTime: time) { keyPath, value in
                self.hasAnimatedValues = true
                self.setAnimatedValue(value, forKeyPath: keyPath)
                // Plain layers redraw for no key; subclasses say which.
                if type != CALayer.self, CALayer.classNeedsDisplay(type, forKey: String(keyPath.prefix { $0 != "." })) {
                    redraw = true
                }
            }
        }
        // Geometry setters may mark the copy (bounds with needsDisplayOnBoundsChange); only
        // needsDisplay(forKey:) keys redraw a presentation layer.
        displayIsNeeded = false
        if redraw {
            hasAnimatedValues = true
            let delegate = modelLayer?.delegate
            let pending = CALayer.pendingRedraws.box
            if pending.value != nil {
                pending.value?.append((self, delegate))
            } else {
                drawAgain(asking: delegate)
            }
        }
        layoutIsNeeded = false
    }

    /// Draws this presentation layer again, asking its model layer's delegate.
    fileprivate func drawAgain(asking delegate: (any CALayerDelegate)?) {
        let saved = self.delegate
        self.delegate = delegate
        display()
        self.delegate = saved
    }

    /// Shows an animated value: a declared property straight into its typed field (one
    /// hashed lookup, no key-path parsing, no setter); sub-key paths and properties whose
    /// setters have effects go through key-value coding.
    func setAnimatedValue(_ value: Any, forKeyPath keyPath: String) {
        if let descriptor = CALayer.animatedDescriptor(forKeyPath: keyPath), let animate = descriptor.animate,
            animate(&storage, value)
        {
            storage.explicitlySet |= descriptor.property.bit
            propertyDidChange(descriptor.property)
            return
        }
        setValue(value, forKeyPath: keyPath)
    }

    /// The table entry for an animated key path, remembering the last one asked for (a frame
    /// applies the same key path to many layers in a row).
    private static func animatedDescriptor(forKeyPath keyPath: String) -> CALayerPropertyDescriptor? {
        let last = lastAnimatedDescriptor.box
        if let memo = last.value, memo.keyPath == keyPath { return memo.descriptor }
        let descriptor = CALayerPropertyTable.descriptor(forKey: keyPath)
        last.value = (keyPath, descriptor)
        return descriptor
    }

    private static let lastAnimatedDescriptor = ThreadLocal<(keyPath: String, descriptor: CALayerPropertyDescriptor?)?>({ nil })

    /// The value an animation starts from or adds to: a declared property's typed field,
    /// else through key-value coding.
    func animatedBaseValue(forKeyPath keyPath: String) -> Any? {
        if storage.style == nil, let descriptor = CALayer.animatedDescriptor(forKeyPath: keyPath), descriptor.animate != nil,
            Swift.type(of: self) == CALayer.self
        {
            return descriptor.readStorage(storage)
        }
        return value(forKeyPath: keyPath)
    }

    /// Runs `body` with the calling thread's diagnostics silenced (presentation values are
    /// derived; problems are reported when animations are added).
    static func withDiagnosticsMuted(_ body: () -> Void) {
        let muted = diagnosticsMuted.box
        let saved = muted.value
        muted.value = true
        body()
        muted.value = saved
    }
}



/// The presentation layers an evaluation left to draw again (their animated keys are in
/// their class's ``CALayer/needsDisplay(forKey:)``), drawn after the tree lock by ``draw()``.
struct PresentationRedraws {
    fileprivate var layers: [(layer: CALayer, delegate: (any CALayerDelegate)?)] = []
    fileprivate var root: CALayer?
    fileprivate var time: CFTimeInterval = 0

    /// Draws them (`display()`, with the model layer's delegate): call it without holding the
    /// tree lock, as drawing runs user code. The evaluation then counts as showing them.
    func draw() {
        guard !layers.isEmpty, let root else { return }
        for (layer, delegate) in layers { layer.drawAgain(asking: delegate) }
        CALayer.treeLock.withLock {
            if root.evaluationStamp?.time == time {
                root.evaluationStamp = PresentationStamp(time: time, revision: root.currentTreeRevision)
            }
        }
    }
}

/// When a presentation tree was last evaluated.
struct PresentationStamp: Equatable {
    var time: CFTimeInterval
    /// The presentation tree's revision (``CALayer/currentTreeRevision``).
    var revision: UInt64
}
