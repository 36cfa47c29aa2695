import QuartzCore
internal import Wayland

/// Decorations: the title bar with the window's title and its minimise, maximise and close
/// buttons, and the edges that resize it. The compositor draws them where it offers
/// `xdg-decoration` and agrees to; elsewhere (weston, GNOME) Lamina draws them with layers in
/// the window's own surface, above the app's content.
extension Window {
    /// Which decorations an app wants for a window.
    public enum Decorations: Sendable {
        /// The compositor's where it offers them (`xdg-decoration`), else Lamina's. The default.
        case automatic
        /// Lamina's: where the compositor offers `xdg-decoration` it is asked to leave the
        /// decorations to the window. The compositor has the last word: one that insists on
        /// drawing its own (sway 1.7 always does) gets its way, and Lamina draws none.
        case clientSide
        /// None: the app draws whatever frame it wants (or none) and handles moving and
        /// resizing itself. The compositor is asked not to draw any (and has the last word,
        /// as for ``clientSide``).
        case none
    }

    /// Who draws a window's decorations now.
    public enum DecorationMode: Sendable {
        /// The compositor (through `xdg-decoration`): the surface is the content alone.
        case serverSide
        /// Lamina, with layers: the surface has a title bar above the content and resize edges.
        case clientSide
        /// Nobody: the window is fullscreen, or the app asked for ``Decorations/none``.
        case none
    }

    /// Who draws the window's decorations now. `.clientSide` until the first configure.
    public var decorationMode: DecorationMode { currentDecorationMode }

    /// Which decorations the app wants. Default `.automatic` (or what was given at
    /// initialisation). Settable at any time: the compositor is asked again, and the window
    /// follows its answer.
    public var decorations: Decorations {
        get { decorationPreference }
        set {
            guard newValue != decorationPreference else { return }
            decorationPreference = newValue
            if toplevel.canNegotiateDecorations {
                send { try toplevel.requestDecorationMode(newValue == .automatic ? .serverSide : .clientSide) }
            }
            // Without xdg-decoration no configure follows: the window answers its last one
            // again, laid out for the new preference.
            if !toplevel.canNegotiateDecorations, let configuration = toplevel.configuration { configure(configuration) }
        }
    }

    /// The offset of the app's content (the root layer's origin) from the surface's
    /// top-left corner: (0, title-bar height) with Lamina's decorations, else (0, 0).
    public var contentOrigin: CGPoint { frame.contentOrigin }

    /// Whether the compositor says the window is maximised.
    public var isMaximized: Bool { toplevel.configuration?.isMaximized ?? false }

    /// Whether the compositor says the window is fullscreen.
    public var isFullscreen: Bool { toplevel.configuration?.isFullscreen ?? false }

    /// Whether the compositor says the window is active (it has the focus). Lamina's title
    /// bar is dimmed while it is not.
    public var isActive: Bool { toplevel.configuration?.isActivated ?? false }

    /// The decoration mode a configuration gives, with the app's preference.
    func decorationMode(for configuration: ToplevelSurface.Configuration) -> DecorationMode {
        if configuration.isFullscreen { return .none }
        if configuration.decorationMode == .serverSide { return .serverSide }
        return decorationPreference == .none ? .none : .clientSide
    }

    // MARK: - Pointer on the frame

    /// Routes a pointer event at `point` (surface coordinates): to the decorations when it is
    /// on them (or a press on a title-bar button holds the pointer), else to the content, in
    /// content coordinates. The content sees the pointer leave when it moves onto the
    /// decorations, and enter again when it comes back.
    func routePointer(_ kind: PointerEvent.Kind, at point: CGPoint, serial: UInt32, time: UInt32, seat: WlSeat, scrolling: PointerEvent.Scrolling) {
        if case .pressed = kind { input.lastPress = (serial, seat) }
        measuringInput(.pointer(kind), timestamp: time) {
            routeMeasuredPointer(kind, at: point, serial: serial, time: time, seat: seat, scrolling: scrolling)
        }
    }

    private func routeMeasuredPointer(
        _ kind: PointerEvent.Kind, at point: CGPoint, serial: UInt32, time: UInt32, seat: WlSeat, scrolling: PointerEvent.Scrolling
    ) {
        let zone = frame.zone(at: point)
        let onDecorations: Bool
        if input.decorationPress != nil {
            onDecorations = true
        } else if !input.pressedButtons.isEmpty {
            onDecorations = false  // a press in the content keeps the pointer there
        } else {
            onDecorations = zone != .content
        }
        let origin = frame.contentOrigin
        let contentPoint = CGPoint(x: point.x - origin.x, y: point.y - origin.y)
        guard onDecorations else {
            input.decorationCursor = nil
            frame.setHovered(nil)
            switch kind {
            case .exited:
                if input.isPointerInContent { deliverPointer(.exited, at: contentPoint, time: time) }
                input.isPointerInContent = false
            case .entered:
                input.isPointerInContent = true
                deliverPointer(.entered, at: contentPoint, time: time)
            default:
                if !input.isPointerInContent {
                    input.isPointerInContent = true
                    deliverPointer(.entered, at: contentPoint, time: time)
                }
                deliverPointer(kind, at: contentPoint, time: time, scrolling: scrolling)
            }
            return
        }
        if input.isPointerInContent {
            input.isPointerInContent = false
            deliverPointer(.exited, at: contentPoint, time: time)
        }
        switch kind {
        case .entered, .moved:
            hoverFrame(zone)
        case .pressed(let button):
            pressFrame(zone, button: button, at: point, serial: serial, time: time, seat: seat)
        case .released:
            let pressed = input.decorationPress
            input.decorationPress = nil
            if let pressed, zone == .button(pressed) { perform(pressed) }
            hoverFrame(zone)
        case .exited:
            input.decorationPress = nil
            input.decorationCursor = nil
            frame.setHovered(nil)
        case .scrolled, .hoverEntered, .hoverExited:
            break
        }
    }

    private func hoverFrame(_ zone: WindowFrame.Zone) {
        input.decorationCursor = WindowFrame.cursor(for: zone) ?? .arrow
        if case .button(let button) = zone {
            frame.setHovered(button)
        } else {
            frame.setHovered(nil)
        }
    }

    /// The Linux input codes of the left and right buttons.
    private static let leftButton: UInt32 = 0x110
    private static let rightButton: UInt32 = 0x111
    /// Two presses on the title bar at most this far apart in time (ms) and space (points)
    /// make a double click.
    private static let doubleClickInterval: UInt32 = 400
    private static let doubleClickDistance: CGFloat = 6

    private func pressFrame(
        _ zone: WindowFrame.Zone, button: UInt32, at point: CGPoint, serial: UInt32, time: UInt32, seat: WlSeat
    ) {
        switch (zone, button) {
        case (.edge(let edge), Self.leftButton):
            input.lastTitleBarPress = nil
            send { try toplevel.toplevel.resize(seat: seat, serial: serial, edges: edge) }
        case (.button(let pressed), Self.leftButton):
            input.lastTitleBarPress = nil
            input.decorationPress = pressed
        case (.titleBar, Self.leftButton):
            if let last = input.lastTitleBarPress, time &- last.time <= Self.doubleClickInterval,
                abs(point.x - last.location.x) <= Self.doubleClickDistance,
                abs(point.y - last.location.y) <= Self.doubleClickDistance
            {
                input.lastTitleBarPress = nil
                setMaximized(!isMaximized)
            } else {
                input.lastTitleBarPress = (time, point)
                send { try toplevel.toplevel.move(seat: seat, serial: serial) }
            }
        case (.titleBar, Self.rightButton), (.button, Self.rightButton):
            input.lastTitleBarPress = nil
            let x = Self.surfaceCoordinate(point.x), y = Self.surfaceCoordinate(point.y)
            send { try toplevel.toplevel.showWindowMenu(seat: seat, serial: serial, x: x, y: y) }
        default:
            break
        }
    }

    /// What a click on a title-bar button does.
    private func perform(_ button: WindowFrame.Button) {
        switch button {
        case .close: closeRequested()
        case .maximize: setMaximized(!isMaximized)
        case .minimize: minimize()
        }
    }

    /// A pointer coordinate as a whole surface coordinate (NaN: 0; clamped to Int32).
    private static func surfaceCoordinate(_ value: CGFloat) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(max(-1_000_000, min(1_000_000, value.rounded())))
    }
}
