/// One `wl_buffer` of premultiplied ARGB8888 pixels in a `ShmBufferPool`.
///
/// While the compositor holds the buffer (from `attach` until `wl_buffer.release`) it must not
/// be written: `withPixels` throws then, so a frame can never tear a buffer on screen.
public final class ShmBuffer {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes per row (`width × 4`).
    public let stride: Int
    /// The protocol object.
    public let buffer: WlBuffer
    let offset: Int
    let capacity: Int
    /// True from `markAttached()` until the compositor releases it.
    public private(set) var isBusy = false
    /// Frames drawn since this buffer's content was last brought up to date; used for repair.
    public var age = 0
    /// Called when the compositor releases the buffer.
    var onRelease: (() -> Void)?
    private unowned let pool: ShmBufferPool
    /// The memfd and `wl_shm_pool` its pixels are in.
    let segment: ShmBufferPool.Segment

    init(
        pool: ShmBufferPool, segment: ShmBufferPool.Segment, buffer: WlBuffer, width: Int, height: Int, offset: Int,
        capacity: Int
    ) {
        self.pool = pool
        self.segment = segment
        self.buffer = buffer
        self.width = width
        self.height = height
        stride = width * 4
        self.offset = offset
        self.capacity = capacity
        buffer.onEvent = { [weak self] event in
            guard let self, case .release = event else { return }
            isBusy = false
            onRelease?()
            self.pool.bufferReleased()
        }
    }

    /// Gives the pixels for writing; throws while the compositor holds the buffer.
    public func withPixels<R>(_ body: (UnsafeMutableRawPointer) throws -> R) throws -> R {
        guard !isBusy else {
            throw WaylandError.invalidValue("the buffer is still held by the compositor; wait for its release")
        }
        return try body(segment.file.base + offset)
    }

    /// Records that the buffer was attached to a surface: not writable until released.
    public func markAttached() {
        isBusy = true
    }
}
