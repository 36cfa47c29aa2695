import Foundation

/// The tasks waiting for a window to settle (``Window/settled(where:)``): each with its
/// continuation and the condition it waits for besides. A task may be cancelled on any
/// thread, so the list is behind a lock; conditions are only called on the main actor.
final class SettleWaiters: @unchecked Sendable {
    private struct Waiter {
        var continuation: CheckedContinuation<Void, any Error>
        var condition: @MainActor (Window) -> Bool
    }

    /// What became of a waiter's number before its continuation was added.
    private enum Slot {
        case reserved
        case cancelled
        case waiting(Waiter)
    }

    // Every field is read and written with `lock` held.
    private let lock = NSLock()
    private var slots: [UInt64: Slot] = [:]
    private var nextID: UInt64 = 0

    /// Whether a task waits.
    var isEmpty: Bool { lock.withLock { slots.isEmpty } }

    /// A number for a waiter about to be added (a cancellation may come before it is).
    func reserve() -> UInt64 {
        lock.withLock {
            nextID += 1
            slots[nextID] = .reserved
            return nextID
        }
    }

    /// Adds the waiter reserved as `id`, or resumes it with `CancellationError` at once when
    /// its task was cancelled meanwhile.
    func add(_ id: UInt64, _ continuation: CheckedContinuation<Void, any Error>, condition: @escaping @MainActor (Window) -> Bool) {
        let cancelled: Bool = lock.withLock {
            guard case .reserved = slots[id] else {
                slots[id] = nil
                return true
            }
            slots[id] = .waiting(Waiter(continuation: continuation, condition: condition))
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
    }

    /// The task waiting as `id` was cancelled: it resumes with `CancellationError`.
    func cancel(_ id: UInt64) {
        let waiter: Waiter? = lock.withLock {
            switch slots[id] {
            case .reserved:
                slots[id] = .cancelled
                return nil
            case .waiting(let waiter):
                slots[id] = nil
                return waiter
            case .cancelled, nil:
                return nil
            }
        }
        waiter?.continuation.resume(throwing: CancellationError())
    }

    /// Resumes the waiters whose condition holds for the settled `window`.
    @MainActor
    func resume(settled window: Window) {
        let waiting: [(UInt64, Waiter)] = lock.withLock {
            slots.compactMap { id, slot in
                guard case .waiting(let waiter) = slot else { return nil }
                return (id, waiter)
            }
        }
        // Conditions run without the lock: they may read anything of the window.
        let due = waiting.filter { $0.1.condition(window) }.map(\.0)
        let resumed: [Waiter] = lock.withLock {
            due.compactMap { id in
                guard case .waiting(let waiter) = slots[id] else { return nil }
                slots[id] = nil
                return waiter
            }
        }
        for waiter in resumed { waiter.continuation.resume() }
    }

    /// Resumes every waiter with `error` (the window closed).
    func fail(with error: any Error) {
        let waiters: [Waiter] = lock.withLock {
            let waiting = slots.values.compactMap { slot -> Waiter? in
                guard case .waiting(let waiter) = slot else { return nil }
                return waiter
            }
            slots = slots.filter { if case .waiting = $0.value { return false } else { return true } }
            return waiting
        }
        for waiter in waiters { waiter.continuation.resume(throwing: error) }
    }
}
