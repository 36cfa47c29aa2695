import Foundation
import Glibc
import Wayland

/// A socket where a compositor would listen that takes connections and never answers, as one
/// stopped with `SIGSTOP` does: the kernel completes a client's `connect` into the listening
/// socket's queue, and nothing is ever read or written. Removed by ``close()``.
final class SilentCompositorSocket {
    let path: String
    private let descriptor: Int32
    private let madeDirectory: Bool

    /// Listens at `path`, making its directory when it is missing.
    init(path: String) throws {
        self.path = path
        let directory = (path as NSString).deletingLastPathComponent
        madeDirectory = mkdir(directory, 0o700) == 0
        let socket = try UnixSocketAddress.makeSocket()
        try UnixSocketAddress(path: path).listen(socket, backlog: 16)
        descriptor = socket.release()
    }

    /// Stops listening and removes the socket (and the directory it made).
    func close() {
        Glibc.close(descriptor)
        unlink(path)
        if madeDirectory { rmdir((path as NSString).deletingLastPathComponent) }
    }
}
