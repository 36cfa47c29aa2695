import CWaylandClient
import Glibc

/// A pipe made the one way Lamina makes them: both ends close-on-exec (none leaks into a child
/// process) and non-blocking (no thread ever waits on a pipe), set atomically by `pipe2` so no
/// other thread's `fork` sees them without the flags. Each end is closed once, when its owner
/// ends (or by ``OwnedFileDescriptor/close()``).
package struct NonBlockingPipe: ~Copyable {
    /// The end data is read from.
    package let readEnd: OwnedFileDescriptor
    /// The end data is written to.
    package let writeEnd: OwnedFileDescriptor

    /// A new pipe.
    package init() throws(SystemCallError) {
        var ends: [Int32] = [-1, -1]
        try SystemCall.run("pipe2") { ends.withUnsafeMutableBufferPointer { CWaylandClient.pipe2($0.baseAddress, O_CLOEXEC | O_NONBLOCK) } }
        readEnd = OwnedFileDescriptor(adopting: ends[0])
        writeEnd = OwnedFileDescriptor(adopting: ends[1])
    }

    /// Gives up ownership of both ends: the caller closes them from now on.
    package consuming func release() -> (read: Int32, write: Int32) {
        (readEnd.release(), writeEnd.release())
    }

    /// Closes the write end (once the other side has its own copy) and returns the read end.
    package consuming func takeReadEnd() -> OwnedFileDescriptor {
        readEnd
    }
}
