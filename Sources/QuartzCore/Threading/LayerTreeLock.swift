import Foundation

/// The lock that lets several threads use layer trees at once, as Apple's rules allow: a
/// thread changing layers in its own transaction, the main thread evaluating, snapshotting
/// and hit-testing a displayed tree, and any thread letting go of a layer.
///
/// Held briefly, around what two threads may reach at once: a layer's stored values, links
/// and recording when they change; a commit's bookkeeping; the main thread's evaluation and
/// snapshot of a displayed tree; a layer's `deinit` clearing the links to it. Recursive, so
/// a locked path may call another. Not held while delegates, actions, `layoutSublayers()`
/// or `draw(in:)` run (presentation layers drawn again for an animated key are drawn after
/// it), so a thread waiting for another there cannot deadlock on it. Still under it: a
/// subclass's `init(layer:)` making presentation copies during a commit (or a detached copy
/// for `presentation()` on another thread), `draw(in:)` of a replicator's time-shifted
/// instances, and the `deinit` of a layer whose last reference another thread drops while
/// a locked walk holds it.
///
/// One lock for all trees: uncontended it costs a few nanoseconds per change; trees changed
/// by several threads at the same moment take turns for those few nanoseconds.
final class LayerTreeLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

extension CALayer {
    /// The lock shared by every layer tree (see ``LayerTreeLock``).
    static let treeLock = LayerTreeLock()
}

/// A link to a layer that other objects share and follow under the tree lock (an animation's
/// layer, the registry of animated layers), cleared by the layer's `deinit` under that lock.
///
/// A link followed under the lock is to a layer whose memory is still there: if its last
/// reference went on another thread, its `deinit` waits for the lock before it clears the
/// link, and the layer is freed only after. What the link gives must be let go before the
/// lock is (a layer whose `deinit` has begun cannot be kept). No weak reference is involved:
/// one would give the layer a side table, which makes each of its retains and releases —
/// every frame, for an animated layer — several times slower.
final class LayerLink: @unchecked Sendable {
    // Read and written under the tree lock.
    private var target: Unmanaged<CALayer>?

    init(_ layer: CALayer) { target = .passUnretained(layer) }

    /// The layer; nil once it is gone. Read under the tree lock.
    var layer: CALayer? { target?.takeUnretainedValue() }

    /// Called by the layer's `deinit`, under the tree lock.
    func clear() { target = nil }
}
