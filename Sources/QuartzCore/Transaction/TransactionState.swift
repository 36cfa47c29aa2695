import Foundation
import Synchronization

/// One thread's transactions: what it has opened, set and recorded since its last commit.
///
/// As on Apple platforms, each thread has its own transaction stack; no thread sees another
/// one's values or commits another one's changes. A layer (or an attached animation) is
/// recorded by one thread at a time, the one whose ``id`` it carries: when another thread
/// changes it, that thread takes it over with its pending layout and display, so layers
/// built on one thread and handed to another are committed by the second.
final class TransactionState: ThreadExitObserving {
    /// Identifies this thread's state in the layers and animations it recorded; never 0
    /// (which means "recorded by no one") and never reused.
    let id: UInt64
    /// The open transactions, outermost first (an implicit one, if open, is at the bottom).
    var frames: [TransactionFrame] = [] {
        didSet { disableActionsMemo = nil }
    }
    /// `CATransaction.disableActions()` as last computed, until the transactions or their
    /// values change (asked on every property change of a displayed layer).
    var disableActionsMemo: Bool?
    /// The layers changed since the last commit, each once (`CALayer.isRecordedAsChanged`).
    var changedLayers: [CALayer] = []
    /// Layers marked as needing layout or display, for the commit's passes (each once).
    var layersNeedingLayout: [CALayer] = []
    var layersNeedingDisplay: [CALayer] = []
    /// Layers the running commit displayed that marked themselves again while displaying:
    /// they display in the next commit.
    var layersMarkedByTheirOwnDisplay: [CALayer] = []
    /// Animations added in the open transactions, not committed yet.
    var uncommittedAnimations: [AttachedAnimation] = []
    /// Whether a commit's layout and display passes are running (changes they make are
    /// part of that commit).
    var isCommitting = false
    /// On the main thread: identifies its current implicit transaction in the layers whose
    /// tree it asked to schedule the commit (`CALayer.implicitCommitStamp`); never 0 once one
    /// opened. Used under the tree lock.
    var implicitCommitSerial: UInt64 = 0
    /// The media time at which this thread's latest commit began; 0 before the first.
    var commitBeginTime: CFTimeInterval = 0
    /// Whether this is the main thread's state.
    let isMainThread: Bool

    private static let nextID = Atomic<UInt64>(1)

    private init(isMainThread: Bool) {
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        self.isMainThread = isMainThread
    }

    /// The main thread's state. Not thread-local: after `dispatchMain()` the main queue's
    /// blocks run on other threads, one at a time, and they are the main thread's work.
    private nonisolated(unsafe) static let main = TransactionState(isMainThread: true)

    /// Each thread's state; the main thread's is ``main`` (asked once per thread: whether
    /// a thread is the main one costs system calls).
    private static let slot = ThreadLocalObject { Thread.isMainThread ? main : TransactionState(isMainThread: false) }

    static var threadLocalKey: pthread_key_t { slot.pthreadKey }

    /// Marks the main queue, so its blocks are recognised on whichever thread runs them.
    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    /// Whether the caller runs as the main thread: on it, or in a block of the main queue.
    static var isMainThread: Bool { current.isMainThread }

    /// The calling thread's state (the main thread's for the main queue's blocks).
    static var current: TransactionState {
        withCurrent { $0 }
    }

    /// Runs `body` with the calling thread's state, without retaining it: for paths taken
    /// on every layer change.
    @inline(__always)
    static func withCurrent<Result>(_ body: (TransactionState) -> Result) -> Result {
        slot.withObject { state in
            if state.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != true { return body(state) }
            return body(main)
        }
    }

    /// The number of explicit transactions open.
    var explicitDepth: Int { frames.count { !$0.isImplicit } }

    /// A thread ending with transactions open: as on Apple platforms, they are not
    /// committed (the thread is being torn down: no layout, drawing, delegate or Dispatch
    /// call may run now). Nothing is lost: the layers keep their changes, pending layout,
    /// display and animations, and the next thread that changes them (adding one to a tree
    /// does) takes them over and commits them. Completion blocks are armed; they run on the
    /// main thread's next commit or frame once their animations are over.
    func threadWillExit() {
        // The main thread ends only in `dispatchMain()`, which goes on serving the main queue.
        guard !isMainThread else { return }
        for frame in frames {
            if let completion = frame.completion { AnimationEngine.sealAtThreadExit(completion) }
        }
        frames = []
    }

    /// The main thread's state's ``id``.
    static var mainThreadID: UInt64 { main.id }
}
