import Foundation

/// What a finished child process wrote and how it ended.
package struct ProcessOutput: Sendable {
    /// Everything it wrote to standard output.
    package let output: Data
    /// Everything it wrote to standard error.
    package let error: Data
    /// Its exit status (or the signal that ended it).
    package let status: Int32

    /// Starts `process` with both output streams piped, reads them at the same time until it
    /// closes them, and waits for it to end. Reading one stream to its end before the other
    /// would block for ever once the other's pipe buffer (64 KiB) fills.
    package static func run(_ process: Process) throws -> ProcessOutput {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let errorReader = StreamReader(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let error = errorReader.wait()
        process.waitUntilExit()
        return ProcessOutput(output: output, error: error, status: process.terminationStatus)
    }
}

/// Reads a file handle to its end on a thread of its own.
private final class StreamReader: @unchecked Sendable {
    // Written once by the reading thread before `done` is signalled, read after waiting on it.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
        thread.name = "process output reader"
        thread.start()
    }

    /// Everything read, once the stream is closed.
    func wait() -> Data {
        done.wait()
        return data
    }
}
