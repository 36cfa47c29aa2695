/// Why a drag could not start.
public enum DragError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The compositor offers no `wl_data_device_manager` (no drag and drop), or the
    /// application has no seat.
    case unavailable
    /// A drag starts from a pointer press in the window (the compositor asks for its serial),
    /// and none came yet.
    case noPointerPress
    /// The icon layer's bounds are empty, not finite, or larger than 1024×1024 points.
    case invalidIcon(width: Double, height: Double)
    /// The window is closed.
    case windowClosed
    /// The connection to the compositor failed, or the application is between compositors
    /// (``Application/isReconnecting``).
    case connectionFailed(LaminaError)

    /// What went wrong, in one sentence.
    public var description: String {
        switch self {
        case .unavailable: return "the compositor offers no drag and drop (wl_data_device_manager) or no seat"
        case .noPointerPress: return "a drag starts from a pointer press in the window, and none came yet"
        case .invalidIcon(let width, let height):
            return "a drag icon of \(width)×\(height) points cannot be shown (it must be 1…1024 points wide and high)"
        case .windowClosed: return "the window is closed"
        case .connectionFailed(let error): return error.description
        }
    }
}
