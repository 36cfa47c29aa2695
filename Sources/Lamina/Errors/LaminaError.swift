/// What went wrong in a window or its application, in terms an app can act on.
///
/// The application's connection to the compositor fails with ``cannotConnect(socket:reason:)``
/// (no compositor there), ``unsupportedCompositor(_:)`` (it lacks what Lamina needs),
/// ``connectionLost(_:)`` (it went away) or ``protocolError(interface:objectID:code:)`` (it
/// refused a request); ``invalidArgument(_:)`` names a value the app passed that cannot be
/// used, and ``systemResource(_:)`` a resource the system refused.
public enum LaminaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No compositor listens at `socket`: start one, or set `WAYLAND_DISPLAY` to its socket.
    /// `reason` says what was tried and why it failed.
    case cannotConnect(socket: String, reason: String)
    /// The compositor lacks something Lamina requires (a protocol, or a version of one).
    case unsupportedCompositor(String)
    /// The connection to the compositor broke: it exited or closed the connection.
    case connectionLost(String)
    /// The compositor refused a request on an object (`interface`, protocol object
    /// `objectID`, the protocol's error `code`) and closed the connection.
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// A value given to Lamina (or sent by the compositor) cannot be used; the text says which.
    case invalidArgument(String)
    /// The system refused a resource (memory, file descriptors, shared memory).
    case systemResource(String)
    /// The window was closed (by the app, by an accepted close request, or because its
    /// application closed or failed) before what was asked of it happened.
    case windowClosed
    /// What was waited for did not happen within the time allowed (seconds).
    case timedOut(seconds: Double)

    /// What went wrong and what to do, in one sentence.
    public var description: String {
        switch self {
        case .cannotConnect(_, let reason): return reason
        case .unsupportedCompositor(let text): return text
        case .connectionLost(let text): return text
        case .protocolError(let interface, let objectID, let code):
            return "the compositor reported protocol error \(code) on \(interface)@\(objectID) and closed the connection"
        case .invalidArgument(let text): return text
        case .systemResource(let text): return text
        case .windowClosed: return "the window was closed"
        case .timedOut(let seconds): return "what was waited for did not happen within \(seconds) s"
        }
    }
}
