/// What went wrong in a window or its application, in terms an app can act on.
public enum LaminaError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The window was closed (by the app, by an accepted close request, or because its
    /// application closed or failed) before what was asked of it happened.
    case windowClosed

    /// What went wrong and what to do, in one sentence.
    public var description: String {
        switch self {
        case .windowClosed:
            return "the window was closed"
        }
    }
}
