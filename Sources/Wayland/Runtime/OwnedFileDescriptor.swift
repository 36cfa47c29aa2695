import Glibc

/// A file descriptor this code owns: closed exactly once — by ``close()``, or when the value's
/// lifetime ends — and never after ownership was given away with ``release()``.
///
/// Every descriptor Lamina opens (memory files, pipe ends) or receives from the compositor (a
/// keymap's) is wrapped at once, so every path out of the code that holds it — success, a
/// thrown error, an early return — closes it. `close` is never repeated after `EINTR`: Linux
/// releases the descriptor even then, and a retry could close one another thread just opened.
package struct OwnedFileDescriptor: ~Copyable {
    /// The descriptor, valid while the value lives.
    package let rawValue: Int32

    /// Takes ownership of `rawValue` (a negative value owns nothing).
    package init(adopting rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Gives up ownership: the caller closes the descriptor from now on.
    package consuming func release() -> Int32 {
        let value = rawValue
        discard self
        return value
    }

    /// Closes the descriptor now; throws what `close` reported (the descriptor is released
    /// either way, so nothing is left to retry).
    package consuming func close() throws(SystemCallError) {
        let value = rawValue
        discard self
        guard value >= 0 else { return }
        try SystemCall.run("close", restartable: false) { Glibc.close(value) }
    }

    /// The file's status (`fstat`): its type and size, to check a descriptor from elsewhere.
    package func status() throws(SystemCallError) -> stat {
        var status = stat()
        let fd = rawValue
        try SystemCall.run("fstat") { fstat(fd, &status) }
        return status
    }

    deinit {
        guard rawValue >= 0 else { return }
        let fd = rawValue
        do {
            try SystemCall.run("close", restartable: false) { Glibc.close(fd) }
        } catch {
            // EINTR: released anyway. Anything else (EBADF: closed twice) is a bug to report.
            if !error.isInterrupted { SystemCall.report(error) }
        }
    }
}
