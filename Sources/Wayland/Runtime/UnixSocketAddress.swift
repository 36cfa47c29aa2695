import Glibc

/// The address of a Unix stream socket in the file system (`sockaddr_un`), for `connect` and
/// `bind`: the one place that fits a path into the fixed-size address.
package struct UnixSocketAddress: Sendable {
    /// The socket's path.
    package let path: String
    private var address = sockaddr_un()

    /// The address of the socket at `path`; throws `ENAMETOOLONG` when the path does not fit
    /// (108 bytes with its terminating zero on Linux).
    package init(path: String) throws(SystemCallError) {
        self.path = path
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw SystemCallError(operation: "the socket path \(path)", code: ENAMETOOLONG)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
    }

    /// A new stream socket (close-on-exec; non-blocking when `nonBlocking`), owned by the caller.
    package static func makeSocket(nonBlocking: Bool = false) throws(SystemCallError) -> OwnedFileDescriptor {
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0)
        return OwnedFileDescriptor(adopting: try SystemCall.run("socket") { socket(AF_UNIX, flags, 0) })
    }

    /// Connects `socket` here. On a non-blocking socket a listener whose queue of connections
    /// is full fails at once with `EAGAIN` instead of waiting for room.
    package func connect(_ socket: borrowing OwnedFileDescriptor) throws(SystemCallError) {
        let fd = socket.rawValue
        try withAddress { (address, length) throws(SystemCallError) in
            try SystemCall.run("connect to \(path)") { Glibc.connect(fd, address, length) }
        }
    }

    /// Binds `socket` here and listens with a queue of `backlog` connections.
    package func listen(_ socket: borrowing OwnedFileDescriptor, backlog: Int32) throws(SystemCallError) {
        let fd = socket.rawValue
        try withAddress { (address, length) throws(SystemCallError) in
            try SystemCall.run("bind to \(path)") { bind(fd, address, length) }
        }
        try SystemCall.run("listen at \(path)") { Glibc.listen(fd, backlog) }
    }

    private func withAddress(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemCallError) -> Void
    ) throws(SystemCallError) {
        var copy = address
        let length = socklen_t(MemoryLayout<sockaddr_un>.size)
        try withUnsafePointer(to: &copy) { (pointer) throws(SystemCallError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (raw) throws(SystemCallError) in
                try body(raw, length)
            }
        }
    }
}
