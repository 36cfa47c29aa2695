import Foundation

/// Groups layer changes so they commit together, and carries the settings of the implicit
/// animations those changes start (Apple's `CATransaction`).
///
/// Every layer property change is recorded in the current transaction. With no transaction
/// open, the first change (or the first ``setValue(_:forKey:)``) opens an *implicit* one and
/// calls ``implicitCommitScheduler`` once; the implicit transaction commits on ``flush()``
/// (the `Lamina` window's main loop flushes at the end of each turn, before it sleeps).
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
@MainActor
open class CATransaction {
    /// Lamina: called once each time an implicit transaction opens; `nil` by default.
    ///
    /// The window's main loop sets it to arrange a call to ``flush()`` at the end of the
    /// current turn of the loop, before it sleeps. Without a scheduler, nothing commits
    /// until ``flush()`` or ``commit()`` is called.
    public static var implicitCommitScheduler: (@MainActor () -> Void)?

    /// Lamina: the media time (``CACurrentMediaTime()``) at which the latest commit began its
    /// layout and display passes; 0 before the first. Commit observers read it to learn how
    /// long the commit they hear of took (frame timings do).
    public private(set) static var commitBeginTime: CFTimeInterval = 0

    /// Lamina: identifies a commit observer, for ``removeCommitObserver(_:)``.
    public struct CommitObserverToken: Hashable, Sendable {
        let id: UInt64
    }

    /// The open transactions, outermost first (an implicit one, if open, is at the bottom).
    private static var frames: [TransactionFrame] = [] {
        didSet { disableActionsMemo = nil }
    }
    /// ``disableActions()`` as last computed, until the transactions or their values change
    /// (asked on every property change of a displayed layer).
    private static var disableActionsMemo: Bool?
    /// The layers changed since the last commit, each once (``CALayer/isRecordedAsChanged``).
    private static var changedLayers: [CALayer] = []
    private static var observers: [(token: CommitObserverToken, body: @MainActor ([CALayer]) -> Void)] = []
    private static var nextObserverID: UInt64 = 0
    nonisolated private static let transactionLock = NSRecursiveLock()

    /// Creates a transaction object (unused: Apple's API is all class methods).
    public init() {}

    private static var explicitDepth: Int { frames.count { !$0.isImplicit } }

    // MARK: - Begin, commit, flush

    /// Begins an explicit transaction, nested in any open one.
    open class func begin() {
        frames.append(TransactionFrame(isImplicit: false))
    }

    /// Ends the current explicit transaction: its values are dropped (the enclosing
    /// transaction's apply again) and its completion block is armed. The outermost one
    /// commits every recorded change. An unbalanced call (no explicit transaction open) is
    /// ignored.
    open class func commit() {
        guard let last = frames.last, !last.isImplicit else { return }
        frames.removeLast()
        var due = seal(last)
        if explicitDepth == 0 {
            due += commitRecordedChanges()
        }
        AnimationEngine.deliverCallbacks(runningAlso: due)
    }

    /// Commits the implicit transaction, if one is open.
    ///
    /// While an explicit transaction is open this does nothing: its outermost ``commit()``
    /// commits the changes.
    open class func flush() {
        guard explicitDepth == 0 else { return }
        let due = commitRecordedChanges()
        AnimationEngine.deliverCallbacks(runningAlso: due)
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
        if let memo = disableActionsMemo { return memo }
        let disabled: Bool
        switch value(forKey: kCATransactionDisableActions) {
        case let flag as Bool: disabled = flag
        case let number as NSNumber: disabled = number.boolValue
        default: disabled = false
        }
        disableActionsMemo = disabled
        return disabled
    }

    /// Turns actions (implicit animations) off or on for this transaction.
    open class func setDisableActions(_ flag: Bool) {
        setValue(flag, forKey: kCATransactionDisableActions)
    }

    /// The block run when the animations added in this transaction finish. Default nil.
    open class func completionBlock() -> (@MainActor () -> Void)? {
        value(forKey: kCATransactionCompletionBlock) as? @MainActor () -> Void
    }

    /// Sets the block that runs, on the main actor, once every animation added to a layer
    /// in this transaction (after this call, nested transactions included) has finished or
    /// been removed. If none was added by the time the transaction commits, it runs right
    /// after the commit. Setting another block arms the previous one in the same way.
    open class func setCompletionBlock(_ block: (@MainActor () -> Void)?) {
        setValue(block, forKey: kCATransactionCompletionBlock)
    }

    /// The value of `key` in the innermost transaction that set it; for the
    /// `kCATransaction…` keys, their defaults when none did; else nil.
    open class func value(forKey key: String) -> Any? {
        for frame in frames.reversed() {
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
        disableActionsMemo = nil
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
            if let anObject, !(anObject is @MainActor () -> Void) { return refuse(anObject, key, "a () -> Void block") }
            let frame = currentFrame()
            var due: [TransactionCompletion] = []
            if let previous = frame.completion, previous.seal() { due.append(previous) }
            frame.completion = (anObject as? @MainActor () -> Void).map(TransactionCompletion.init)
            for completion in due { completion.run() }
            return
        default:
            break
        }
        currentFrame().values[key] = anObject ?? CAExplicitNil()
    }

    private static func refuse(_ value: Any, _ key: String, _ expected: String) {
        CALayer.diagnoseGlobally(.typeMismatch, "CATransaction value for \(key) must be \(expected), not \(type(of: value)); it is ignored")
    }

    /// Acquires the transaction lock (recursive). Lamina's layer tree lives on the main
    /// actor, so the lock only guards code of your own that shares state with the
    /// transaction; balance every call with ``unlock()``. Callable from any thread, as
    /// Apple's is.
    nonisolated open class func lock() {
        transactionLock.lock()
    }

    /// Releases the transaction lock taken with ``lock()`` (on the same thread).
    nonisolated open class func unlock() {
        transactionLock.unlock()
    }

    // MARK: - Commit observers

    /// Lamina: registers `observer`, called after each commit with the root layers (model
    /// layers without a superlayer) of every tree that changed in the transaction.
    ///
    /// Hierarchy changes count: a removed layer's old tree and the removed layer (now a
    /// root) are both reported. Observers run on the main actor, after the presentation
    /// tree is updated, in registration order. Returns a token for
    /// ``removeCommitObserver(_:)``.
    @discardableResult
    public static func addCommitObserver(
        _ observer: @escaping @MainActor (_ changedRoots: [CALayer]) -> Void
    ) -> CommitObserverToken {
        nextObserverID += 1
        let token = CommitObserverToken(id: nextObserverID)
        observers.append((token, observer))
        return token
    }

    /// Lamina: unregisters the commit observer `token` identifies; unknown tokens are ignored.
    public static func removeCommitObserver(_ token: CommitObserverToken) {
        observers.removeAll { $0.token == token }
    }

    // MARK: - Recording

    /// The innermost open transaction, opening the implicit one if none is open.
    private static func currentFrame() -> TransactionFrame {
        if let last = frames.last { return last }
        let frame = TransactionFrame(isImplicit: true)
        frames.append(frame)
        if !isCommitting { implicitCommitScheduler?() }
        return frame
    }

    /// Layers marked as needing layout or display, for the commit's passes (each once).
    private static var layersNeedingLayout: [CALayer] = []
    private static var layersNeedingDisplay: [CALayer] = []

    /// Records that `layer` was marked as needing layout.
    static func layerNeedsLayout(_ layer: CALayer) {
        layersNeedingLayout.append(layer)
    }

    /// Records that `layer` was marked as needing display.
    static func layerNeedsDisplay(_ layer: CALayer) {
        layersNeedingDisplay.append(layer)
    }

    /// The commit's layout pass: every marked layer lays out its sublayers, shallowest
    /// first (top down); layers marked meanwhile are laid out in the next round.
    private static func layoutMarkedLayers() {
        var rounds = 0
        while !layersNeedingLayout.isEmpty && rounds < 64 {
            let marked = layersNeedingLayout.map { (depth: $0.depth, layer: $0) }.sorted { $0.depth < $1.depth }
            layersNeedingLayout = []
            for entry in marked where entry.layer.layoutIsNeeded {
                entry.layer.layoutIsNeeded = false
                entry.layer.layoutSublayers()
            }
            rounds += 1
        }
    }

    /// The commit's display pass: every marked layer displays, shallowest first.
    private static func displayMarkedLayers() {
        var rounds = 0
        while !layersNeedingDisplay.isEmpty && rounds < 64 {
            let marked = layersNeedingDisplay.map { (depth: $0.depth, layer: $0) }.sorted { $0.depth < $1.depth }
            layersNeedingDisplay = []
            for entry in marked {
                entry.layer.displayIfNeeded()
            }
            rounds += 1
        }
    }

    /// Records that `layer` changed, opening an implicit transaction if none is open.
    static func layerDidChange(_ layer: CALayer) {
        if !layer.isRecordedAsChanged {
            layer.isRecordedAsChanged = true
            changedLayers.append(layer)
        }
        if frames.isEmpty && !isCommitting {
            _ = currentFrame()
        }
    }

    /// The completion blocks an animation added now waits for: the current one of every
    /// open transaction.
    static func completionsForNewAnimation() -> [TransactionCompletion] {
        frames.compactMap(\.completion)
    }

    /// Whether a commit's layout and display passes are running (changes they make are
    /// part of that commit).
    private static var isCommitting = false

    /// Arms `frame`'s completion block; returns it if it is due at once.
    private static func seal(_ frame: TransactionFrame) -> [TransactionCompletion] {
        guard let completion = frame.completion else { return [] }
        return completion.seal() ? [completion] : []
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
    private static func commitRecordedChanges() -> [TransactionCompletion] {
        guard !isCommitting else { return [] }
        isCommitting = true
        commitBeginTime = CACurrentMediaTime()
        var changed = takeChangedLayers()
        var rounds = 0
        // The passes touch only marked layers; changes they make belong to this commit, and
        // may mark more layers (bounded, so a layout that keeps invalidating itself ends).
        if !(layersNeedingLayout.isEmpty && layersNeedingDisplay.isEmpty) {
            var changedIDs = Set(changed.map(ObjectIdentifier.init))
            while rounds < 8 && !(layersNeedingLayout.isEmpty && layersNeedingDisplay.isEmpty) {
                layoutMarkedLayers()
                displayMarkedLayers()
                for layer in takeChangedLayers() where changedIDs.insert(ObjectIdentifier(layer)).inserted {
                    changed.append(layer)
                }
                rounds += 1
            }
        }
        var due: [TransactionCompletion] = []
        if let implicit = frames.first, implicit.isImplicit, explicitDepth == 0 {
            frames.removeFirst()
            due = seal(implicit)
        }
        isCommitting = false
        guard !changed.isEmpty else { return due }
        let roots = Self.roots(of: changed)
        AnimationEngine.commitAddedAnimations()
        CALayer.commitPresentation(of: changed)
        CALayer.presentationGeneration &+= 1
        for observer in observers {
            observer.body(roots)
        }
        return due
    }

    /// Takes the layers recorded so far, leaving the record empty.
    private static func takeChangedLayers() -> [CALayer] {
        let layers = changedLayers
        changedLayers = []
        for layer in layers { layer.isRecordedAsChanged = false }
        return layers
    }
}
