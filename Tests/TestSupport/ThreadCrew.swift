import Foundation

/// Threads that run at the same time: each waits until all exist, then all go at once, so
/// their work overlaps for real instead of taking turns. Waited for by polling
/// (``isFinished``), so the main thread can keep working while they run, or with
/// ``waitUntilFinished(timeout:)``.
public final class ThreadCrew: @unchecked Sendable {
    private let started = DispatchGroup()
    private let finished = DispatchGroup()
    private let go = DispatchSemaphore(value: 0)
    private var count = 0

    public init() {}

    /// Adds a thread running `body`; it starts once ``start()`` is called.
    public func add(_ name: String, _ body: @escaping @Sendable () -> Void) {
        count += 1
        started.enter()
        finished.enter()
        let thread = Thread { [go, started, finished] in
            started.leave()
            go.wait()
            body()
            finished.leave()
        }
        thread.name = name
        thread.start()
    }

    /// Lets every thread go at once.
    public func start() {
        started.wait()
        for _ in 0..<count { go.signal() }
    }

    /// Whether every thread has returned from its body.
    public var isFinished: Bool { finished.wait(timeout: .now()) == .success }

    /// Blocks until every thread has returned from its body, or `timeout` seconds passed;
    /// returns whether they all did.
    public func waitUntilFinished(timeout: TimeInterval = 60) -> Bool {
        finished.wait(timeout: .now() + timeout) == .success
    }
}

/// The seed of a threading test: `LAMINA_STRESS_SEED` added to the test's own when it is
/// set (to vary or replay a run), else the test's own.
public func stressSeed(_ own: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["LAMINA_STRESS_SEED"].flatMap { UInt64($0) }.map { $0 &+ own } ?? own
}

/// Something each thread writes while it runs and the test reads once they have ended.
public final class ThreadOutcomes<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value]

    /// One slot per thread, each `initial`.
    public init(count: Int, initial: Value) { values = Array(repeating: initial, count: count) }

    /// Sets thread `index`'s value.
    public func set(_ index: Int, _ value: Value) { lock.withLock { values[index] = value } }

    /// Every thread's value, in thread order.
    public var all: [Value] { lock.withLock { values } }
}
