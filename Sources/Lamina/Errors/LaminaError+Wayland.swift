internal import Wayland

extension LaminaError {
    /// The error an app sees for a failure of the Wayland layer.
    init(_ error: WaylandError) {
        switch error {
        case .cannotConnect(let socket, _):
            self = .cannotConnect(socket: socket, reason: error.description)
        case .connectionLost:
            self = .connectionLost(error.description)
        case .protocolError(let interface, let objectID, let code):
            self = .protocolError(interface: interface, objectID: objectID, code: code)
        case .missingGlobal, .unsupportedVersion:
            self = .unsupportedCompositor(error.description)
        case .invalidValue(let text):
            self = .invalidArgument(text)
        case .objectDestroyed, .requestFailed, .system:
            self = .systemResource(error.description)
        }
    }
}
