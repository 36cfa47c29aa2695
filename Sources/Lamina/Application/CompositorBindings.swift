internal import Wayland

/// What an application binds from one connection to a compositor: the connection, its
/// registry and the globals windows use. Everything here belongs to that connection, so a
/// broken connection is let go of whole and a new one bound in its place
/// (Application+Reconnection.swift).
struct CompositorBindings {
    let connection: WaylandConnection
    let globals: WaylandGlobals
    let compositor: WlCompositor
    let shell: XdgShell
    let shm: WlShm
    let decorations: ZxdgDecorationManagerV1?
    let presentation: PresentationTiming?
    /// Where offered: viewports and fractional scales, for windows on outputs with a
    /// fractional scale (both are needed).
    let viewporter: WpViewporter?
    let fractionalScale: WpFractionalScaleManagerV1?
    /// Where offered: cursors by name (`wp_cursor_shape_v1`) and window activation
    /// (`xdg_activation_v1`).
    let cursorShapes: WpCursorShapeManagerV1?
    let activation: XdgActivationV1?
    /// Where offered: input methods (`zwp_text_input_v3`).
    let textInputManager: ZwpTextInputManagerV3?
    /// Where offered: the clipboard and drag and drop.
    let dataDeviceManager: WlDataDeviceManager?
    /// Where offered: the primary selection.
    let primarySelectionManager: ZwpPrimarySelectionDeviceManagerV1?
    /// Where offered: touchpad gestures (swipe, pinch, hold).
    let pointerGestures: ZwpPointerGesturesV1?

    /// Connects to `socket` (nil: `WAYLAND_DISPLAY`) and binds the globals (one roundtrip,
    /// as long as it takes). Throws when no compositor listens there or it lacks what windows
    /// need.
    init(socket: String?) throws(WaylandError) {
        let connection = try WaylandConnection(name: socket)
        try self.init(globals: WaylandGlobals(connection: connection))
    }

    /// Binds what windows use from `globals`, whose initial globals are known (no roundtrip:
    /// the requests go with the connection's next flush). Throws when the compositor lacks
    /// what windows need.
    init(globals: WaylandGlobals) throws(WaylandError) {
        connection = globals.connection
        self.globals = globals
        compositor = try globals.require(WlCompositor.self, minVersion: 4)
        shell = try XdgShell(globals: globals)
        shm = try globals.require(WlShm.self)
        decorations = try globals.bind(ZxdgDecorationManagerV1.self)
        presentation = try globals.bind(WpPresentation.self).map(PresentationTiming.init)
        viewporter = try globals.bind(WpViewporter.self)
        fractionalScale = try globals.bind(WpFractionalScaleManagerV1.self)
        cursorShapes = try globals.bind(WpCursorShapeManagerV1.self)
        activation = try globals.bind(XdgActivationV1.self)
        textInputManager = try globals.bind(ZwpTextInputManagerV3.self)
        pointerGestures = try globals.bind(ZwpPointerGesturesV1.self)
        dataDeviceManager = try globals.bind(WlDataDeviceManager.self)
        primarySelectionManager = try globals.bind(ZwpPrimarySelectionDeviceManagerV1.self)
    }
}
