import CWaylandClient
import Glibc

/// An anonymous memory file (`memfd`), sealed against shrinking, mapped into this process.
///
/// Sealing means the compositor can trust the size it was told; growing is allowed. Every
/// system call's result is checked (its `errno` read at once, `EINTR` retried): a failure is a
/// thrown ``WaylandError/system(operation:errno:)`` and leaves no descriptor or mapping behind.
final class SharedMemoryFile {
    let descriptor: Int32
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
        descriptor = owned.release()
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
        Self.unmap(base, size: size)
        base = mapped
        size = newSize
    }

    deinit {
        Self.unmap(base, size: size)
        // close(2) may fail (EINTR, EIO) but the descriptor is released either way: never retried.
        _ = close(descriptor)
    }

    /// Runs a call that returns -1 and sets `errno` on failure, retrying on `EINTR`.
    @discardableResult
    private static func check<T: FixedWidthInteger>(_ operation: String, _ call: () -> T) throws(WaylandError) -> T {
        switch valueOrErrno(call) {
        case .success(let value): return value
        case .failure(let error): throw .system(operation: operation, errno: error.code)
        }
    }

    /// Maps `size` bytes of `fd` for reading and writing.
    private static func map(_ fd: Int32, size: Int) throws(WaylandError) -> UnsafeMutableRawPointer {
        while true {
            let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
            let code = errno
            if let mapped, mapped != MAP_FAILED { return mapped }
            if code != EINTR { throw .system(operation: "mmap of \(size) bytes", errno: code) }
        }
    }

    /// Unmaps a mapping this file made: it can only fail for arguments it never gives, so a
    /// failure is reported (a leak of address space), never ignored silently.
    private static func unmap(_ base: UnsafeMutableRawPointer, size: Int) {
        if munmap(base, size) != 0 {
            let code = errno
            let message = "lamina: munmap of \(size) bytes failed: \(String(cString: strerror(code)))\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
        }
    }
}
