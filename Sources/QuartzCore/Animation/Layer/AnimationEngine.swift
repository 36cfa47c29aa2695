/// The lives of all attached animations: commits them with their transaction, tells their
/// delegates when they start and stop, removes finished ones, and runs transaction
/// completion blocks once the animations they wait for are over.
///
/// Delegate calls and completion blocks are queued and delivered after the commit or the
/// frame update that caused them, never from inside a layer call, so a delegate may change
/// layers and animations freely (Apple delivers them asynchronously too).
@MainActor
enum AnimationEngine {
    private enum Event {
        case start(AttachedAnimation)
        case stop(AttachedAnimation, finished: Bool)
    }

    /// Added in the open transaction, not committed yet.
    private static var uncommitted: [AttachedAnimation] = []
    /// Committed and not stopped.
    private static var running: [AttachedAnimation] = []
    private static var events: [Event] = []
    private static var dueCompletions: [TransactionCompletion] = []
    private static var isDelivering = false

    static func added(_ animation: AttachedAnimation) {
        uncommitted.append(animation)
    }

    /// `animation` was detached from its layer (removed, or replaced under its key).
    static func removed(_ animation: AttachedAnimation) {
        CALayer.presentationGeneration &+= 1
        if let index = uncommitted.firstIndex(where: { $0 === animation }) {
            // Never committed: it never existed as far as the render side is concerned.
            uncommitted.remove(at: index)
            end(animation)
            return
        }
        guard !animation.hasStopped else { return }
        stop(animation, finished: false)
    }

    /// The commit of a transaction: every animation added in it starts its life.
    static func commitAddedAnimations() {
        let added = uncommitted
        uncommitted = []
        let now = CACurrentMediaTime()
        for animation in added {
            guard let layer = animation.layer, layer.attachedAnimations.contains(where: { $0 === animation }) else { continue }
            if animation.animation is CATransition {
                animation.transitionSource = layer.presentationCopy?.makeTransitionSource()
            }
            animation.commit(layerTime: layer.localTime(fromMedia: now))
            running.append(animation)
        }
    }

    /// Whether an animation in the tree of `root` is committed and has not stopped yet
    /// (waiting for its begin time, or running).
    static func hasRunningAnimations(inTreeOf root: CALayer) -> Bool {
        running.contains { !$0.hasStopped && $0.layer?.rootLayer === root }
    }

    /// Advances the lives of the animations in the tree of `root` (every tree when nil) to
    /// media time `time`: starts, stops, removals. Delegates are told afterwards.
    static func advance(to time: CFTimeInterval, inTreeOf root: CALayer?) {
        // Each layer's time once, however many animations it has (and shared ancestors too).
        var mapping = CALayerTimeMapping(media: time)
        var stoppedAny = false
        for animation in running where !animation.hasStopped {
            guard let layer = animation.layer else {
                stoppedAny = true
                stop(animation, finished: false)
                continue
            }
            if let root, layer.rootLayer !== root { continue }
            // The layer's own time from its superlayer's (remembered for siblings).
            let timed = layer.presentationCopy ?? layer
            let layerTime = timed.localTime(fromParent: mapping.localTime(of: timed.geometricParent))
            let timing = animation.frozen?.value.timing ?? animation.animation.timingParameters
            let local = timing.localTime(fromParent: layerTime)
            if !animation.hasStarted && local >= 0 {
                animation.hasStarted = true
                events.append(.start(animation))
            }
            let active = timing.activeDuration
            if active.isFinite && local >= active && timing.speed > 0 {
                stoppedAny = true
                stop(animation, finished: true)
                if animation.animation.isRemovedOnCompletion {
                    layer.attachedAnimations.removeAll { $0 === animation }
                    CALayer.presentationGeneration &+= 1
                }
            }
        }
        if stoppedAny { running.removeAll(where: \.hasStopped) }
        deliverCallbacks()
    }

    private static func stop(_ animation: AttachedAnimation, finished: Bool) {
        animation.hasStopped = true
        running.removeAll { $0 === animation }
        if finished && !animation.hasStarted {
            animation.hasStarted = true
            events.append(.start(animation))
        }
        events.append(.stop(animation, finished: finished))
        end(animation)
    }

    /// The completion blocks waiting for `animation` count it as over.
    private static func end(_ animation: AttachedAnimation) {
        for completion in animation.completions where completion.animationEnded(animation) {
            dueCompletions.append(completion)
        }
        animation.completions = []
    }

    /// Tells delegates what happened, in order, then runs completion blocks that are due
    /// (including `extra`). Calls made while delivering are delivered by the same loop.
    static func deliverCallbacks(runningAlso extra: [TransactionCompletion] = []) {
        dueCompletions += extra
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !events.isEmpty || !dueCompletions.isEmpty {
            let batch = events
            events = []
            for event in batch {
                switch event {
                case .start(let attached):
                    attached.animation.delegate?.animationDidStart(attached.animation)
                case .stop(let attached, let finished):
                    attached.animation.delegate?.animationDidStop(attached.animation, finished: finished)
                }
            }
            let completions = dueCompletions
            dueCompletions = []
            for completion in completions { completion.run() }
        }
    }
}
