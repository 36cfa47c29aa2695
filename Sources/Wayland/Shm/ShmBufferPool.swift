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
    /// The buffer limit of the last `freeBuffer` call.
    private var currentMaximumBuffers = 3
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
        currentMaximumBuffers = maximumBuffers
        shrinkIfOversized(bufferBytes: bytes, buffers: maximumBuffers)
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

    /// How many `wl_buffer`s exist: those of the current size and those of earlier sizes the
    /// compositor still holds.
    public var bufferCount: Int { buffers.count + retired.count }

    /// The bytes of shared memory the pools map (their files' sizes).
    public var mappedByteCount: Int { segments.reduce(0) { $0 + $1.file.size } }

    func bufferReleased() {
        if let size = buffers.first.map({ (width: $0.width, height: $0.height) }) {
            shrinkIfOversized(bufferBytes: size.width * size.height * 4, buffers: currentMaximumBuffers)
        }
        onBufferReleased?()
    }

    /// The size a new pool gets for `buffers` buffers of `bytes` each.
    private func poolSize(bufferBytes bytes: Int, buffers: Int) -> Int {
        Swift.min(Swift.max(initialSize, bytes * Swift.max(buffers, 1)), Int(Int32.max))
    }

    /// When the only pool is more than twice the size the current buffers need (the window was
    /// larger before) and the compositor holds none of its buffers — checked when buffers are
    /// asked for and when one is released — its buffers are destroyed and it is replaced by a
    /// pool of the right size, freeing its memory.
    private func shrinkIfOversized(bufferBytes: Int, buffers count: Int) {
        let wanted = poolSize(bufferBytes: bufferBytes, buffers: count)
        guard segments.count == 1, retired.isEmpty, let only = segments.first, !isHeld(only), only.file.size > 2 * wanted,
            let replacement = try? Segment(shm: shm, size: wanted)
        else { return }
        for buffer in buffers { buffer.buffer.destroy() }
        buffers = []
        only.pool.destroy()
        segments = [replacement]
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
        // A pool without buffers is used again from its start: the slots of the sizes it held
        // are not kept apart (sizes that keep changing would otherwise grow it without end).
        for segment in segments where segment.liveBuffers == 0 {
            segment.end = 0
            segment.freeSlots = []
        }
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
        let wanted = poolSize(bufferBytes: bytes, buffers: buffersToCome)
        // A pool without buffers that is much larger than the buffers to come (the window was
        // large and is small now) is replaced by one of their size, so its memory is freed.
        if let newest = segments.last, newest.liveBuffers == 0, newest.file.size > 2 * wanted {
            let segment = try Segment(shm: shm, size: wanted)
            newest.pool.destroy()
            segments[segments.count - 1] = segment
        }
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
        let segment = try Segment(shm: shm, size: wanted)
        segments.append(segment)
        segment.end = bytes
        return (segment, (0, bytes))
    }
}
