/// A source of bytes for creating images, as Apple's `CGDataProvider`. Immutable and
/// thread-safe.
///
/// Apple's provider takes a `CFData`; on Linux Lamina takes Foundation's `Data`.
public final class CGDataProvider: Sendable {
    /// The bytes (Apple's `data` is a `CFData?`; Lamina's is `Data?`, never `nil`).
    public let data: Data?

    /// Creates a provider reading from `data` (copied on write, as `Data` always is).
    /// Never fails in Lamina; failable to match Apple's signature.
    public init?(data: Data) {
        self.data = data
    }

    /// Creates a provider with the contents of the file at `url`, or `nil` when the file
    /// cannot be read.
    public convenience init?(url: URL) {
        guard let contents = try? Data(contentsOf: url) else { return nil }
        self.init(data: contents)
    }
}
