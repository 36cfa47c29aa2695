internal import Wayland

// The keyboard's failures as Lamina reports them: `InputError.KeymapFailure` names what
// Wayland's `KeymapError` does, case for case, so the public API does not expose the
// Wayland module's type.
extension InputError.KeymapFailure {
    /// The failure an app sees for a keymap the keyboard refused.
    init(_ error: KeymapError) {
        switch error {
        case .unsupportedFormat(let format): self = .unsupportedFormat(format)
        case .emptySize: self = .emptySize
        case .tooLarge(let size, let limit): self = .tooLarge(size: size, limit: limit)
        case .sizeExceedsFile(let size, let fileSize): self = .sizeExceedsFile(size: size, fileSize: fileSize)
        case .notARegularFile: self = .notARegularFile
        case .system(let operation, let code): self = .system(operation: operation, errno: code)
        case .notAKeymap(let size, let prefix): self = .notAKeymap(size: size, prefix: prefix)
        case .xkbUnavailable: self = .xkbUnavailable
        }
    }
}

extension KeymapError {
    /// The keyboard's error a Lamina failure stands for: its description is the one sentence
    /// both say, written once (in the Wayland module).
    init(_ failure: InputError.KeymapFailure) {
        switch failure {
        case .unsupportedFormat(let format): self = .unsupportedFormat(format)
        case .emptySize: self = .emptySize
        case .tooLarge(let size, let limit): self = .tooLarge(size: size, limit: limit)
        case .sizeExceedsFile(let size, let fileSize): self = .sizeExceedsFile(size: size, fileSize: fileSize)
        case .notARegularFile: self = .notARegularFile
        case .system(let operation, let code): self = .system(operation: operation, errno: code)
        case .notAKeymap(let size, let prefix): self = .notAKeymap(size: size, prefix: prefix)
        case .xkbUnavailable: self = .xkbUnavailable
        }
    }
}
