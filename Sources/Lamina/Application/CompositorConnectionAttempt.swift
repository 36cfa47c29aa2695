import Dispatch
internal import Wayland

/// One try to connect to a compositor that never makes the main thread wait for it: the
/// socket is connected without waiting (a compositor that stopped accepting fails at once),
/// the question for the globals is sent, and the answer is read by the main queue as it comes
/// — a compositor that accepts the connection and never answers costs the main thread nothing.
/// The try ends once: with the bindings, with the error that ended it, or cancelled (its
/// owner's time ran out).
@MainActor
final class CompositorConnectionAttempt {
    private let globals: WaylandGlobals
    private var readSource: DispatchSourceRead?
    private var completion: (@MainActor (Result<CompositorBindings, WaylandError>) -> Void)?

    /// Connects to `socket` and asks for the globals; `completion` hears the outcome on the
    /// main queue (never before this returns). Throws when no compositor listens there.
    init(socket: String, completion: @escaping @MainActor (Result<CompositorBindings, WaylandError>) -> Void) throws(WaylandError) {
        let connection = try WaylandConnection(connectingWithoutWaitingTo: socket)
        globals = try WaylandGlobals(requestingFrom: connection)
        try connection.flush()
        self.completion = completion
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readAnswer() }
        }
        // libdispatch stops watching the socket before it closes (its number may be reused
        // at once): the connection lives until the cancel handler ran.
        source.setCancelHandler { withExtendedLifetime(connection) {} }
        source.resume()
        readSource = source
    }

    /// Ends the try without an outcome: the connection closes, `completion` is not called.
    func cancel() {
        completion = nil
        stopReading()
    }

    private func stopReading() {
        readSource?.cancel()
        readSource = nil
    }

    private func readAnswer() {
        guard completion != nil else { return }
        do {
            try globals.connection.readAndDispatch()
            guard globals.initialGlobalsKnown else { return }
            finish(.success(try CompositorBindings(globals: globals)))
        } catch {
            finish(.failure(error))
        }
    }

    /// Stops watching the socket (the application's main loop reads it from now on) and
    /// reports `outcome`.
    private func finish(_ outcome: Result<CompositorBindings, WaylandError>) {
        let completion = completion
        self.completion = nil
        stopReading()
        completion?(outcome)
    }
}
