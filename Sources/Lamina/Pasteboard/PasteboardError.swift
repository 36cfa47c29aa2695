import Glibc
internal import Wayland

/// Why the pasteboard could not be read or written.
public enum PasteboardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The compositor does not offer this selection (`wl_data_device_manager` for the
    /// clipboard, `zwp_primary_selection_device_manager_v1` for the primary selection), or the
    /// application has no seat.
    case unavailable
    /// Setting the clipboard must answer a user's input event (a press, a key, a touch), and
    /// none came yet.
    case noInputEvent
    /// The clipboard holds nothing in this MIME type.
    case typeNotAvailable(String)
    /// The other application did not finish sending the data within the time allowed.
    case timedOut
    /// The data is larger than ``Pasteboard/maximumTransferSize``.
    case tooLarge
    /// Reading or writing the pipe failed (`errno`).
    case transferFailed(errno: Int32)
    /// The connection to the compositor failed (``LaminaError/connectionLost(_:)`` and the
    /// like), or the application is between compositors (``Application/isReconnecting``): a
    /// read under way ends with it, and setting the selection fails with it.
    case connectionFailed(LaminaError)

    /// What went wrong, in one sentence.
    public var description: String {
        switch self {
        case .unavailable:
            return "the compositor does not offer this selection (wl_data_device_manager, zwp_primary_selection_device_manager_v1) or has no seat"
        case .noInputEvent: return "setting the clipboard must answer a user's input event, and none came yet"
        case .typeNotAvailable(let type): return "the clipboard holds nothing as \(type)"
        case .timedOut: return "the application that owns the clipboard did not send its data in time"
        case .tooLarge: return "the clipboard's data is larger than Lamina accepts"
        case .transferFailed(let code): return "reading or writing the clipboard's pipe failed: \(String(cString: strerror(code)))"
        case .connectionFailed(let error): return error.description
        }
    }
}
