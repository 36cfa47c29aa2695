import Glibc

/// Why a keymap the compositor sent could not be used. The keyboard keeps the keymap it had
/// before (if any); the descriptor the compositor sent is closed either way.
public enum KeymapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format is not `xkb_v1` (`no_keymap` is 0, `xkb_v1` is 1).
    case unsupportedFormat(UInt32)
    /// The announced size is 0.
    case emptySize
    /// The announced size is above `limit` bytes.
    case tooLarge(size: UInt32, limit: Int)
    /// The announced size is larger than the file behind the descriptor: reading it would fault.
    case sizeExceedsFile(size: UInt32, fileSize: Int)
    /// The descriptor is not a regular file (a pipe, socket or device): it cannot be mapped.
    case notARegularFile
    /// A system call on the descriptor failed (`operation` names it).
    case system(operation: String, errno: Int32)
    /// xkbcommon could not compile the text; `prefix` is its start, printable characters only.
    case notAKeymap(size: Int, prefix: String)
    /// xkbcommon could not create its context (out of memory).
    case xkbUnavailable

    /// What was wrong, in one sentence.
    public var description: String {
        switch self {
        case .unsupportedFormat(let format):
            return "the compositor sent a keymap in format \(format); only xkb_v1 (1) is understood, so keys cannot be translated"
        case .emptySize:
            return "the compositor sent a keymap of size 0"
        case .tooLarge(let size, let limit):
            return "the compositor sent a keymap of \(size) bytes, more than the \(limit) bytes accepted"
        case .sizeExceedsFile(let size, let fileSize):
            return "the compositor announced a keymap of \(size) bytes but its file holds only \(fileSize)"
        case .notARegularFile:
            return "the compositor sent a keymap descriptor that is not a regular file (a pipe, socket or device), so it cannot be mapped"
        case .system(let operation, let code):
            return "cannot read the compositor's keymap: \(operation) failed: \(String(cString: strerror(code)))"
        case .notAKeymap(let size, let prefix):
            return "the compositor's keymap (\(size) bytes, starting \"\(prefix)\") is not an XKB keymap xkbcommon can compile"
        case .xkbUnavailable:
            return "xkbcommon could not create a context (out of memory?)"
        }
    }
}

extension KeymapError {
    /// A failed system call on the keymap's descriptor as ``system(operation:errno:)``.
    package init(_ failure: SystemCallError) {
        self = .system(operation: failure.operation, errno: failure.code)
    }
}
