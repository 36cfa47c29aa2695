import Foundation

/// Keeps a recursive walk of a tree within a bounded part of each thread's stack, for walks
/// too tangled to unroll into a loop (the cairo rasteriser's groups, masks, replicas and
/// projections): every ``levelsPerStack`` levels, the walk goes on in a thread of its own
/// with a fresh stack while the calling thread waits for it, so a tree of any depth fits
/// in any thread's stack (each level costing one thread start every ``levelsPerStack``).
///
/// Only for walks that run no user code and keep no per-thread state: the levels past the
/// first ``levelsPerStack`` run on another thread (one at a time, in order, each finished
/// before the level above it goes on).
enum StackDepth {
    /// Levels of a walk run on one thread's stack before the walk moves to a fresh one.
    static let levelsPerStack = 128
    /// The stack size of the threads a deep walk continues in.
    static let freshStackSize = 16 << 20

    /// How many levels deep the calling thread is in walks through ``deeper(_:)``.
    private static let depth = ThreadLocal({ 0 })

    /// Runs `body` one level deeper in a walk: here, or on a fresh stack when this thread
    /// has gone ``levelsPerStack`` levels down.
    static func deeper<Result>(_ body: () -> Result) -> Result {
        let level = depth.box
        if level.value < levelsPerStack {
            level.value += 1
            defer { level.value -= 1 }
            return body()
        }
        return onFreshStack(body) ?? body()
    }

    /// Runs `body` on a thread of its own with a stack of ``freshStackSize`` and waits for it;
    /// `nil` if no thread could be started (the caller then goes on where it is).
    private static func onFreshStack<Result>(_ body: () -> Result) -> Result? {
        withoutActuallyEscaping(body) { body in
            let job = Job(body)
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            pthread_attr_setstacksize(&attributes, freshStackSize)
            var thread = pthread_t()
            let context = Unmanaged.passRetained(job as AnyObject).toOpaque()
            let status = pthread_create(&thread, &attributes, { context in
                guard let context else { return nil }
                let job = Unmanaged<AnyObject>.fromOpaque(context).takeRetainedValue()
                (job as? any StackDepthJob)?.run()
                return nil
            }, context)
            guard status == 0 else {
                Unmanaged<AnyObject>.fromOpaque(context).release()
                return nil
            }
            pthread_join(thread, nil)
            return job.result
        }
    }

    /// A walk's continuation, run once by the thread that owns the fresh stack while the
    /// thread that made it waits (so it is never used by two threads at once).
    private final class Job<Result>: StackDepthJob, @unchecked Sendable {
        private let body: () -> Result
        private(set) var result: Result?

        init(_ body: @escaping () -> Result) { self.body = body }

        func run() { result = body() }
    }
}

/// A continuation ``StackDepth`` runs on a fresh stack.
private protocol StackDepthJob: AnyObject {
    func run()
}
