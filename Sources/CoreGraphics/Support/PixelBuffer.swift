/// A block of raw bytes from `calloc`/`malloc`, freed when the buffer goes away.
///
/// Used for pixel storage instead of Swift arrays so that a huge but valid size fails
/// with `nil` when the memory cannot be had, instead of trapping.
package final class PixelBuffer: @unchecked Sendable {
    /// The first byte.
    package let base: UnsafeMutableRawPointer
    /// The number of bytes.
    package let count: Int

    /// Allocates `count` zeroed bytes, or returns `nil` when `count` is not positive or
    /// the memory cannot be had.
    package init?(zeroedByteCount count: Int) {
        guard count > 0, let base = calloc(count, 1) else { return nil }
        self.base = base
        self.count = count
    }

    /// Allocates `count` uninitialised bytes, or returns `nil` when `count` is not
    /// positive or the memory cannot be had.
    package init?(uninitializedByteCount count: Int) {
        guard count > 0, let base = malloc(count) else { return nil }
        self.base = base
        self.count = count
    }

    deinit {
        free(base)
    }

    /// The bytes, for reading.
    package var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }
}
