import Foundation
import Synchronization

/// Who arranges the commit of the main thread's implicit transaction, and who wakes the main
/// thread for what other threads' commits left it.
///
/// As on Apple platforms, where the thread's run loop commits its implicit transaction, the
/// main thread's implicit transaction commits at the end of the current turn of the main
/// queue (`DispatchQueue.main`): the first change asks for a ``CATransaction/flush()`` there.
/// A displayed tree whose ``CARenderContext`` has an
/// ``CARenderContext/implicitCommitScheduler`` arranges its own: the first change to that
/// tree in an implicit transaction calls that context's scheduler, once, and no other.
/// Changes to trees no context displays (or whose context has no scheduler), and
/// transaction values set with no layer changed, use the main queue's turn.
///
/// Only the main thread schedules: other threads have no loop, and commit explicitly.
enum ImplicitCommitScheduling {
    /// Whether a flush at the end of the main queue's turn is asked for and has not run yet
    /// (so a busy turn asks once).
    private static let mainTurnFlushPending = Atomic<Bool>(false)

    /// Asks for a ``CATransaction/flush()`` at the end of the main queue's current turn.
    /// Callable from any thread.
    static func flushAtEndOfMainTurn() {
        guard !mainTurnFlushPending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        DispatchQueue.main.async {
            mainTurnFlushPending.store(false, ordering: .releasing)
            MainActor.assumeIsolated { CATransaction.flush() }
        }
    }

    /// The main thread opened an implicit transaction: layers it reaches from now on are
    /// told apart from those the previous one reached. With no layer changed (a transaction
    /// value set on its own), the main queue's turn commits it.
    static func mainThreadOpenedImplicitTransaction(of state: TransactionState, touching layer: CALayer?) {
        state.implicitCommitSerial &+= 1
        if layer == nil { flushAtEndOfMainTurn() }
    }

    /// The main thread's implicit transaction (`state`'s) recorded a change to `layer` (under
    /// the tree lock): the first change to a tree asks that tree's context to schedule the
    /// commit, or the main queue's turn when it has no context or no scheduler. Each layer is
    /// walked up once per transaction: a walk stops at a layer an earlier one reached.
    @inline(__always)
    static func implicitTransaction(of state: TransactionState, touched layer: CALayer) {
        guard layer.implicitCommitStamp != state.implicitCommitSerial else { return }
        walkToContext(from: layer, serial: state.implicitCommitSerial)
    }

    /// Stamps `layer` and its ancestors with `serial` up to the root, or to a layer already
    /// stamped (whose tree was seen), and asks the root's context (or the main queue's turn).
    private static func walkToContext(from layer: CALayer, serial: UInt64) {
        var current = layer
        while true {
            if current.implicitCommitStamp == serial { return }
            current.implicitCommitStamp = serial
            guard let parent = current.geometricParent else { break }
            current = parent
        }
        if let scheduler = current.renderContext?.implicitCommitScheduler {
            scheduler()
        } else {
            flushAtEndOfMainTurn()
        }
    }

    /// Asks the main thread for a turn to show what another thread's commit changed in the
    /// trees of `roots` (each tree's context's scheduler, or the main queue's turn), or,
    /// with no roots, to deliver what it left (callbacks, completion blocks).
    static func wakeMainThread(for roots: [CALayer] = []) {
        let schedulers = CALayer.treeLock.withLock {
            roots.map { $0.renderContext?.implicitCommitScheduler }
        }
        var usesMainTurn = schedulers.isEmpty
        for scheduler in schedulers {
            if let scheduler { scheduler() } else { usesMainTurn = true }
        }
        if usesMainTurn { flushAtEndOfMainTurn() }
    }
}
