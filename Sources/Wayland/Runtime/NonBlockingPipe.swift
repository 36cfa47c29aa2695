import CWaylandClient
import Glibc

/// Creates pipes the one way Lamina makes them: both ends close-on-exec (none leaks into a
/// child process) and non-blocking (no thread ever waits on a pipe), set atomically by
/// `pipe2` so no other thread's `fork` sees them without the flags.
package enum NonBlockingPipe {
    /// A new pipe's read and write ends; the caller owns both.
    package static func make() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try SystemCall.run("pipe2") { ends.withUnsafeMutableBufferPointer { CWaylandClient.pipe2($0.baseAddress, O_CLOEXEC | O_NONBLOCK) } }
        return (ends[0], ends[1])
    }
}
