import CWaylandServer
import Foundation

extension ScriptedCompositor {
    /// The desktop-integration protocols the scripted compositor offers: cursor shapes,
    /// activation and text input. Each is off by default (as on sway 1.7 and weston 10, which
    /// offer none of them, or not all), so a test turns on the one it checks.
    public struct DesktopProtocols: Sendable {
        /// The version of `wp_cursor_shape_manager_v1` offered, or nil for none. Default: nil.
        public var cursorShapeVersion: UInt32?
        /// Whether `xdg_activation_v1` is offered. Default: false.
        public var offersActivation = false
        /// Whether `zwp_text_input_manager_v3` is offered. Default: false.
        public var offersTextInput = false
        /// The version of `wl_compositor` offered: from 6 its surfaces can be sent
        /// `preferred_buffer_scale` (``ScriptedCompositor/sendPreferredBufferScale(_:)``).
        /// Default: 5 (as the compositors of Debian 12 offer).
        public var compositorVersion: UInt32 = 5

        /// None offered.
        public init() {}
    }

    /// What the client asked of the desktop-integration protocols.
    public struct DesktopIntegrationState: Sendable {
        /// Each `wp_cursor_shape_device_v1.set_shape`, in order.
        public var cursorShapes: [CursorShapeRequest] = []
        /// Each `xdg_activation_token_v1` the client committed, in order.
        public var activationTokenRequests: [ActivationTokenRequest] = []
        /// Each `xdg_activation_v1.activate`, in order.
        public var activations: [Activation] = []
        /// Each request of the client's `zwp_text_input_v3` objects, in order.
        public var textInputRequests: [TextInputRequest] = []

        /// Nothing asked yet.
        public init() {}
    }

    /// One `wp_cursor_shape_device_v1.set_shape` request.
    public struct CursorShapeRequest: Equatable, Sendable {
        /// The serial of the `wl_pointer.enter` it answers.
        public var serial: UInt32
        /// The `wp_cursor_shape_device_v1.shape` value.
        public var shape: UInt32

        /// A request's record.
        public init(serial: UInt32, shape: UInt32) {
            self.serial = serial
            self.shape = shape
        }
    }

    /// A committed `xdg_activation_token_v1`: what the client said about the token it wants.
    public struct ActivationTokenRequest: Equatable, Sendable {
        /// The serial of the input event that caused the request (`set_serial`), if any.
        public var serial: UInt32?
        /// The application ID (`set_app_id`), if any.
        public var appID: String?
        /// The protocol ID of the surface it is for (`set_surface`), if any.
        public var surfaceID: UInt32?
        /// The token sent back in `done`.
        public var token: String

        /// A request's record.
        public init(serial: UInt32?, appID: String?, surfaceID: UInt32?, token: String) {
            self.serial = serial
            self.appID = appID
            self.surfaceID = surfaceID
            self.token = token
        }
    }

    /// One `xdg_activation_v1.activate` request.
    public struct Activation: Equatable, Sendable {
        /// The token presented.
        public var token: String
        /// The protocol ID of the surface to activate.
        public var surfaceID: UInt32?

        /// A request's record.
        public init(token: String, surfaceID: UInt32?) {
            self.token = token
            self.surfaceID = surfaceID
        }
    }

    // MARK: - Script

    /// Sends `wl_surface.preferred_buffer_scale` with `factor` (any value, 0 and negative
    /// included) to every surface of version 6 or later that has a role (toplevels, not
    /// cursors).
    public func sendPreferredBufferScale(_ factor: Int32) {
        perform { [unowned self] in
            for surface in alive("wl_surface") where surface.version >= 6 && surface.role != nil {
                post(surface, "preferred_buffer_scale", [.int(factor)])
            }
        }
    }

    // MARK: - Server side (server thread)

    /// The interfaces whose requests ``handleDesktopRequest(_:resource:created:arguments:)``
    /// handles.
    static let desktopInterfaces: Set<String> = [
        "wp_cursor_shape_manager_v1", "wp_cursor_shape_device_v1", "xdg_activation_v1", "xdg_activation_token_v1",
        "zwp_text_input_manager_v3", "zwp_text_input_v3",
    ]

    /// The globals of the desktop-integration protocols the configuration offers.
    func installDesktopGlobals(add: (String, UInt32) -> Void) {
        let offered = configuration.desktopProtocols
        if let version = offered.cursorShapeVersion { add("wp_cursor_shape_manager_v1", version) }
        if offered.offersActivation { add("xdg_activation_v1", 1) }
        if offered.offersTextInput { add("zwp_text_input_manager_v3", 1) }
    }

    /// Handles a request of the desktop-integration protocols (`name` is `interface.request`).
    func handleDesktopRequest(
        _ name: String, resource: ServerResource, created: [ServerResource], arguments: UnsafeMutablePointer<wl_argument>?
    ) {
        func argument(_ index: Int) -> wl_argument { arguments?[index] ?? wl_argument() }
        func object(_ index: Int) -> ServerResource? { argument(index).o.flatMap { resources[$0] } }
        func string(_ index: Int) -> String? { argument(index).s.map { String(cString: $0) } }
        switch name {
        case "wp_cursor_shape_device_v1.set_shape":
            let request = CursorShapeRequest(serial: argument(0).u, shape: argument(1).u)
            let limit: UInt32 = resource.version >= 2 ? 36 : 34
            guard (1...limit).contains(request.shape) else {
                return postDesktopError(resource, code: 1, "shape \(request.shape) is not a valid shape at version \(resource.version)")
            }
            update { $0.desktop.cursorShapes.append(request) }
        case "xdg_activation_token_v1.set_serial":
            resource.activationSerial = argument(0).u
        case "xdg_activation_token_v1.set_app_id":
            resource.activationAppID = string(0)
        case "xdg_activation_token_v1.set_surface":
            resource.surface = object(0)
        case "xdg_activation_token_v1.commit":
            let token = "scripted-token-\(nextSerial())"
            let request = ActivationTokenRequest(
                serial: resource.activationSerial, appID: resource.activationAppID, surfaceID: resource.surface?.id, token: token)
            update { $0.desktop.activationTokenRequests.append(request) }
            post(resource, "done", [.string(token)])
        case "xdg_activation_v1.activate":
            let activation = Activation(token: string(0) ?? "", surfaceID: object(1)?.id)
            update { $0.desktop.activations.append(activation) }
        default:
            handleTextInputRequest(name, resource: resource, arguments: arguments)
        }
    }

    func postDesktopError(_ resource: ServerResource, code: UInt32, _ message: String) {
        update { $0.violations.append("\(resource.interface)@\(resource.id): \(message)") }
        lamina_server_post_error(resource.raw, code, message)
    }
}
