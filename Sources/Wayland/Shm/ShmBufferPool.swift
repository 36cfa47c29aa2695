/// Shared-memory buffers for one surface: one memfd-backed `wl_shm_pool`, grown as needed,
/// with buffers reused once the compositor releases them.
public final class ShmBufferPool {
    /// The largest side a buffer may have; bigger sizes (e.g. from a misbehaving compositor)
    /// are refused with an error rather than allocating gigabytes.
    public static let maximumDimension = 16_384

    let file: SharedMemoryFile
    private let pool: WlShmPool
    private var buffers: [ShmBuffer] = []
    private var retired: [ShmBuffer] = []
    private var freeSlots: [(offset: Int, capacity: Int)] = []
    private var end = 0
    /// Called whenever the compositor releases one of the pool's buffers: a frame that found
    /// no free buffer can be drawn now.
    public var onBufferReleased: (() -> Void)?

    /// Creates the memfd-backed pool; `initialSize` bytes (default 4 MiB) grow as buffers need.
    public init(shm: WlShm, initialSize: Int = 4 * 1024 * 1024) throws(WaylandError) {
        file = try SharedMemoryFile(name: "lamina-shm", size: initialSize)
        pool = try shm.createPool(fd: file.descriptor, size: Int32(initialSize))
    }

    /// The size in bytes of a `width × height` ARGB8888 buffer, or an error for sizes that are
    /// zero, negative, too large, or overflow.
    public static func byteCount(width: Int, height: Int) throws(WaylandError) -> Int {
        guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension else {
            throw .invalidValue("a buffer of \(width)×\(height) pixels is not possible: each side must be 1...\(maximumDimension)")
        }
        return width * height * 4
    }

    /// A buffer of this size the compositor does not hold, creating one when needed. Buffers
    /// of other sizes are destroyed once released. Returns nil when all buffers of the size are
    /// busy and `maximumBuffers` exist: wait for a release.
    public func freeBuffer(width: Int, height: Int, maximumBuffers: Int = 3) throws(WaylandError) -> ShmBuffer? {
        let bytes = try Self.byteCount(width: width, height: height)
        for buffer in buffers where buffer.width != width || buffer.height != height {
            retire(buffer)
        }
        buffers.removeAll { $0.width != width || $0.height != height }
        collectRetired()
        if let free = buffers.first(where: { !$0.isBusy }) { return free }
        guard buffers.count < maximumBuffers else { return nil }
        let offset = try reserve(bytes)
        let wlBuffer = try pool.createBuffer(
            offset: Int32(offset.offset), width: Int32(width), height: Int32(height),
            stride: Int32(width * 4), format: .argb8888)
        let buffer = ShmBuffer(pool: self, buffer: wlBuffer, width: width, height: height, offset: offset.offset, capacity: offset.capacity)
        buffers.append(buffer)
        return buffer
    }

    /// Every live buffer of the current size (for damage bookkeeping).
    public var currentBuffers: [ShmBuffer] { buffers }

    func bufferReleased() {
        onBufferReleased?()
    }

    private func retire(_ buffer: ShmBuffer) {
        retired.append(buffer)
        buffer.onRelease = { [weak self] in self?.collectRetired() }
    }

    private func collectRetired() {
        for buffer in retired where !buffer.isBusy {
            buffer.buffer.destroy()
            freeSlots.append((buffer.offset, buffer.capacity))
        }
        retired.removeAll { !$0.isBusy }
    }

    private func reserve(_ bytes: Int) throws(WaylandError) -> (offset: Int, capacity: Int) {
        if let index = freeSlots.firstIndex(where: { $0.capacity >= bytes }) {
            return freeSlots.remove(at: index)
        }
        let offset = end
        let needed = offset + bytes
        guard needed <= Int(Int32.max) else {
            throw .invalidValue("the buffer pool would exceed 2 GiB; buffers this large are not supported")
        }
        if needed > file.size {
            let newSize = Swift.min(Swift.max(needed, file.size * 2), Int(Int32.max))
            try file.grow(to: newSize)
            try pool.resize(size: Int32(newSize))
        }
        end = needed
        return (offset, bytes)
    }
}
