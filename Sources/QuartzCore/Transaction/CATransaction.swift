/// Groups layer changes so they commit together; commits update the presentation tree
/// and notify the render side.
///
/// Skeleton of Apple's `CATransaction` (animation duration, completion blocks and
/// action disabling come later). Every layer property change is recorded in the current
/// transaction. With no transaction open, the first change opens an *implicit* one and
/// calls ``implicitCommitScheduler`` once; the implicit transaction commits on
/// ``flush()``. Explicit transactions nest; the outermost ``commit()`` commits everything
/// recorded so far (implicit changes included). A commit runs the layout pass
/// (``CALayer/layoutIfNeeded()``) and then the display pass (``CALayer/displayIfNeeded()``)
/// on every changed tree, copies model values into the persistent presentation layers of
/// those trees, then calls the commit observers.
@MainActor
open class CATransaction {
    /// Lamina: called once each time an implicit transaction opens; `nil` by default.
    ///
    /// The window's main loop sets it to arrange a call to ``flush()`` at the end of the
    /// current turn of the loop, before it sleeps. Without a scheduler, nothing commits
    /// until ``flush()`` or ``commit()`` is called.
    public static var implicitCommitScheduler: (@MainActor () -> Void)?

    /// Lamina: identifies a commit observer, for ``removeCommitObserver(_:)``.
    public struct CommitObserverToken: Hashable, Sendable {
        let id: UInt64
    }

    private static var explicitDepth = 0
    private static var implicitTransactionIsOpen = false
    private static var changedLayers: [CALayer] = []
    private static var changedLayerIDs: Set<ObjectIdentifier> = []
    private static var observers: [(token: CommitObserverToken, body: @MainActor ([CALayer]) -> Void)] = []
    private static var nextObserverID: UInt64 = 0

    /// Creates a transaction object (unused: Apple's API is all class methods).
    public init() {}

    /// Begins an explicit transaction, nested in any open one.
    open class func begin() {
        explicitDepth += 1
    }

    /// Ends the current explicit transaction; the outermost one commits every recorded
    /// change. An unbalanced call (no explicit transaction open) is ignored.
    open class func commit() {
        guard explicitDepth > 0 else { return }
        explicitDepth -= 1
        if explicitDepth == 0 {
            commitRecordedChanges()
        }
    }

    /// Commits the implicit transaction, if one is open.
    ///
    /// While an explicit transaction is open this does nothing: its outermost ``commit()``
    /// commits the changes.
    open class func flush() {
        guard explicitDepth == 0 else { return }
        commitRecordedChanges()
    }

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

    /// Records that `layer` changed, opening an implicit transaction if none is open.
    static func layerDidChange(_ layer: CALayer) {
        if changedLayerIDs.insert(ObjectIdentifier(layer)).inserted {
            changedLayers.append(layer)
        }
        if explicitDepth == 0 && !implicitTransactionIsOpen && !isCommitting {
            implicitTransactionIsOpen = true
            implicitCommitScheduler?()
        }
    }

    /// Whether a commit's layout and display passes are running (changes they make are
    /// part of that commit).
    private static var isCommitting = false

    /// The roots of the trees of `layers`, each once, in first-seen order.
    private static func roots(of layers: [CALayer], excluding seen: inout Set<ObjectIdentifier>) -> [CALayer] {
        var roots: [CALayer] = []
        for layer in layers {
            let root = layer.rootLayer
            if seen.insert(ObjectIdentifier(root)).inserted {
                roots.append(root)
            }
        }
        return roots
    }

    /// The commit: layout pass, display pass, then the presentation trees and observers.
    ///
    /// The passes run on every changed tree: ``CALayer/layoutIfNeeded()`` top down, then
    /// ``CALayer/displayIfNeeded()`` top down. Changes the passes make (a layout setting
    /// frames, a display setting contents) belong to this commit; a tree they touch for the
    /// first time gets its passes too (up to a bound, so a layout that keeps invalidating
    /// itself cannot loop forever).
    private static func commitRecordedChanges() {
        guard !isCommitting else { return }
        isCommitting = true
        var seen = Set<ObjectIdentifier>()
        var roots: [CALayer] = []
        var pending = takeChangedLayers()
        var rounds = 0
        while !pending.isEmpty && rounds < 8 {
            var seenThisRound = Set<ObjectIdentifier>()
            let touched = Self.roots(of: pending, excluding: &seenThisRound)
            for root in touched where seen.insert(ObjectIdentifier(root)).inserted {
                roots.append(root)
            }
            for root in touched {
                root.layoutTreeIfNeeded()
            }
            for root in touched {
                root.displayTreeIfNeeded()
            }
            pending = takeChangedLayers()
            rounds += 1
        }
        for root in Self.roots(of: pending, excluding: &seen) {
            roots.append(root)
        }
        isCommitting = false
        implicitTransactionIsOpen = false
        guard !roots.isEmpty else { return }
        for root in roots {
            root.commitPresentationTree()
        }
        for observer in observers {
            observer.body(roots)
        }
    }

    /// Takes the layers recorded so far, leaving the record empty.
    private static func takeChangedLayers() -> [CALayer] {
        let layers = changedLayers
        changedLayers = []
        changedLayerIDs = []
        return layers
    }
}
