/// Shared-memory buffers for one surface, in memfd-backed `wl_shm_pool`s, with buffers reused
/// once the compositor releases them.
///
/// A pool is grown (`wl_shm_pool.resize`) only while the compositor holds none of its
/// buffers: a compositor may keep reading a buffer it holds through its mapping of the pool,
/// which growing can move (weston's pixman renderer then reads freed memory and crashes).
/// When growth is needed while a buffer is held, the new buffers go into a new pool, sized
/// for all of them; pools whose buffers are all gone are closed.
public final class ShmBufferPool {
    /// The largest side a buffer may have; bigger sizes (e.g. from a misbehaving compositor)
    /// are refused with an error rather than allocating gigabytes.
    public static let maximumDimension = 16_384

    /// One memfd and its `wl_shm_pool`, with the byte ranges its buffers use.
    final class Segment {
        let file: SharedMemoryFile
        let pool: WlShmPool
        var end = 0
        var freeSlots: [(offset: Int, capacity: Int)] = []
        /// Buffers made in it and not destroyed yet.
        var liveBuffers = 0

        init(shm: WlShm, size: Int) throws(WaylandError) {
            file = try SharedMemoryFile(name: "lamina-shm", size: size)
            pool = try shm.createPool(fd: file.descriptor, size: Int32(size))
        }
    }

    private let shm: WlShm
    private let initialSize: Int
    private var segments: [Segment] = []
    private var buffers: [ShmBuffer] = []
    private var retired: [ShmBuffer] = []
    /// Called whenever the compositor releases one of the pool's buffers: a frame that found
    /// no free buffer can be drawn now.
    public var onBufferReleased: (() -> Void)?

    /// Creates the first memfd-backed pool; `initialSize` bytes (default 4 MiB) grow as buffers need.
    public init(shm: WlShm, initialSize: Int = 4 * 1024 * 1024) throws(WaylandError) {
        self.shm = shm
        self.initialSize = initialSize
        segments = [try Segment(shm: shm, size: initialSize)]
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
        let (segment, slot) = try reserve(bytes, buffersToCome: maximumBuffers - buffers.count)
        let wlBuffer = try segment.pool.createBuffer(
            offset: Int32(slot.offset), width: Int32(width), height: Int32(height),
            stride: Int32(width * 4), format: .argb8888)
        segment.liveBuffers += 1
        let buffer = ShmBuffer(
            pool: self, segment: segment, buffer: wlBuffer, width: width, height: height, offset: slot.offset,
            capacity: slot.capacity)
        buffers.append(buffer)
        return buffer
    }

    /// Every live buffer of the current size (for damage bookkeeping).
    public var currentBuffers: [ShmBuffer] { buffers }

    /// How many `wl_shm_pool`s are open (one, unless a pool had to be replaced while held).
    public var poolCount: Int { segments.count }

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
            buffer.segment.freeSlots.append((buffer.offset, buffer.capacity))
            buffer.segment.liveBuffers -= 1
        }
        retired.removeAll { !$0.isBusy }
        // Older pools whose buffers are all gone are closed (the newest stays for reuse).
        for segment in segments.dropLast() where segment.liveBuffers == 0 {
            segment.pool.destroy()
        }
        let newest = segments.last
        segments.removeAll { $0.liveBuffers == 0 && $0 !== newest }
    }

    /// Whether the compositor holds a buffer of `segment`.
    private func isHeld(_ segment: Segment) -> Bool {
        buffers.contains { $0.segment === segment && $0.isBusy } || retired.contains { $0.segment === segment && $0.isBusy }
    }

    /// Room for `bytes`: a freed slot, the end of the newest pool (grown when nothing in it is
    /// held), or a new pool with room for `buffersToCome` such buffers.
    private func reserve(_ bytes: Int, buffersToCome: Int) throws(WaylandError) -> (Segment, (offset: Int, capacity: Int)) {
        for segment in segments {
            if let index = segment.freeSlots.firstIndex(where: { $0.capacity >= bytes }) {
                return (segment, segment.freeSlots.remove(at: index))
            }
        }
        let limit = Int(Int32.max)
        let current = segments[segments.count - 1]
        let needed = current.end + bytes
        guard needed <= limit else {
            throw .invalidValue("the buffer pool would exceed 2 GiB; buffers this large are not supported")
        }
        if needed <= current.file.size {
            defer { current.end = needed }
            return (current, (current.end, bytes))
        }
        if !isHeld(current) {
            let newSize = Swift.min(Swift.max(needed, current.file.size * 2, current.end + bytes * buffersToCome), limit)
            try current.file.grow(to: newSize)
            try current.pool.resize(size: Int32(newSize))
            defer { current.end = needed }
            return (current, (current.end, bytes))
        }
        let size = Swift.min(Swift.max(initialSize, bytes * Swift.max(buffersToCome, 1)), limit)
        let segment = try Segment(shm: shm, size: size)
        segments.append(segment)
        segment.end = bytes
        return (segment, (0, bytes))
    }
}
