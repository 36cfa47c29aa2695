import Foundation

/// State every thread shares, behind a lock.
///
/// Holds Core Animation's process-wide records (running animations, commit observers,
/// caches keyed by layer class). Never call out to user code (delegates, blocks, layer
/// overrides) from inside ``withLock(_:)``: take what is needed, unlock, then call.
final class SharedState<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
