import CWaylandClient
import Glibc

/// An anonymous memory file (`memfd`), sealed against shrinking, mapped into this process.
///
/// Sealing means the compositor can trust the size it was told; growing is allowed.
final class SharedMemoryFile {
    let descriptor: Int32
    private(set) var size: Int
    private(set) var base: UnsafeMutableRawPointer

    init(name: String, size: Int) throws(WaylandError) {
        guard size > 0 else { throw .invalidValue("a shared-memory file needs a positive size, not \(size)") }
        let fd = memfd_create(name, lamina_mfd_cloexec() | lamina_mfd_allow_sealing())
        guard fd >= 0 else { throw .system(operation: "memfd_create", errno: errno) }
        guard ftruncate(fd, off_t(size)) == 0 else {
            let code = errno
            close(fd)
            throw .system(operation: "ftruncate to \(size) bytes", errno: code)
        }
        _ = fcntl(fd, lamina_f_add_seals(), lamina_f_seal_shrink())
        guard let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            let code = errno
            close(fd)
            throw .system(operation: "mmap of \(size) bytes", errno: code)
        }
        descriptor = fd
        self.size = size
        base = mapped
    }

    /// Grows the file and remaps it; pointers from before are invalid afterwards.
    func grow(to newSize: Int) throws(WaylandError) {
        guard newSize > size else { return }
        guard ftruncate(descriptor, off_t(newSize)) == 0 else {
            throw .system(operation: "ftruncate to \(newSize) bytes", errno: errno)
        }
        guard let mapped = mmap(nil, newSize, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else {
            throw .system(operation: "mmap of \(newSize) bytes", errno: errno)
        }
        munmap(base, size)
        base = mapped
        size = newSize
    }

    deinit {
        munmap(base, size)
        close(descriptor)
    }
}
