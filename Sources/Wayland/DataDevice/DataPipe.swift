import CWaylandClient
import Glibc

/// The pipes data is transferred through between clients (copy and paste, drag and drop).
public enum DataPipe {
    /// A new pipe whose both ends are close-on-exec and non-blocking: reading or writing never
    /// blocks the thread that does it, and no end leaks into a child process.
    public static func make() throws(WaylandError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        let result = ends.withUnsafeMutableBufferPointer { buffer in
            valueOrErrno { CWaylandClient.pipe2(buffer.baseAddress, O_CLOEXEC | O_NONBLOCK) }
        }
        if case .failure(let error) = result { throw .system(operation: "pipe2", errno: error.code) }
        return (ends[0], ends[1])
    }
}
