/// An animation attached to a layer: the layer's own copy of the animation object, its
/// frozen evaluator, and where it is in its life (added → committed → started → stopped).
final class AttachedAnimation {
    /// The key it was added for; nil for animations added without one.
    let key: String?
    /// The layer's copy, as `animation(forKey:)` returns it.
    let animation: CAAnimation
    /// What computes its values; nil for animations that change no property. Held by
    /// reference so each frame reads it in place instead of copying it.
    private(set) var frozen: FrozenEvaluator?
    /// The evaluator (a copy).
    var evaluator: CAAnimationEvaluator? { frozen?.value }
    /// The layer it is attached to; nil once that layer is gone. Read under the tree lock:
    /// the main thread advances animations whose layer another thread may be letting go of
    /// (see ``LayerLink``).
    var layer: CALayer? { layerLink.layer }
    private let layerLink: LayerLink
    /// The layer's presentation copy, once the layer has one (what each frame reads, without
    /// loading ``layer``). Read and written under the tree lock.
    var presentationLayer: CALayer?
    /// The thread transaction state that commits it (before its commit) or advances it
    /// (after); 0 once removed before its commit. Set by the thread that adds it, then read
    /// and written under the animation engine's lock.
    var recorderID: UInt64 = 0
    /// Whether the transaction that added it has committed (before that it has no effect).
    private(set) var isCommitted = false
    /// Whether `animationDidStart` is due or was sent.
    var hasStarted = false
    /// Whether it stopped (ran to its end or was removed).
    var hasStopped = false
    /// The transactions' completion blocks waiting for it.
    var completions: [TransactionCompletion]
    /// For a `CATransition`: the layer's rendering just before the transaction that added it.
    var transitionSource: CARenderLayer?

    init(key: String?, animation: CAAnimation, layer: CALayer, completions: [TransactionCompletion]) {
        self.key = key
        self.animation = animation
        layerLink = layer.link
        self.completions = completions
        frozen = animation.makeEvaluator().map(FrozenEvaluator.init)
    }

    /// The commit of its transaction: a `beginTime` of 0 becomes the layer's local time now.
    func commit(layerTime: CFTimeInterval) {
        guard !isCommitted else { return }
        isCommitted = true
        if animation.beginTime == 0 {
            animation.beginTime = layerTime
        }
        frozen = animation.makeEvaluator().map(FrozenEvaluator.init)
    }

    /// Whether it affects the presentation now.
    var isEffective: Bool { isCommitted && frozen != nil }
}

/// An attached animation's evaluator, frozen when its transaction committed.
final class FrozenEvaluator: Sendable {
    let value: CAAnimationEvaluator

    init(_ value: CAAnimationEvaluator) { self.value = value }
}
