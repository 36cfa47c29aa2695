import Foundation
internal import Wayland

/// What apps expect to change on a desktop window while it is open: its title and
/// application ID, size limits, maximised / fullscreen / minimised, and closing. Each is a
/// request to the compositor, which may refuse it (a tiling compositor keeps its sizes).
extension Window {
    /// The window's title, shown in its title bar and task lists. Settable at any time.
    public var title: String {
        get { management.title }
        set {
            management.title = newValue
            frame.setTitle(newValue)
            send { try toplevel.toplevel.setTitle(title: Self.protocolString(newValue)) }
        }
    }

    /// The application ID (a reverse-DNS name, e.g. `org.example.app`) that desktops use to
    /// group windows and find the app's icon. Settable at any time.
    public var appID: String {
        get { management.appID }
        set {
            management.appID = newValue
            send { try toplevel.toplevel.setAppId(appId: Self.protocolString(newValue)) }
        }
    }

    /// The smallest size the user may give the window, in points; zero on a side: no limit.
    /// Default `.zero`. Sides are clamped to 0…16384.
    public var minimumSize: CGSize {
        get { management.minimumSize }
        set {
            management.minimumSize = newValue
            let (width, height) = Self.protocolSize(newValue)
            send { try toplevel.toplevel.setMinSize(width: width, height: height) }
        }
    }

    /// The largest size the user may give the window, in points; zero on a side: no limit.
    /// Default `.zero`. Sides are clamped to 0…16384.
    public var maximumSize: CGSize {
        get { management.maximumSize }
        set {
            management.maximumSize = newValue
            let (width, height) = Self.protocolSize(newValue)
            send { try toplevel.toplevel.setMaxSize(width: width, height: height) }
        }
    }

    /// Asks the compositor to maximise the window (`true`) or restore it (`false`).
    public func setMaximized(_ maximized: Bool) {
        send { maximized ? try toplevel.toplevel.setMaximized() : try toplevel.toplevel.unsetMaximized() }
    }

    /// Asks the compositor to show the window fullscreen (`true`) or restore it (`false`).
    public func setFullscreen(_ fullscreen: Bool) {
        send { fullscreen ? try toplevel.toplevel.setFullscreen(output: nil) : try toplevel.toplevel.unsetFullscreen() }
    }

    /// Asks the compositor to minimise the window (it may not say whether it did).
    public func minimize() {
        send { try toplevel.toplevel.setMinimized() }
    }

    /// Closes the window: its frames stop, its `xdg_toplevel` (and decoration object) are
    /// destroyed and it disappears from the screen. The process keeps running. The delegate
    /// hears ``WindowDelegate/windowWillClose(_:)`` before and
    /// ``WindowDelegate/windowDidClose(_:)`` after; ``onClose`` is not called (it reports the
    /// compositor's or the close button's request).
    public func close() {
        guard !management.isClosed, !management.isClosing else { return }
        management.isClosing = true
        willClose()
        closePopups()
        stopRendering()
        // A null buffer unmaps the surface.
        send {
            try toplevel.surface.attach(buffer: nil, x: 0, y: 0)
            try toplevel.surface.commit()
            // The decoration object goes before the toplevel, the toplevel before its
            // xdg_surface, as the protocols require.
            toplevel.destroyRole()
        }
        management.isClosed = true
        application.unregister(self)
        didClose()
    }

    /// Whether ``close()`` was called.
    public var isClosed: Bool { management.isClosed }

    /// Sends one or more requests; a failure means the connection broke, which the
    /// application reports.
    func send(_ requests: () throws -> Void) {
        guard !management.isClosed else { return }
        application.send(requests)
    }

    /// `text` without NUL characters (a protocol string ends at the first one).
    private static func protocolString(_ text: String) -> String {
        text.contains("\0") ? text.replacingOccurrences(of: "\0", with: "") : text
    }

    /// A size in whole points, each side clamped to 0…16384 (NaN: 0).
    private static func protocolSize(_ size: CGSize) -> (Int32, Int32) {
        func side(_ value: CGFloat) -> Int32 {
            guard value.isFinite, value > 0 else { return value == .infinity ? 16_384 : 0 }
            return Int32(min(value.rounded(), 16_384))
        }
        return (side(size.width), side(size.height))
    }
}

/// The window-management state a `Window` keeps (what was last asked for).
struct WindowManagementState {
    var title: String
    var appID: String
    var minimumSize: CGSize = .zero
    var maximumSize: CGSize = .zero
    var isClosed = false
    /// Whether ``Window/close()`` is telling the delegate the window will close.
    var isClosing = false
}
