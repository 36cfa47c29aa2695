import Glibc
import Synchronization

/// A system call that failed: which call (with what it was doing) and the `errno` it set.
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call and what it was for, e.g. "mmap of 4096 bytes".
    package var operation: String
    /// The `errno` the call set, read before anything else could change it.
    package var code: Int32

    package init(operation: String, code: Int32) {
        self.operation = operation
        self.code = code
    }

    /// Whether a signal interrupted the call (`EINTR`).
    package var isInterrupted: Bool { code == EINTR }

    /// "<operation> failed: <strerror(code)>".
    package var description: String {
        "\(operation) failed: \(String(cString: strerror(code)))"
    }
}

/// The one way Lamina calls into the C library: a call's failure is recognised by its return
/// value, `errno` is read immediately after it (before the operation's name is even built, so
/// nothing in between can change it), an interrupted call (`EINTR`) is repeated when the call
/// is restartable, and the failure is thrown as a ``SystemCallError`` naming the call.
package enum SystemCall {
    /// Runs a call that returns -1 and sets `errno` on failure, and returns its result.
    ///
    /// - Parameters:
    ///   - operation: The call and what it was for, evaluated only on failure.
    ///   - restartable: Whether an interrupted call is repeated (default). `close` must never
    ///     be (Linux releases the descriptor even when it reports `EINTR`); `poll` callers that
    ///     keep a deadline pass `false` and treat ``SystemCallError/isInterrupted`` as a wake-up.
    ///   - call: The call.
    @discardableResult
    package static func run<T: FixedWidthInteger & SignedInteger>(
        _ operation: @autoclosure () -> String, restartable: Bool = true, _ call: () -> T
    ) throws(SystemCallError) -> T {
        while true {
            let value = call()
            let code = errno
            if value != -1 { return value }
            if restartable && code == EINTR { continue }
            throw SystemCallError(operation: operation(), code: code)
        }
    }

    /// Runs a call that returns `MAP_FAILED` (or NULL) and sets `errno` on failure — `mmap` —
    /// and returns the pointer. Repeated when interrupted.
    package static func map(
        _ operation: @autoclosure () -> String, _ call: () -> UnsafeMutableRawPointer?
    ) throws(SystemCallError) -> UnsafeMutableRawPointer {
        while true {
            let pointer = call()
            let code = errno
            if let pointer, pointer != MAP_FAILED { return pointer }
            if code == EINTR { continue }
            throw SystemCallError(operation: operation(), code: code)
        }
    }

    /// Runs a call that returns a pointer, or NULL and sets `errno` on failure (`fopen`,
    /// `mkdtemp`); never repeated.
    package static func pointer<T>(
        _ operation: @autoclosure () -> String, _ call: () -> T?
    ) throws(SystemCallError) -> T {
        let value = call()
        let code = errno
        guard let value else { throw SystemCallError(operation: operation(), code: code) }
        return value
    }

    /// Unmaps a mapping Lamina made. `munmap` fails only for arguments Lamina never passes, so
    /// a failure is a bug: it is reported (address space leaks), never a trap.
    package static func unmap(_ base: UnsafeMutableRawPointer, size: Int) {
        do {
            try run("munmap of \(size) bytes") { munmap(base, size) }
        } catch {
            report(error)
        }
    }

    /// Reports a failure no caller can be told of (releasing a mapping or a descriptor): one
    /// line on standard error, `lamina: <call> failed: <reason>`.
    package static func report(_ error: SystemCallError) {
        reported.withLock { $0 = (count: $0.count + 1, last: error) }
        let message = "lamina: \(error)\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
    }

    /// How many failures were reported so far (for tests).
    package static var reportedFailureCount: Int { reported.withLock { $0.count } }
    /// The failure reported last (for tests).
    package static var lastReportedFailure: SystemCallError? { reported.withLock { $0.last } }
    private static let reported = Mutex<(count: Int, last: SystemCallError?)>((0, nil))
}
