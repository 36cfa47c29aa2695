/// Lamina: why an image could not be created, decoded or encoded.
public struct CGImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Hashable, Sendable {
        /// Width or height is zero, negative or larger than ``CGImage/maximumDimension``.
        case invalidDimensions
        /// `bytesPerRow` is smaller than `width × 4` or too large.
        case invalidBytesPerRow
        /// Fewer bytes were supplied than the dimensions need.
        case dataTooSmall
        /// A size computation overflowed.
        case sizeOverflow
        /// The memory for the pixels could not be had.
        case outOfMemory
    }

    /// The kind of failure.
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
