import Foundation
import Synchronization

/// Groups layer changes so they commit together, and carries the settings of the implicit
/// animations those changes start (Apple's `CATransaction`).
///
/// Every layer property change is recorded in the current transaction of the thread that
/// makes it. Each thread has its own transactions, as on Apple platforms: values set on one
/// thread are not seen on another, and a commit commits only what its thread recorded.
///
/// With no transaction open, the first change (or the first ``setValue(_:forKey:)``) opens
/// an *implicit* one. On the main thread it commits on ``flush()`` at the end of the current
/// turn of the main queue (`DispatchQueue.main`), as Apple's main run loop commits it; a
/// displayed tree whose ``CARenderContext`` has an
/// ``CARenderContext/implicitCommitScheduler`` arranges that flush itself. Other threads
/// have no such loop: as Apple requires for threads without a run loop, wrap their changes
/// in ``begin()`` and ``commit()``; an implicit transaction there commits only on
/// ``flush()`` or on the thread's next outermost ``commit()``; a thread that ends with it
/// open leaves its layers, changes and all, to the next thread that changes them (adding a
/// layer to a tree does), which commits them.
///
/// Explicit transactions (``begin()`` / ``commit()``) nest. Values set in a transaction
/// (``setAnimationDuration(_:)``, ``setDisableActions(_:)``, …) are seen by nested ones and
/// are gone when the transaction that set them commits, so the outer values apply again.
/// The outermost ``commit()`` commits every recorded change (implicit ones included).
///
/// A commit runs the layout pass (``CALayer/layoutIfNeeded()``) and the display pass
/// (``CALayer/displayIfNeeded()``) on every changed tree, starts the animations added in
/// the transaction (an animation whose `beginTime` is 0 begins at the commit), copies model
/// values into the persistent presentation layers, then calls the commit observers.
/// Animation delegates, completion blocks and commit observers are called on the main
/// thread, as Apple calls them: a commit on another thread hands them over to it.
open class CATransaction {
    /// Lamina: the media time (``CACurrentMediaTime()``) at which the calling thread's
    /// latest commit began its layout and display passes; 0 before the first. Commit
    /// observers read it to learn how long the commit they hear of took (frame timings do).
    public static var commitBeginTime: CFTimeInterval { TransactionState.current.commitBeginTime }

    /// Lamina: identifies a commit observer, for ``removeCommitObserver(_:)``.
    public struct CommitObserverToken: Hashable, Sendable {
        let id: UInt64
    }

    /// What every thread shares: the commit observers, and what other threads' commits
    /// left for the main thread.
    private struct Hooks {
        var observers: [(token: CommitObserverToken, body: @MainActor ([CALayer]) -> Void)] = []
        var nextObserverID: UInt64 = 0
        /// Layers of displayed trees that commits on other threads changed: the main thread
        /// brings their presentation up to date (it alone writes a displayed tree's
        /// presentation layers) and tells the observers.
        var changedForMainThread: [CALayer] = []
        /// Roots of displayed trees whose presentation the main thread brought up to date
        /// for other threads' commits, for the observers at its next commit.
        var rootsToReport: [CALayer] = []
    }
    /// Whether ``Hooks/changedForMainThread`` has layers (read without the lock on every
    /// evaluation of the main thread).
    private static let hasChangesForMainThread = Atomic<Bool>(false)
    private static let hooks = SharedState(Hooks())
    private static let transactionLock = NSRecursiveLock()

    /// Creates a transaction object (unused: Apple's API is all class methods).
    public init() {}

    // MARK: - Begin, commit, flush

    /// Begins an explicit transaction on the calling thread, nested in its open one.
    open class func begin() {
        TransactionState.current.frames.append(TransactionFrame(isImplicit: false))
    }

    /// Ends the calling thread's current explicit transaction: its values are dropped (the
    /// enclosing transaction's apply again) and its completion block is armed. The
    /// outermost one commits every change the thread recorded. An unbalanced call (no
    /// explicit transaction open) is ignored.
    open class func commit() {
        let state = TransactionState.current
        guard let last = state.frames.last, !last.isImplicit else { return }
        state.frames.removeLast()
        var due = seal(last)
        if state.explicitDepth == 0 {
            due += commitRecordedChanges(state)
        }
        finish(state, due: due)
    }

    /// Commits the calling thread's implicit transaction, if one is open.
    ///
    /// While an explicit transaction is open this does nothing: its outermost ``commit()``
    /// commits the changes. On the main thread it also tells the commit observers what
    /// other threads' commits changed, and delivers their animation callbacks.
    open class func flush() {
        let state = TransactionState.current
        guard state.explicitDepth == 0 else { return }
        finish(state, due: commitRecordedChanges(state))
    }

    /// After a commit: the main thread shows what other threads' commits changed in
    /// displayed trees, tells the observers and delivers callbacks; another thread hands its
    /// due completion blocks to the main one.
    private static func finish(_ state: TransactionState, due: [TransactionCompletion]) {
        if state.isMainThread {
            showOtherThreadsCommits()
            let roots = hooks.withLock { hooks in
                defer { hooks.rootsToReport = [] }
                return hooks.rootsToReport
            }
            notifyObservers(of: roots)
        }
        AnimationEngine.deliverCallbacks(runningAlso: due)
    }

    /// On the main thread: brings the presentation of displayed trees up to date with what
    /// other threads' commits changed in them (their roots are reported to the observers at
    /// the main thread's next commit or flush). Called before the main thread evaluates,
    /// snapshots or advances a tree, so a frame shows every commit made before it.
    static func showOtherThreadsCommits() {
        guard hasChangesForMainThread.load(ordering: .acquiring), TransactionState.isMainThread else { return }
        let changed = hooks.withLock { hooks in
            defer {
                hooks.changedForMainThread = []
                hasChangesForMainThread.store(false, ordering: .releasing)
            }
            return hooks.changedForMainThread
        }
        guard !changed.isEmpty else { return }
        let roots = CALayer.treeLock.withLock { () -> [CALayer] in
            var seen = Set<ObjectIdentifier>()
            let layers = changed.filter { seen.insert(ObjectIdentifier($0)).inserted }
            for layer in layers { layer.awaitsMainThreadCommit = false }
            CALayer.commitPresentation(of: layers)
            CALayer.bumpPresentationGeneration()
            return Self.roots(of: layers)
        }
        // Each root once, however many times the main thread showed its tree since the
        // observers were last told.
        hooks.withLock { hooks in
            for root in roots where !hooks.rootsToReport.contains(where: { $0 === root }) {
                hooks.rootsToReport.append(root)
            }
        }
    }

    /// Calls the commit observers, then the commit observer of each committed tree's render
    /// context, on the main thread.
    private static func notifyObservers(of roots: [CALayer]) {
        guard !roots.isEmpty, TransactionState.isMainThread else { return }
        let observers = hooks.withLock { $0.observers }
        // On the main thread (checked above), where the layers of these trees are used.
        nonisolated(unsafe) let roots = roots
        MainActor.assumeIsolated {
            for observer in observers {
                observer.body(roots)
            }
            for root in roots {
                root.renderContext?.commitObserver?()
            }
        }
    }

    /// Asks the main thread for a turn (a ``flush()``), to deliver what another thread left.
    static func wakeMainThread() {
        ImplicitCommitScheduling.wakeMainThread()
    }

    // MARK: - Values

    /// The duration of the implicit animations of this transaction. Default 0.25 s.
    open class func animationDuration() -> CFTimeInterval {
        switch value(forKey: kCATransactionAnimationDuration) {
        case let duration as CFTimeInterval: duration
        case let number as NSNumber: number.doubleValue
        case let duration as Float: CFTimeInterval(duration)
        case let duration as CGFloat: CFTimeInterval(duration)
        default: CAAnimation.defaultDuration
        }
    }

    /// Sets the duration of the implicit animations of this transaction (and the ones nested
    /// in it). A negative or non-finite duration is refused with a diagnostic.
    open class func setAnimationDuration(_ dur: CFTimeInterval) {
        guard dur.isFinite, dur >= 0 else {
            CALayer.diagnoseGlobally(.invalidValue, "CATransaction animation duration \(dur) is not a finite, non-negative number of seconds; it is ignored")
            return
        }
        setValue(dur, forKey: kCATransactionAnimationDuration)
    }

    /// The pacing of the implicit animations of this transaction. Default nil, which makes
    /// implicit animations use `CAMediaTimingFunction(name: .default)`.
    open class func animationTimingFunction() -> CAMediaTimingFunction? {
        value(forKey: kCATransactionAnimationTimingFunction) as? CAMediaTimingFunction
    }

    /// Sets the pacing of the implicit animations of this transaction.
    open class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
        setValue(function, forKey: kCATransactionAnimationTimingFunction)
    }

    /// Whether property changes in this transaction run no actions (no implicit
    /// animations). Default false.
    open class func disableActions() -> Bool {
        if let memo = TransactionState.withCurrent(\.disableActionsMemo) { return memo }
        let state = TransactionState.current
        let disabled: Bool
        switch value(forKey: kCATransactionDisableActions) {
        case let flag as Bool: disabled = flag
        case let number as NSNumber: disabled = number.boolValue
        default: disabled = false
        }
        state.disableActionsMemo = disabled
        return disabled
    }

    /// Turns actions (implicit animations) off or on for this transaction.
    open class func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run when the animations added in this transaction finish. Default nil.
    open class func completionBlock() -> (() -> Void)? {
        value(forKey: kCATransactionCompletionBlock) as? () -> Void
    }

    /// Sets the block that runs, on the main thread, once every animation added to a layer
    /// in this transaction (after this call, nested transactions included) has finished or
    /// been removed. If none was added by the time the transaction commits, it runs right
    /// after the commit. Setting another block arms the previous one in the same way.
    open class func setCompletionBlock(_ block: (() -> Void)?) {
        setValue(block, forKey: kCATransactionCompletionBlock)
    }

    /// The value of `key` in the innermost transaction that set it; for the
    /// `kCATransaction…` keys, their defaults when none did; else nil.
    open class func value(forKey key: String) -> Any? {
        for frame in TransactionState.current.frames.reversed() {
            if key == kCATransactionCompletionBlock {
                if let body = frame.completion?.body { return body }
                continue
            }
            if let value = frame.values[key] { return value is CAExplicitNil ? nil : value }
        }
        switch key {
        case kCATransactionAnimationDuration: return CAAnimation.defaultDuration
        case kCATransactionDisableActions: return false
        default: return nil
        }
    }

    /// Sets `key` to `anObject` in the current transaction (opening the implicit one if none
    /// is open). Nested transactions see it; it is dropped when this transaction commits.
    /// `nil` hides an outer transaction's value (the default applies).
    ///
    /// The `kCATransaction…` keys are checked: a value of the wrong type is refused with a
    /// diagnostic (Apple raises an exception or ignores it).
    open class func setValue(_ anObject: Any?, forKey key: String) {
        let state = TransactionState.current
        state.disableActionsMemo = nil
        switch key {
        case kCATransactionAnimationDuration:
            if let anObject, !(anObject is CFTimeInterval || anObject is NSNumber || anObject is Float || anObject is CGFloat) {
                return refuse(anObject, key, "a number of seconds")
            }
        case kCATransactionDisableActions:
            if let anObject, !(anObject is Bool || anObject is NSNumber) { return refuse(anObject, key, "a Bool") }
        case kCATransactionAnimationTimingFunction:
            if let anObject, !(anObject is CAMediaTimingFunction) { return refuse(anObject, key, "a CAMediaTimingFunction") }
        case kCATransactionCompletionBlock:
            let block: (() -> Void)?
            switch anObject {
            case nil: block = nil
            case let plain as () -> Void: block = plain
            // Completion blocks run on the main thread, so one isolated to it is welcome.
            case let isolated as @MainActor () -> Void: block = { MainActor.assumeIsolated { isolated() } }
            case let anObject?: return refuse(anObject, key, "a () -> Void block")
            }
            let frame = currentFrame(state)
            var due: [TransactionCompletion] = []
            if let previous = frame.completion, AnimationEngine.seal(previous) { due.append(previous) }
            frame.completion = block.map(TransactionCompletion.init)
            AnimationEngine.deliverCallbacks(runningAlso: due)
            return
        default:
            break
        }
        currentFrame(state).values[key] = anObject ?? CAExplicitNil()
    }

    private static func refuse(_ value: Any, _ key: String, _ expected: String) {
        CALayer.diagnoseGlobally(.typeMismatch, "CATransaction value for \(key) must be \(expected), not \(type(of: value)); it is ignored")
    }

    /// Acquires the transaction lock (recursive). Lamina's own state is guarded by locks
    /// of its own, so this only guards code of yours that shares state with transactions;
    /// balance every call with ``unlock()``. Callable from any thread, as Apple's is.
    open class func lock() {
        transactionLock.lock()
    }

    /// Releases the transaction lock taken with ``lock()`` (on the same thread).
    open class func unlock() {
        transactionLock.unlock()
    }

    // MARK: - Commit observers

    /// Lamina: registers `observer`, called after each commit with the root layers (model
    /// layers without a superlayer) of every tree that changed in the transaction.
    ///
    /// Hierarchy changes count: a removed layer's old tree and the removed layer (now a
    /// root) are both reported. Observers run on the main actor, after the presentation
    /// tree is updated, in registration order. Another thread's commit is reported at the
    /// main thread's next commit or ``flush()`` when it changed a displayed tree (one whose
    /// root has a ``CARenderContext``); trees no window shows are that thread's own
    /// business until it hands them over. Returns a token for ``removeCommitObserver(_:)``.
    @discardableResult
    public static func addCommitObserver(
        _ observer: @escaping @MainActor (_ changedRoots: [CALayer]) -> Void
    ) -> CommitObserverToken {
        hooks.withLock { hooks in
            hooks.nextObserverID += 1
            let token = CommitObserverToken(id: hooks.nextObserverID)
            hooks.observers.append((token, observer))
            return token
        }
    }

    /// Lamina: unregisters the commit observer `token` identifies; unknown tokens are ignored.
    public static func removeCommitObserver(_ token: CommitObserverToken) {
        hooks.withLock { $0.observers.removeAll { $0.token == token } }
    }

    // MARK: - Recording

    /// The innermost open transaction of `state`'s thread, opening the implicit one if
    /// none is open.
    ///
    /// On the main thread, a new implicit transaction is scheduled for commit: by the first
    /// change to each tree (`touching`), or, with no layer, at the end of the main queue's turn.
    @discardableResult
    private static func currentFrame(_ state: TransactionState, touching layer: CALayer? = nil) -> TransactionFrame {
        if let last = state.frames.last { return last }
        let frame = TransactionFrame(isImplicit: true)
        state.frames.append(frame)
        if !state.isCommitting && state.isMainThread {
            ImplicitCommitScheduling.mainThreadOpenedImplicitTransaction(of: state, touching: layer)
        }
        return frame
    }

    /// After `state` recorded a change to `layer`: opens the implicit transaction if none is
    /// open, and on the main thread has the implicit one scheduled by `layer`'s tree.
    @inline(__always)
    private static func openImplicitTransaction(_ state: TransactionState, touching layer: CALayer) {
        guard !state.isCommitting else { return }
        if state.frames.isEmpty { currentFrame(state, touching: layer) }
        if state.isMainThread, state.frames[0].isImplicit {
            ImplicitCommitScheduling.implicitTransaction(of: state, touched: layer)
        }
    }

    /// Makes `state`'s thread the owner of `layer` and of the layers below it that another
    /// thread owns: their pending layout and display, uncommitted animations and changes
    /// join `state`'s transaction, and their committed animations are advanced by it.
    private static func takeOver(_ layer: CALayer, into state: TransactionState) {
        var stack = [layer]
        while let layer = stack.popLast() {
            layer.ownerID = state.id
            layer.recorderID = state.id
            layer.isRecordedAsChanged = true
            state.changedLayers.append(layer)
            if layer.layoutIsNeeded { state.layersNeedingLayout.append(layer) }
            if layer.displayIsNeeded { state.layersNeedingDisplay.append(layer) }
            for attached in layer.attachedAnimations where AnimationEngine.adopt(attached, into: state) {
                state.uncommittedAnimations.append(attached)
            }
            if layer.isListedAsAnimated { CALayer.transferAnimated(layer, to: state.id) }
            for sublayer in layer.storedSublayers where sublayer.ownerID != 0 && sublayer.ownerID != state.id {
                stack.append(sublayer)
            }
            if let mask = layer.storedMask, mask.ownerID != 0, mask.ownerID != state.id {
                stack.append(mask)
            }
        }
    }

    /// Runs `body` with the calling thread's state, recording `layer` (taking it over if
    /// another thread owns it), under the tree lock: another thread may be taking the layer
    /// over, or committing.
    @inline(__always)
    private static func recording(_ layer: CALayer, _ body: (TransactionState) -> Void) {
        CALayer.treeLock.withLock { recordingHoldingTreeLock(layer, body) }
    }

    /// ``recording(_:_:)`` for a caller that holds the tree lock.
    @inline(__always)
    private static func recordingHoldingTreeLock(_ layer: CALayer, _ body: (TransactionState) -> Void) {
        TransactionState.withCurrent { state in
            if layer.recorderID != state.id {
                if layer.ownerID != state.id {
                    takeOver(layer, into: state)
                } else {
                    layer.recorderID = state.id
                    layer.isRecordedAsChanged = false
                }
            }
            body(state)
        }
    }

    /// Marks `layer` as needing layout, for the commit's layout pass.
    static func markNeedsLayout(_ layer: CALayer) {
        recording(layer) { state in
            guard !layer.layoutIsNeeded else { return }
            layer.layoutIsNeeded = true
            state.layersNeedingLayout.append(layer)
        }
    }

    /// Marks `layer` as needing display, for the commit's display pass.
    static func markNeedsDisplay(_ layer: CALayer) {
        recording(layer) { state in
            guard !layer.displayIsNeeded else { return }
            layer.displayIsNeeded = true
            state.layersNeedingDisplay.append(layer)
        }
    }

    /// The commit's layout pass: every marked layer lays out its sublayers, shallowest
    /// first (top down); layers marked meanwhile are laid out in the next round.
    private static func layoutMarkedLayers(_ state: TransactionState) {
        var rounds = 0
        while !state.layersNeedingLayout.isEmpty && rounds < 64 {
            for layer in takeMarked(\.layersNeedingLayout, of: state) {
                let needed = CALayer.treeLock.withLock {
                    defer { layer.layoutIsNeeded = false }
                    return layer.layoutIsNeeded
                }
                if needed { layer.layoutSublayers() }
            }
            rounds += 1
        }
    }

    /// The commit's display pass: every marked layer displays, shallowest first. A layer
    /// that its own display marks again (a `draw(in:)` that calls `setNeedsDisplay()`, or
    /// sets a property that does) displays once in this commit and again in the next, rather
    /// than over and over in this one: Apple documents that a marked layer is updated in the
    /// next cycle.
    private static func displayMarkedLayers(_ state: TransactionState) {
        var rounds = 0
        while !state.layersNeedingDisplay.isEmpty && rounds < 64 {
            var remarked: Set<ObjectIdentifier> = []
            for layer in takeMarked(\.layersNeedingDisplay, of: state) {
                layer.displayIfNeeded()
                if CALayer.treeLock.withLock({ layer.displayIsNeeded }) {
                    remarked.insert(ObjectIdentifier(layer))
                    state.layersMarkedByTheirOwnDisplay.append(layer)
                }
            }
            if !remarked.isEmpty {
                state.layersNeedingDisplay.removeAll { remarked.contains(ObjectIdentifier($0)) }
            }
            rounds += 1
        }
    }

    /// Takes the layers of one of `state`'s marked lists, leaving it empty: those `state`
    /// still records (another thread may have taken some over), shallowest first.
    private static func takeMarked(
        _ list: ReferenceWritableKeyPath<TransactionState, [CALayer]>, of state: TransactionState
    ) -> [CALayer] {
        let marked = CALayer.treeLock.withLock {
            state[keyPath: list].lazy.filter { $0.recorderID == state.id }
                .map { (depth: $0.depth, layer: $0) }.sorted { $0.depth < $1.depth }
        }
        state[keyPath: list] = []
        return marked.map(\.layer)
    }

    /// Records that `layer` changed, opening an implicit transaction if none is open.
    static func layerDidChange(_ layer: CALayer) {
        CALayer.treeLock.withLock { layerDidChangeHoldingTreeLock(layer) }
    }

    /// ``layerDidChange(_:)`` for a caller that holds the tree lock.
    static func layerDidChangeHoldingTreeLock(_ layer: CALayer) {
        recordingHoldingTreeLock(layer) { state in
            if !layer.isRecordedAsChanged {
                layer.isRecordedAsChanged = true
                state.changedLayers.append(layer)
            }
            openImplicitTransaction(state, touching: layer)
        }
    }

    /// Records an animation added now to `layer`: it starts when the calling thread's
    /// transaction commits.
    static func animationAdded(_ attached: AttachedAnimation, to layer: CALayer) {
        recording(layer) { state in
            attached.recorderID = state.id
            state.uncommittedAnimations.append(attached)
            openImplicitTransaction(state, touching: layer)
        }
    }

    /// The completion blocks an animation added now waits for: the current one of every
    /// open transaction of the calling thread.
    static func completionsForNewAnimation() -> [TransactionCompletion] {
        TransactionState.current.frames.compactMap(\.completion)
    }

    /// Arms `frame`'s completion block; returns it if it is due at once.
    private static func seal(_ frame: TransactionFrame) -> [TransactionCompletion] {
        guard let completion = frame.completion else { return [] }
        return AnimationEngine.seal(completion) ? [completion] : []
    }

    /// The roots of the trees of `layers`, each once, in first-seen order.
    private static func roots(of layers: [CALayer]) -> [CALayer] {
        var roots: [CALayer] = []
        // Siblings share a root: a layer whose parent is the last one's adds nothing.
        var lastParent: CALayer?
        for layer in layers {
            let root: CALayer
            if let parent = layer.geometricParent {
                if parent === lastParent { continue }
                lastParent = parent
                root = parent.rootLayer
            } else {
                root = layer
            }
            // Few trees change at once: a list beats a set.
            var known = false
            for existing in roots where existing === root {
                known = true
                break
            }
            if !known { roots.append(root) }
        }
        return roots
    }

    /// The commit: layout pass, display pass, animations, then the presentation trees and
    /// observers. Closes the implicit transaction; returns its completion block if due.
    ///
    /// The passes run on every changed tree: ``CALayer/layoutIfNeeded()`` top down, then
    /// ``CALayer/displayIfNeeded()`` top down. Changes the passes make (a layout setting
    /// frames, a display setting contents) belong to this commit; a tree they touch for the
    /// first time gets its passes too (up to a bound, so a layout that keeps invalidating
    /// itself cannot loop forever).
    private static func commitRecordedChanges(_ state: TransactionState) -> [TransactionCompletion] {
        guard !state.isCommitting else { return [] }
        state.isCommitting = true
        state.commitBeginTime = CACurrentMediaTime()
        var changed = takeChangedLayers(state)
        var rounds = 0
        // The passes touch only marked layers; changes they make belong to this commit, and
        // may mark more layers (bounded, so a layout that keeps invalidating itself ends).
        if !(state.layersNeedingLayout.isEmpty && state.layersNeedingDisplay.isEmpty) {
            var changedIDs = Set(changed.map(ObjectIdentifier.init))
            while rounds < 8 && !(state.layersNeedingLayout.isEmpty && state.layersNeedingDisplay.isEmpty) {
                layoutMarkedLayers(state)
                displayMarkedLayers(state)
                for layer in takeChangedLayers(state) where changedIDs.insert(ObjectIdentifier(layer)).inserted {
                    changed.append(layer)
                }
                rounds += 1
            }
        }
        // Layers that marked themselves while displaying display with the next commit, which
        // this one does not schedule: a layer that marks itself every time would keep the
        // thread committing.
        state.layersNeedingDisplay += state.layersMarkedByTheirOwnDisplay
        state.layersMarkedByTheirOwnDisplay = []
        var due: [TransactionCompletion] = []
        if let implicit = state.frames.first, implicit.isImplicit, state.explicitDepth == 0 {
            state.frames.removeFirst()
            due = seal(implicit)
        }
        state.isCommitting = false
        let added = state.uncommittedAnimations
        state.uncommittedAnimations = []
        // Roots of displayed trees this commit left work in for the main thread.
        var leftForMainThread: [CALayer] = []
        let roots = CALayer.treeLock.withLock { () -> [CALayer] in
            // Layers left marked (a layout that kept invalidating itself) stay recorded.
            for layer in changed where !layer.layoutIsNeeded && !layer.displayIsNeeded && layer.recorderID == state.id {
                layer.recorderID = 0
            }
            leftForMainThread = AnimationEngine.commitAddedAnimations(added, recordedBy: state)
            guard !changed.isEmpty else { return [] }
            // The main thread alone writes the presentation layers of displayed trees (it
            // evaluates, snapshots and hit-tests them without waiting for anyone): another
            // thread's commit touching one leaves the whole commit's presentation to it.
            if !state.isMainThread, changed.contains(where: \.isShownByTheMainThread) {
                for layer in changed { layer.awaitsMainThreadCommit = true }
                hooks.withLock { hooks in
                    hooks.changedForMainThread += changed
                    hasChangesForMainThread.store(true, ordering: .releasing)
                }
                for root in Self.roots(of: changed) where !leftForMainThread.contains(where: { $0 === root }) {
                    leftForMainThread.append(root)
                }
                return []
            }
            CALayer.commitPresentation(of: changed)
            CALayer.bumpPresentationGeneration()
            return Self.roots(of: changed)
        }
        if !leftForMainThread.isEmpty { ImplicitCommitScheduling.wakeMainThread(for: leftForMainThread) }
        notifyObservers(of: roots)
        return due
    }

    /// Takes the layers `state` recorded so far, leaving the record empty.
    private static func takeChangedLayers(_ state: TransactionState) -> [CALayer] {
        var layers = state.changedLayers
        state.changedLayers = []
        CALayer.treeLock.withLock {
            // Another thread may have taken some over (rare: a copy only then).
            if layers.contains(where: { $0.recorderID != state.id }) {
                layers.removeAll { $0.recorderID != state.id }
            }
            for layer in layers { layer.isRecordedAsChanged = false }
        }
        return layers
    }
}
