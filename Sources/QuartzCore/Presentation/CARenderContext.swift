/// Lamina: connects a layer tree to a display, the role Apple's window server plays.
///
/// A tree whose root layer has a context is *displayed*: changing an animatable property of
/// one of its (committed) layers runs the property's action, normally an implicit animation,
/// as on Apple platforms; layers outside displayed trees change without animating. The
/// host (the `Lamina` window, or your own renderer) calls ``advanceAnimations(to:)`` before
/// drawing each frame, which tells animation delegates that animations started or stopped,
/// removes finished animations and runs `CATransaction` completion blocks; and it keeps
/// drawing frames while ``hasRunningAnimations`` is true.
///
/// The layer keeps a weak reference to its context: keep the context alive as long as the
/// tree is displayed, and call ``invalidate()`` (or drop it) to stop. Use a context on the
/// thread that owns its tree (the main thread for a `Lamina` window).
public final class CARenderContext {
    /// The root of the displayed tree.
    public let rootLayer: CALayer

    /// Makes `rootLayer`'s tree displayed. A layer that already has a context is moved to
    /// this one (the old context stops displaying it).
    public init(rootLayer: CALayer) {
        self.rootLayer = rootLayer
        rootLayer.renderContext = self
    }

    /// Whether the tree is still displayed through this context.
    public var isValid: Bool { rootLayer.renderContext === self }

    /// Lamina: the scale of the display showing the tree, in device pixels per point. Layers
    /// whose ``CALayer/contentsScale`` was never set take it when they display (backing
    /// stores of ``CALayer/draw(in:)`` and the delegate's content are drawn at it), as layers
    /// in a window follow its backing scale on Apple platforms, and are displayed again when
    /// it changes. Default 1. Values that are not finite and positive are refused with a
    /// diagnostic.
    public var contentsScale: CGFloat = 1 {
        didSet {
            guard contentsScale.isFinite, contentsScale > 0 else {
                CALayer.diagnoseGlobally(.invalidValue, "a render context's contentsScale of \(contentsScale) is invalid: it must be finite and positive; the change is ignored")
                contentsScale = oldValue
                return
            }
            guard contentsScale != oldValue, isValid else { return }
            rootLayer.displayScaleDidChange()
        }
    }

    /// Lamina: called on the main thread after each commit that changed this context's tree
    /// — and only this tree: other trees' commits do not call it — once per commit; `nil` by
    /// default. Another thread's commit to the tree calls it at the main thread's next commit
    /// or ``CATransaction/flush()``, once the main thread shows it. A window sets it to draw
    /// a frame of what was committed.
    @MainActor public var commitObserver: (@MainActor () -> Void)?

    /// Lamina: arranges the commit of changes the main thread makes to this context's tree
    /// outside any explicit transaction; `nil` by default, which commits them at the end of
    /// the current turn of the main queue (`DispatchQueue.main`), as Apple's main run loop
    /// does. Called on any thread.
    ///
    /// Called once for each implicit transaction of the main thread that changes the tree —
    /// and only for this tree: changes to other trees call their own context's scheduler —
    /// and whenever another thread's commit leaves work in the tree for the main thread (its
    /// presentation to bring up to date). It must arrange a call to
    /// ``CATransaction/flush()`` on the main thread, and do nothing else there and then:
    /// it may be called while Lamina holds its locks, so it must not change layers or wait
    /// for another thread. A host whose frame loop flushes before drawing sets it to ask
    /// for a frame.
    public var implicitCommitScheduler: (@Sendable () -> Void)? {
        get { scheduler.withLock { $0 } }
        set { scheduler.withLock { $0 = newValue } }
    }
    private let scheduler = SharedState<(@Sendable () -> Void)?>(nil)

    /// Stops displaying the tree: its layers no longer run actions.
    public func invalidate() {
        if isValid { rootLayer.renderContext = nil }
    }

    /// Whether an animation in the tree is committed and not over (waiting for its begin
    /// time or running): the host should keep drawing frames.
    public var hasRunningAnimations: Bool {
        AnimationEngine.hasRunningAnimations(inTreeOf: rootLayer)
    }

    /// Moves the tree's animations to media time `time` (default: now): sends
    /// `animationDidStart(_:)` to those that began, `animationDidStop(_:finished: true)` to
    /// those that ended, removes ended ones whose `isRemovedOnCompletion` is true, then runs
    /// the transaction completion blocks that became due. Delegates run on the main actor,
    /// after the bookkeeping, each animation's start before its stop.
    ///
    /// - Returns: Whether the tree's animations changed (one was removed or replaced, also
    ///   by a delegate): a render server evaluating them needs a new ``makeRenderUpdate(at:)``.
    @discardableResult
    public func advanceAnimations(to time: CFTimeInterval = CACurrentMediaTime()) -> Bool {
        let before = CALayer.currentPresentationGeneration
        AnimationEngine.advance(to: time, inTreeOf: rootLayer)
        return CALayer.currentPresentationGeneration != before
    }

    /// Lamina: runs `body` with every ``CALayer/presentation()`` answering at media time
    /// `time` — the time of the frame being drawn or of the input event being handled —
    /// instead of the current time, so everything in it (hit testing, handlers reading
    /// presentation values) sees one evaluation, made once. Calls nest; the innermost wins.
    public func withPresentationTime<T>(_ time: CFTimeInterval, _ body: () throws -> T) rethrows -> T {
        let saved = CALayer.pinnedPresentationTime.value
        CALayer.pinnedPresentationTime.value = time
        defer { CALayer.pinnedPresentationTime.value = saved }
        return try body()
    }

    /// What the render server needs to draw the tree from now on (``CARenderUpdate``): its
    /// snapshot at media time `time` (default: now) and the animations the render server can
    /// evaluate itself at any later frame's time, so they keep their pace while the main
    /// thread is busy.
    public func makeRenderUpdate(at time: CFTimeInterval = CACurrentMediaTime()) -> CARenderUpdate {
        rootLayer.makeRenderUpdate(at: time)
    }

    /// A snapshot of the tree as it appears at media time `time` (default: now) for the
    /// compositor: the presentation tree with every animation applied.
    public func makeRenderTree(at time: CFTimeInterval = CACurrentMediaTime()) -> CARenderLayer {
        rootLayer.makeRenderTree(at: time)
    }
}
