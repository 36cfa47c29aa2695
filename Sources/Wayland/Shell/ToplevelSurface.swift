/// A desktop window's surface: `wl_surface` + `xdg_surface` + `xdg_toplevel`.
///
/// Handles configure (acknowledging every one), close requests and frame callbacks. Sizes
/// from the compositor are untrusted: 0 means "the client chooses" (the preferred size is
/// used), and sizes beyond `ShmBufferPool.maximumDimension` are clamped with a diagnostic.
public final class ToplevelSurface {
    /// A configure the client must honour: the size to draw at.
    public struct Configuration: Equatable, Sendable {
        /// Width in surface coordinates.
        public var width: Int
        /// Height in surface coordinates.
        public var height: Int
        /// Whether the compositor marked the window activated.
        public var isActivated: Bool
        /// Whether the compositor chose the size (false when it sent 0×0, leaving it to us).
        public var isSizeFromCompositor: Bool
        /// Whether the compositor chose the width (false: it sent 0 or a negative width, and
        /// `width` is the preferred one).
        public var isWidthFromCompositor: Bool
        /// Whether the compositor chose the height.
        public var isHeightFromCompositor: Bool
        /// Whether the window is maximised.
        public var isMaximized: Bool
        /// Whether the window is fullscreen.
        public var isFullscreen: Bool
        /// The edges along which the window is tiled (`left`, `right`, `top`, `bottom`;
        /// others are not used).
        public var tiledEdges: Set<XdgToplevel.ResizeEdge>
        /// Who draws the window's decorations: the compositor (`.serverSide`, after it said so
        /// through `xdg-decoration`) or the client (`.clientSide`: also when the compositor
        /// offers no `xdg-decoration`, has not answered yet, or answered a mode it does not
        /// define).
        public var decorationMode: DecorationMode
    }

    /// Who draws a toplevel's decorations.
    public enum DecorationMode: Equatable, Sendable {
        /// The client draws them (or none).
        case clientSide
        /// The compositor draws them.
        case serverSide
    }

    /// The `wl_surface`.
    public let surface: WlSurface
    /// The `xdg_surface` role object.
    public let xdgSurface: XdgSurface
    /// The `xdg_toplevel`.
    public let toplevel: XdgToplevel
    private var decoration: ZxdgToplevelDecorationV1?
    /// Kept alive with the surface: destroying `xdg_wm_base` while it has surfaces is a
    /// protocol error.
    private let shell: XdgShell
    private var pendingWidth: Int32 = 0
    private var pendingHeight: Int32 = 0
    private var pendingStates: [XdgToplevel.State] = []
    /// The mode the compositor's last `zxdg_toplevel_decoration_v1.configure` chose; it takes
    /// effect with the next `xdg_surface.configure`.
    private var pendingDecorationMode: DecorationMode = .clientSide
    private var frameCallback: WlCallback?
    /// The size used when the compositor leaves the choice to the client.
    public var preferredSize: (width: Int, height: Int)
    /// The last acknowledged configuration, nil before the first configure.
    public private(set) var configuration: Configuration?
    /// Called just before a configure is acknowledged: from then on, the next commit applies
    /// it, so a renderer on another thread should hold its frames until ``onConfigure`` has
    /// laid the window out for it.
    public var willAcknowledgeConfigure: (() -> Void)?
    /// Called after each configure was acknowledged; draw and commit at the new size.
    public var onConfigure: ((Configuration) -> Void)?
    /// Called when the user or compositor asks the window to close.
    public var onClose: (() -> Void)?
    /// Diagnostics about compositor input that was corrected.
    public var onDiagnostic: ((String) -> Void)?
    /// Whether a frame callback is pending.
    public var isFramePending: Bool { frameCallback != nil }

    /// Creates the surface and its toplevel role and commits once to ask for the first configure.
    /// Where `decorations` is given, asks the compositor for `requestedDecorationMode`
    /// (default server-side decorations).
    public init(
        compositor: WlCompositor, shell: XdgShell, decorations: ZxdgDecorationManagerV1? = nil,
        requestedDecorationMode: DecorationMode = .serverSide,
        title: String, appID: String, preferredSize: (width: Int, height: Int)
    ) throws(WaylandError) {
        self.preferredSize = preferredSize
        self.shell = shell
        surface = try compositor.createSurface()
        xdgSurface = try shell.base.getXdgSurface(surface: surface)
        toplevel = try xdgSurface.getToplevel()
        try toplevel.setTitle(title: title)
        try toplevel.setAppId(appId: appID)
        if let decorations {
            let decoration = try decorations.getToplevelDecoration(toplevel: toplevel)
            self.decoration = decoration
            decoration.onEvent = { [weak self] event in
                guard let self, case .configure(let mode) = event else { return }
                switch mode {
                case .serverSide: pendingDecorationMode = .serverSide
                case .clientSide: pendingDecorationMode = .clientSide
                default:
                    onDiagnostic?("the compositor chose decoration mode \(mode.rawValue), which xdg-decoration does not define; drawing the decorations here")
                    pendingDecorationMode = .clientSide
                }
            }
            try requestDecorationMode(requestedDecorationMode)
        }
        toplevel.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case .configure(let width, let height, let states):
                pendingWidth = width
                pendingHeight = height
                pendingStates = Self.states(states)
            case .close:
                onClose?()
            default:
                break
            }
        }
        xdgSurface.onEvent = { [weak self] event in
            guard let self, case .configure(let serial) = event else { return }
            willAcknowledgeConfigure?()
            try? xdgSurface.ackConfigure(serial: serial)
            let configuration = Configuration(
                width: clamp(pendingWidth, fallback: preferredSize.width, axis: "width"),
                height: clamp(pendingHeight, fallback: preferredSize.height, axis: "height"),
                isActivated: pendingStates.contains(.activated),
                isSizeFromCompositor: pendingWidth > 0 && pendingHeight > 0,
                isWidthFromCompositor: pendingWidth > 0, isHeightFromCompositor: pendingHeight > 0,
                isMaximized: pendingStates.contains(.maximized), isFullscreen: pendingStates.contains(.fullscreen),
                tiledEdges: Self.tiledEdges(pendingStates),
                decorationMode: decoration == nil ? .clientSide : pendingDecorationMode)
            self.configuration = configuration
            onConfigure?(configuration)
        }
        // The initial commit without a buffer asks for the first configure.
        try surface.commit()
    }

    private func clamp(_ value: Int32, fallback: Int, axis: String) -> Int {
        if value == 0 { return fallback }
        if value < 0 {
            onDiagnostic?("the compositor sent a negative \(axis) (\(value)); using \(fallback)")
            return fallback
        }
        if Int(value) > ShmBufferPool.maximumDimension {
            onDiagnostic?("the compositor sent a \(axis) of \(value); clamped to \(ShmBufferPool.maximumDimension)")
            return ShmBufferPool.maximumDimension
        }
        return Int(value)
    }

    private static func tiledEdges(_ states: [XdgToplevel.State]) -> Set<XdgToplevel.ResizeEdge> {
        var edges: Set<XdgToplevel.ResizeEdge> = []
        if states.contains(.tiledLeft) { edges.insert(.left) }
        if states.contains(.tiledRight) { edges.insert(.right) }
        if states.contains(.tiledTop) { edges.insert(.top) }
        if states.contains(.tiledBottom) { edges.insert(.bottom) }
        return edges
    }

    /// Whether the compositor offers `xdg-decoration` (the surface has a decoration object).
    public var canNegotiateDecorations: Bool { decoration != nil }

    /// Asks the compositor to draw the decorations (`.serverSide`) or to leave them to the
    /// client; it answers with a configure. Does nothing where `xdg-decoration` is not offered.
    public func requestDecorationMode(_ mode: DecorationMode) throws(WaylandError) {
        try decoration?.setMode(mode: mode == .serverSide ? .serverSide : .clientSide)
    }

    /// Destroys the role objects, the decoration object first (destroying the toplevel before
    /// it is a protocol error), then the toplevel and the `xdg_surface`. The `wl_surface`
    /// stays (it goes with this object). Events no longer arrive.
    public func destroyRole() {
        decoration?.destroy()
        decoration = nil
        toplevel.destroy()
        xdgSurface.destroy()
        frameCallback = nil
    }

    private static func states(_ bytes: [UInt8]) -> [XdgToplevel.State] {
        stride(from: 0, to: bytes.count - bytes.count % 4, by: 4).map { index in
            XdgToplevel.State(rawValue: UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
        }
    }

    /// Asks for a frame callback with the next commit; `handler` gets the callback's timestamp
    /// in milliseconds. Only one is pending at a time: a second request replaces the handler.
    public func requestFrame(_ handler: @escaping (UInt32) -> Void) throws(WaylandError) {
        let callback = try surface.frame()
        callback.onEvent = { [weak self] event in
            guard case .done(let time) = event else { return }
            self?.frameCallback = nil
            handler(time)
        }
        frameCallback = callback
    }
}
