import Foundation
import Glibc

/// Everything that can go wrong talking to a Wayland compositor, with a message that says what
/// happened and what to do.
public enum WaylandError: Error, CustomStringConvertible, Equatable, Sendable {
    /// `wl_display_connect` failed: no compositor listens at `socket`.
    case cannotConnect(socket: String, errno: Int32)
    /// The connection broke (the compositor exited or closed it).
    case connectionLost(errno: Int32)
    /// The compositor reported a protocol error on one of our objects and closed the connection.
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// A request was sent on an object that was already destroyed.
    case objectDestroyed(interface: String, request: String)
    /// A request needs a newer version of the interface than the compositor agreed to.
    case unsupportedVersion(interface: String, request: String, needs: UInt32, bound: UInt32)
    /// A global the client needs is not offered by the compositor.
    case missingGlobal(interface: String, minimumVersion: UInt32)
    /// libwayland could not create the object (out of memory).
    case requestFailed(interface: String, request: String)
    /// A system call failed (`operation` names it).
    case system(operation: String, errno: Int32)
    /// A value received from the compositor (or given by the caller) is unusable.
    case invalidValue(String)

    /// What went wrong and what to do, in one sentence.
    public var description: String {
        switch self {
        case .cannotConnect(let socket, let code):
            let env = ProcessInfo.processInfo.environment
            let display = env["WAYLAND_DISPLAY"].map { "WAYLAND_DISPLAY=\($0)" } ?? "WAYLAND_DISPLAY is not set"
            return "cannot connect to a Wayland compositor at '\(socket)' (\(display), XDG_RUNTIME_DIR=\(env["XDG_RUNTIME_DIR"] ?? "unset")): \(String(cString: strerror(code))). Start a compositor, or set WAYLAND_DISPLAY to its socket name or absolute path."
        case .connectionLost(let code) where code == EAGAIN:
            return "the connection to the Wayland compositor was lost: the compositor stopped reading, and the requests waiting for it outgrew the connection's buffers."
        case .connectionLost(let code):
            return "the connection to the Wayland compositor was lost: \(String(cString: strerror(code))). The compositor exited or closed the connection."
        case .protocolError(let interface, let id, let code):
            return "the compositor reported protocol error \(code) on \(interface)@\(id) and closed the connection"
        case .objectDestroyed(let interface, let request):
            return "\(interface).\(request) was called on an object that was already destroyed"
        case .unsupportedVersion(let interface, let request, let needs, let bound):
            return "\(interface).\(request) needs version \(needs) of \(interface), but the compositor agreed to version \(bound)"
        case .missingGlobal(let interface, let version):
            return "the compositor does not offer \(interface) (version \(version) or newer), which is required"
        case .requestFailed(let interface, let request):
            return "libwayland could not send \(interface).\(request) (out of memory?)"
        case .system(let operation, let code):
            return "\(operation) failed: \(String(cString: strerror(code)))"
        case .invalidValue(let text):
            return text
        }
    }
}

extension WaylandError {
    /// A failed system call as ``system(operation:errno:)``.
    package init(_ failure: SystemCallError) {
        self = .system(operation: failure.operation, errno: failure.code)
    }
}
