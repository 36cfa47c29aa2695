import CWaylandClient
import Glibc

/// An anonymous memory file (`memfd`), sealed against shrinking, mapped into this process.
///
/// Sealing means the compositor can trust the size it was told; growing is allowed. Every
/// system call's result is checked (its `errno` read at once, `EINTR` retried): a failure is a
/// thrown ``WaylandError/system(operation:errno:)`` and leaves no descriptor or mapping behind.
final class SharedMemoryFile {
    private let file: OwnedFileDescriptor
    /// The memory file's descriptor (for `wl_shm.create_pool`), open while this lives.
    var descriptor: Int32 { file.rawValue }
    private(set) var size: Int
    private(set) var base: UnsafeMutableRawPointer

    init(name: String, size: Int) throws(WaylandError) {
        guard size > 0, size <= Int(off_t.max) else {
            throw .invalidValue("a shared-memory file needs a positive size, not \(size)")
        }
        let fd = try Self.check("memfd_create") { memfd_create(name, lamina_mfd_cloexec() | lamina_mfd_allow_sealing()) }
        let owned = OwnedFileDescriptor(adopting: fd)
        try Self.check("ftruncate to \(size) bytes") { ftruncate(fd, off_t(size)) }
        try Self.check("sealing the memory file against shrinking") {
            fcntl(fd, lamina_f_add_seals(), lamina_f_seal_shrink())
        }
        base = try Self.map(fd, size: size)
        file = owned
        self.size = size
    }

    /// Grows the file and remaps it; pointers from before are invalid afterwards. On failure
    /// the file keeps its old size and mapping.
    func grow(to newSize: Int) throws(WaylandError) {
        guard newSize > size else { return }
        guard newSize <= Int(off_t.max) else { throw .invalidValue("a shared-memory file cannot grow to \(newSize) bytes") }
        let fd = descriptor
        try Self.check("ftruncate to \(newSize) bytes") { ftruncate(fd, off_t(newSize)) }
        let mapped = try Self.map(descriptor, size: newSize)
        SystemCall.unmap(base, size: size)
        base = mapped
        size = newSize
    }

    deinit {
        SystemCall.unmap(base, size: size)
    }

    /// Runs a call through ``SystemCall/run(_:restartable:_:)``, as a ``WaylandError``.
    @discardableResult
    private static func check<T: FixedWidthInteger & SignedInteger>(
        _ operation: @autoclosure () -> String, _ call: () -> T
    ) throws(WaylandError) -> T {
        do {
            return try SystemCall.run(operation(), call)
        } catch {
            throw WaylandError(error)
        }
    }

    /// Maps `size` bytes of `fd` for reading and writing.
    private static func map(_ fd: Int32, size: Int) throws(WaylandError) -> UnsafeMutableRawPointer {
        do {
            return try SystemCall.map("mmap of \(size) bytes") { mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) }
        } catch {
            throw WaylandError(error)
        }
    }
}
