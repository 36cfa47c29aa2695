import Glibc
import Wayland

/// A client's `wl_shm_pool` memory as the scripted compositor maps it (read-only), shared by
/// the pool and every buffer made from it; unmapped when the last of them is gone.
final class ServerShmMapping {
    private let file: OwnedFileDescriptor
    private(set) var base: UnsafeRawPointer?
    private(set) var size: Int

    /// Maps `size` bytes of `descriptor`, taking ownership of the descriptor.
    init?(descriptor: Int32, size: Int) {
        file = OwnedFileDescriptor(adopting: descriptor)
        self.size = 0
        guard size > 0, let mapped = try? SystemCall.map("mmap", { mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0) }) else {
            return nil
        }
        base = UnsafeRawPointer(mapped)
        self.size = size
    }

    /// Maps the pool again at a larger size; false if it cannot be mapped.
    func grow(to newSize: Int) -> Bool {
        guard newSize >= size else { return false }
        let fd = file.rawValue
        guard let mapped = try? SystemCall.map("mmap", { mmap(nil, newSize, PROT_READ, MAP_SHARED, fd, 0) }) else { return false }
        if let base { SystemCall.unmap(UnsafeMutableRawPointer(mutating: base), size: size) }
        base = UnsafeRawPointer(mapped)
        size = newSize
        return true
    }

    deinit {
        if let base { SystemCall.unmap(UnsafeMutableRawPointer(mutating: base), size: size) }
    }
}

/// Where a `wl_buffer`'s pixels are in its pool.
struct ServerShmBuffer {
    let mapping: ServerShmMapping
    let offset: Int
    let width: Int
    let height: Int
    let stride: Int
}
