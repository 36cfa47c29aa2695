import Foundation

/// The lives of all attached animations: commits them with their transaction, tells their
/// delegates when they start and stop, removes finished ones, and runs transaction
/// completion blocks once the animations they wait for are over.
///
/// Delegate calls and completion blocks are queued and delivered on the main thread after
/// the commit or the frame update that caused them, never from inside a layer call, so a
/// delegate may change layers and animations freely (Apple delivers them asynchronously,
/// on the main thread, too).
///
/// Each animation is advanced by the thread that records its layer (its `recorderID`), so a
/// thread only ever reads the layers it owns; the lists all threads share are behind a lock.
enum AnimationEngine {
    private enum Event {
        case start(AttachedAnimation)
        case stop(AttachedAnimation, finished: Bool)
    }

    private struct Shared {
        /// Committed and not stopped.
        var running: [AttachedAnimation] = []
        var events: [Event] = []
        var dueCompletions: [TransactionCompletion] = []
        var isDelivering = false
    }
    private static let shared = SharedState(Shared())

    /// Counts a new animation in the completion blocks it waits for.
    static func countForCompletions(_ animation: AttachedAnimation) {
        shared.withLock { _ in animation.completions.forEach { $0.add(animation) } }
    }

    /// Arms `completion` (its transaction committed, or the block was replaced); returns
    /// whether it is due now.
    static func seal(_ completion: TransactionCompletion) -> Bool {
        shared.withLock { _ in completion.seal() }
    }

    /// Arms `completion` as its thread ends: if due, the main thread runs it at its next
    /// commit or frame (no call that could reach Dispatch is made from a dying thread).
    static func sealAtThreadExit(_ completion: TransactionCompletion) {
        shared.withLock { shared in
            if completion.seal() { shared.dueCompletions.append(completion) }
        }
    }

    /// Makes `state`'s thread the one that records and advances `animation`; returns whether
    /// it is still to be committed (and so joins that thread's transaction).
    static func adopt(_ animation: AttachedAnimation, into state: TransactionState) -> Bool {
        shared.withLock { _ in
            guard animation.recorderID != 0, animation.recorderID != state.id else { return false }
            animation.recorderID = state.id
            return !animation.isCommitted
        }
    }

    /// `animation` was detached from its layer (removed, or replaced under its key).
    static func removed(_ animation: AttachedAnimation) {
        CALayer.bumpPresentationGeneration()
        shared.withLock { shared in
            if !animation.isCommitted {
                // Never committed: it never existed as far as the render side is concerned.
                animation.recorderID = 0
                end(animation, &shared)
                return
            }
            guard !animation.hasStopped else { return }
            stop(animation, finished: false, &shared)
        }
    }

    /// The commit of a transaction: every animation `state` recorded in it starts its life.
    /// Returns the roots of the displayed trees whose animations the main thread was handed
    /// (it should be woken for them), each once.
    static func commitAddedAnimations(_ added: [AttachedAnimation], recordedBy state: TransactionState) -> [CALayer] {
        guard !added.isEmpty else { return [] }
        let now = CACurrentMediaTime()
        // Those another thread has not taken over since (one look under the lock).
        let recorded = shared.withLock { _ in added.filter { $0.recorderID == state.id } }
        var committed: [AttachedAnimation] = []
        // Another thread's commit on a layer of a displayed tree: the main thread draws the
        // tree's frames, so it runs the animation's life (as Apple's render server would).
        var handedToMain: [(animation: AttachedAnimation, layer: CALayer)] = []
        var handedRoots: [CALayer] = []
        for animation in recorded {
            guard let layer = animation.layer, layer.attachedAnimations.contains(where: { $0 === animation }) else { continue }
            if animation.animation is CATransition {
                animation.transitionSource = layer.presentationCopy?.makeTransitionSource()
            }
            animation.commit(layerTime: layer.localTime(fromMedia: now))
            committed.append(animation)
            if !state.isMainThread {
                let root = layer.rootLayer
                if root.renderContext != nil {
                    handedToMain.append((animation, layer))
                    if !handedRoots.contains(where: { $0 === root }) { handedRoots.append(root) }
                }
            }
        }
        let mainID = TransactionState.mainThreadID
        shared.withLock { shared in
            for handed in handedToMain {
                // With those this thread adopted when it took the layer over.
                for attached in handed.layer.attachedAnimations where attached.recorderID == state.id {
                    attached.recorderID = mainID
                }
                handed.animation.recorderID = mainID
            }
            shared.running += committed
        }
        for handed in handedToMain where handed.layer.isListedAsAnimated { CALayer.transferAnimated(handed.layer, to: mainID) }
        return handedRoots
    }

    /// The running animations the calling thread advances.
    private static func runningOfThisThread() -> [AttachedAnimation] {
        let id = TransactionState.current.id
        return shared.withLock { shared in
            // Room for all of them at once: a filter would grow its array a step at a time.
            var running: [AttachedAnimation] = []
            running.reserveCapacity(shared.running.count)
            for animation in shared.running where animation.recorderID == id && !animation.hasStopped {
                running.append(animation)
            }
            return running
        }
    }

    /// Whether an animation in the tree of `root` is committed and has not stopped yet
    /// (waiting for its begin time, or running).
    static func hasRunningAnimations(inTreeOf root: CALayer) -> Bool {
        let running = runningOfThisThread()
        return CALayer.treeLock.withLock { running.contains { $0.layer?.rootLayer === root } }
    }

    /// Advances the lives of the animations in the tree of `root` (every tree of the calling
    /// thread when nil) to media time `time`: starts, stops, removals. Delegates are told
    /// afterwards.
    static func advance(to time: CFTimeInterval, inTreeOf root: CALayer?) {
        // The layers' links and timing are read, and finished animations removed, under the
        // tree lock; delegates are told after it is released.
        CATransaction.showOtherThreadsCommits()
        CALayer.treeLock.withLock { advanceLocked(to: time, inTreeOf: root) }
        deliverCallbacks()
    }

    private static func advanceLocked(to time: CFTimeInterval, inTreeOf root: CALayer?) {
        // Each layer's time once, however many animations it has (and shared ancestors too).
        var mapping = CALayerTimeMapping(media: time)
        // Where each animation is, found outside the lock; its life changes under it at once.
        var positions: [(animation: AttachedAnimation, isAttached: Bool, hasBegun: Bool, hasEnded: Bool)] = []
        let rootCopy = root?.presentationCopy
        let running = runningOfThisThread()
        positions.reserveCapacity(running.count)
        for animation in running {
            // The layer's presentation copy, held by the animation: read each frame without
            // loading the weak link to the layer (a model, or one never shown, through it).
            let timed: CALayer
            if let copy = animation.presentationLayer, copy.hasModelLayer {
                if let rootCopy, copy.rootLayer !== rootCopy { continue }
                timed = copy
            } else {
                guard let layer = animation.layer else {
                    positions.append((animation, false, false, false))
                    continue
                }
                if let root, layer.rootLayer !== root { continue }
                animation.presentationLayer = layer.presentationCopy
                timed = layer.presentationCopy ?? layer
            }
            // The layer's own time from its superlayer's (remembered for siblings).
            let layerTime = timed.localTime(fromParent: mapping.localTime(of: timed.geometricParent))
            let timing = animation.frozen?.value.timing ?? animation.animation.timingParameters
            let local = timing.activeTime(fromParent: layerTime)
            let active = timing.activeDuration
            positions.append((animation, true, local >= 0, active.isFinite && local >= active && timing.speed > 0))
        }
        var removals: [AttachedAnimation] = []
        shared.withLock { shared in
            for position in positions where !position.animation.hasStopped {
                let animation = position.animation
                guard position.isAttached else {
                    stop(animation, finished: false, &shared)
                    continue
                }
                if !animation.hasStarted && position.hasBegun {
                    animation.hasStarted = true
                    shared.events.append(.start(animation))
                }
                guard position.hasEnded else { continue }
                stop(animation, finished: true, &shared)
                if animation.animation.isRemovedOnCompletion { removals.append(animation) }
            }
        }
        for removal in removals {
            guard let layer = removal.layer else { continue }
            layer.attachedAnimations.removeAll { $0 === removal }
            layer.presentationCopy?.bumpTreeRevision()
            CALayer.bumpPresentationGeneration()
        }
    }

    private static func stop(_ animation: AttachedAnimation, finished: Bool, _ shared: inout Shared) {
        animation.hasStopped = true
        shared.running.removeAll { $0 === animation }
        if finished && !animation.hasStarted {
            animation.hasStarted = true
            shared.events.append(.start(animation))
        }
        shared.events.append(.stop(animation, finished: finished))
        end(animation, &shared)
    }

    /// The completion blocks waiting for `animation` count it as over.
    private static func end(_ animation: AttachedAnimation, _ shared: inout Shared) {
        for completion in animation.completions where completion.animationEnded(animation) {
            shared.dueCompletions.append(completion)
        }
        animation.completions = []
    }

    /// Tells delegates what happened, in order, then runs completion blocks that are due
    /// (including `extra`). Calls made while delivering are delivered by the same loop.
    /// Only the main thread delivers: another thread asks it for a turn.
    static func deliverCallbacks(runningAlso extra: [TransactionCompletion] = []) {
        guard TransactionState.isMainThread else {
            let waiting = shared.withLock { shared in
                shared.dueCompletions += extra
                return !(shared.events.isEmpty && shared.dueCompletions.isEmpty)
            }
            if waiting { CATransaction.wakeMainThread() }
            return
        }
        let deliver = shared.withLock { shared in
            shared.dueCompletions += extra
            guard !shared.isDelivering else { return false }
            shared.isDelivering = true
            return true
        }
        guard deliver else { return }
        defer { shared.withLock { $0.isDelivering = false } }
        while true {
            let (batch, completions) = shared.withLock { shared in
                defer { (shared.events, shared.dueCompletions) = ([], []) }
                return (shared.events, shared.dueCompletions)
            }
            if batch.isEmpty && completions.isEmpty { break }
            for event in batch {
                switch event {
                case .start(let attached):
                    attached.animation.delegate?.animationDidStart(attached.animation)
                case .stop(let attached, let finished):
                    attached.animation.delegate?.animationDidStop(attached.animation, finished: finished)
                }
            }
            for completion in completions { completion.run() }
        }
    }
}
