import Foundation

/// Counts calls made from any thread (for hooks typed `@Sendable`).
public final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    public init() {}

    /// Counts one call.
    public func increment() {
        lock.lock()
        calls += 1
        lock.unlock()
    }

    /// The calls counted so far.
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return calls
    }
}
