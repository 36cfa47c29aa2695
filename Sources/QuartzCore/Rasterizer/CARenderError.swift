/// Lamina: why the compositor refused its arguments.
public struct CARenderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of invalid argument.
    public enum Code: Hashable, Sendable {
        /// Width or height is not in `1...32767`.
        case invalidSize
        /// `bytesPerRow` is smaller than `width × 4`, not a multiple of 4, or too large.
        case invalidBytesPerRow
        /// The pixel pointer is not aligned to 4 bytes.
        case misalignedPixels
        /// The scale is not a finite positive number.
        case invalidScale
        /// `bytesPerRow × height` overflows.
        case sizeOverflow
        /// A renderer call came out of order (e.g. `render()` before `beginFrame(atTime:)`).
        case invalidState
    }

    /// The kind of invalid argument.
    public let code: Code
    /// What was wrong and what to do about it.
    public let message: String

    /// Creates an error with a code and an explanatory message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
