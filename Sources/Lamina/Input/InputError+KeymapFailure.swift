internal import Wayland

extension InputError {
    /// Why a keymap a seat's compositor sent could not be used (reported as
    /// ``InputError/keymap(_:seat:)``). The seat keeps translating keys with the keymap it had
    /// before, if any; the descriptor the compositor sent is closed either way.
    public enum KeymapFailure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The keymap's format is not `xkb_v1`; the value is the format sent (`no_keymap` is 0,
        /// `xkb_v1` is 1).
        case unsupportedFormat(UInt32)
        /// The announced size is 0.
        case emptySize
        /// The announced size is above `limit` bytes, the most Lamina maps.
        case tooLarge(size: UInt32, limit: Int)
        /// The announced size is larger than the file behind the descriptor (reading it would
        /// fault), which holds `fileSize` bytes.
        case sizeExceedsFile(size: UInt32, fileSize: Int)
        /// The descriptor is not a regular file (a pipe, socket or device): it cannot be mapped.
        case notARegularFile
        /// A system call on the descriptor failed: `operation` names it, `errno` is its error
        /// number.
        case system(operation: String, errno: Int32)
        /// xkbcommon could not compile the text: `size` bytes, starting with `prefix`
        /// (printable characters only).
        case notAKeymap(size: Int, prefix: String)
        /// xkbcommon could not create its context (out of memory).
        case xkbUnavailable

        /// What was wrong, in one sentence.
        public var description: String { KeymapError(self).description }
    }
}
