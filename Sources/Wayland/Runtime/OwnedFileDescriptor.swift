import Glibc

/// A file descriptor this code owns: closed exactly once, when the value's lifetime ends.
///
/// Descriptors received from the compositor (a keymap's) are wrapped at once, so every path
/// out of the code that handles them — success, a thrown error, an early return — closes them.
struct OwnedFileDescriptor: ~Copyable {
    /// The descriptor, valid while the value lives.
    let rawValue: Int32

    /// Takes ownership of `rawValue` (a negative value owns nothing).
    init(adopting rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Gives up ownership: the caller closes the descriptor from now on.
    consuming func release() -> Int32 {
        let value = rawValue
        discard self
        return value
    }

    deinit {
        if rawValue >= 0 { close(rawValue) }
    }
}

/// Runs a system call that returns -1 and sets `errno` on failure; retries on `EINTR` and
/// returns the result, or the `errno` of the failure.
func valueOrErrno<T: FixedWidthInteger>(_ call: () -> T) -> Result<T, Errno> {
    while true {
        let value = call()
        if value != -1 { return .success(value) }
        if errno != EINTR { return .failure(Errno(code: errno)) }
    }
}

/// An `errno` value as an error.
struct Errno: Error, Equatable {
    /// The code.
    var code: Int32
}
