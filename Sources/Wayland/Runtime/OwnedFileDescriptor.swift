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
