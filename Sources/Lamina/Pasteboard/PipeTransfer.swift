import Dispatch
import Foundation
import Glibc
internal import Wayland

/// Moves clipboard data through a non-blocking pipe on a background queue, so neither the
/// main thread nor the render thread ever waits for another application.
enum PipeTransfer {
    private static let queue = DispatchQueue(label: "lamina.pasteboard.transfer")

    /// A read under way, which its owner can end early.
    final class Reading: Sendable {
        private let endEarly: @Sendable (PasteboardError) -> Void

        fileprivate init(endEarly: @escaping @Sendable (PasteboardError) -> Void) {
            self.endEarly = endEarly
        }

        /// Ends the read with `error`, unless it ended already: its completion hears `error`.
        func end(with error: PasteboardError) {
            endEarly(error)
        }
    }

    /// Reads `descriptor` (non-blocking; owned and closed here) to its end, at most `limit`
    /// bytes, giving up after `timeout` seconds. `completion` runs on the main queue, once.
    @discardableResult
    static func read(
        _ descriptor: Int32, limit: Int, timeout: Double,
        completion: @escaping @MainActor @Sendable (Result<Data, PasteboardError>) -> Void
    ) -> Reading {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        let state = TransferState(descriptor: OwnedFileDescriptor(adopting: descriptor))
        state.source = source
        @Sendable func finish(_ result: Result<Data, PasteboardError>) {
            guard !state.isFinished else { return }
            state.isFinished = true
            state.source?.cancel()
            DispatchQueue.main.async { MainActor.assumeIsolated { completion(result) } }
        }
        source.setEventHandler {
            if let result = state.readAvailable(from: descriptor, limit: limit) { finish(result) }
        }
        source.setCancelHandler { state.closeDescriptor() }
        queue.asyncAfter(deadline: .now() + timeout) { finish(.failure(.timedOut)) }
        source.resume()
        return Reading { error in queue.async { finish(.failure(error)) } }
    }

    /// Writes `data` to `descriptor` (made non-blocking; owned and closed here when done, when
    /// the reader goes away, or after `timeout` seconds).
    static func write(_ data: Data, to descriptor: Int32, timeout: Double) {
        ignoreBrokenPipes()
        let owned = OwnedFileDescriptor(adopting: descriptor)
        do throws(SystemCallError) {
            let flags = try SystemCall.run("fcntl(F_GETFL)") { fcntl(descriptor, F_GETFL) }
            try SystemCall.run("fcntl(F_SETFL, O_NONBLOCK)") { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        } catch {
            return  // a descriptor that cannot be made non-blocking would stall the transfer queue
        }
        let source = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
        let state = TransferState(descriptor: owned)
        state.source = source
        @Sendable func finish() {
            guard !state.isFinished else { return }
            state.isFinished = true
            state.source?.cancel()
        }
        source.setEventHandler {
            if state.writeAvailable(data, to: descriptor) { finish() }
        }
        source.setCancelHandler { state.closeDescriptor() }
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
    /// The pipe end, open until the source's cancellation closes it.
    private var descriptor: OwnedFileDescriptor?

    init(descriptor: consuming OwnedFileDescriptor) {
        self.descriptor = consume descriptor
    }

    /// Closes the pipe end (once the source is cancelled: Dispatch no longer watches it).
    func closeDescriptor() {
        descriptor = nil
    }

    /// Reads what `descriptor` holds now into ``data``: nil while more may come, or how the
    /// transfer ended (its end reached, too much data, or a failed read).
    func readAvailable(from descriptor: Int32, limit: Int) -> Result<Data, PasteboardError>? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int
            do throws(SystemCallError) {
                count = try SystemCall.run("read") {
                    buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                }
            } catch {
                // Drained for now (EAGAIN): the source fires again when more comes.
                return error.code == EAGAIN || error.code == EWOULDBLOCK ? nil : .failure(.transferFailed(errno: error.code))
            }
            if count == 0 { return .success(data) }
            data.append(contentsOf: buffer[0..<count])
            if data.count > limit { return .failure(.tooLarge) }
        }
    }

    /// Writes as much of `payload` (from ``offset`` on) as `descriptor` takes now; whether the
    /// transfer is over: everything written, or the reader went away (EPIPE) or the pipe failed.
    func writeAvailable(_ payload: Data, to descriptor: Int32) -> Bool {
        while offset < payload.count {
            let start = offset
            do throws(SystemCallError) {
                let written = try SystemCall.run("write") {
                    payload.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress.map { $0 + start }, payload.count - start) }
                }
                guard written > 0 else { return true }
                offset += written
            } catch {
                // The pipe is full (EAGAIN): the source fires again when the reader read.
                return !(error.code == EAGAIN || error.code == EWOULDBLOCK)
            }
        }
        return true
    }
}
