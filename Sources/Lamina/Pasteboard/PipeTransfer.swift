import Dispatch
import Foundation
import Glibc

/// Moves clipboard data through a non-blocking pipe on a background queue, so neither the
/// main thread nor the render thread ever waits for another application.
enum PipeTransfer {
    private static let queue = DispatchQueue(label: "lamina.pasteboard.transfer")

    /// Reads `descriptor` (non-blocking; closed here) to its end, at most `limit` bytes, giving
    /// up after `timeout` seconds. `completion` runs on the main queue.
    static func read(
        _ descriptor: Int32, limit: Int, timeout: Double,
        completion: @escaping @MainActor @Sendable (Result<Data, PasteboardError>) -> Void
    ) {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        let state = TransferState()
        state.source = source
        @Sendable func finish(_ result: Result<Data, PasteboardError>) {
            guard !state.isFinished else { return }
            state.isFinished = true
            state.source?.cancel()
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(result) } }
        }
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                if count > 0 {
                    state.data.append(contentsOf: buffer[0..<count])
                    if state.data.count > limit { return finish(.failure(.tooLarge)) }
                } else if count == 0 {
                    return finish(.success(state.data))
                } else if errno == EINTR {
                    continue
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    return
                } else {
                    return finish(.failure(.transferFailed(errno: errno)))
                }
            }
        }
        source.setCancelHandler { Glibc.close(descriptor) }
        queue.asyncAfter(deadline: .now() + timeout) { finish(.failure(.timedOut)) }
        source.resume()
    }

    /// Writes `data` to `descriptor` (made non-blocking; closed here when done, when the
    /// reader goes away, or after `timeout` seconds).
    static func write(_ data: Data, to descriptor: Int32, timeout: Double) {
        ignoreBrokenPipes()
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let source = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
        let state = TransferState()
        state.source = source
        @Sendable func finish() {
            guard !state.isFinished else { return }
            state.isFinished = true
            state.source?.cancel()
        }
        source.setEventHandler {
            while state.offset < data.count {
                let count = data.withUnsafeBytes { bytes in
                    Glibc.write(descriptor, bytes.baseAddress.map { $0 + state.offset }, data.count - state.offset)
                }
                if count > 0 {
                    state.offset += count
                } else if count < 0, errno == EINTR {
                    continue
                } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    return
                } else {
                    return finish()  // the reader went away (EPIPE) or the pipe failed
                }
            }
            finish()
        }
        source.setCancelHandler { Glibc.close(descriptor) }
        queue.asyncAfter(deadline: .now() + timeout) { finish() }
        source.resume()
    }

    /// A reader that closes its end early must not kill the process: `SIGPIPE` is ignored
    /// (writes then fail with `EPIPE`) unless the application installed a handler of its own.
    private static func ignoreBrokenPipes() { _ = brokenPipesIgnored }

    private static let brokenPipesIgnored: Void = {
        let previous = signal(SIGPIPE, SIG_IGN)
        // nil is SIG_DFL (which kills the process): anything else was the application's choice.
        if previous != nil { signal(SIGPIPE, previous) }
    }()
}

/// What one transfer has done so far (used on the transfer queue only).
private final class TransferState: @unchecked Sendable {
    var data = Data()
    var offset = 0
    var isFinished = false
    /// The transfer's dispatch source (cancelled when it finishes).
    var source: (any DispatchSourceProtocol)?
}
