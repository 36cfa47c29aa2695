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
    private var pendingActivated = false
    private var frameCallback: WlCallback?
    /// The size used when the compositor leaves the choice to the client.
    public var preferredSize: (width: Int, height: Int)
    /// The last acknowledged configuration, nil before the first configure.
    public private(set) var configuration: Configuration?
    /// Called after each configure was acknowledged; draw and commit at the new size.
    public var onConfigure: ((Configuration) -> Void)?
    /// Called when the user or compositor asks the window to close.
    public var onClose: (() -> Void)?
    /// Diagnostics about compositor input that was corrected.
    public var onDiagnostic: ((String) -> Void)?
    /// Whether a frame callback is pending.
    public var isFramePending: Bool { frameCallback != nil }

    /// Creates the surface and its toplevel role and commits once to ask for the first configure.
    /// Requests server-side decorations when `decorations` is given.
    public init(
        compositor: WlCompositor, shell: XdgShell, decorations: ZxdgDecorationManagerV1? = nil,
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
            decoration = try decorations.getToplevelDecoration(toplevel: toplevel)
            try decoration?.setMode(mode: .serverSide)
        }
        toplevel.onEvent = { [weak self] event in
            guard let self else { return }
            switch event {
            case .configure(let width, let height, let states):
                pendingWidth = width
                pendingHeight = height
                pendingActivated = Self.states(states).contains(.activated)
            case .close:
                onClose?()
            default:
                break
            }
        }
        xdgSurface.onEvent = { [weak self] event in
            guard let self, case .configure(let serial) = event else { return }
            try? xdgSurface.ackConfigure(serial: serial)
            let configuration = Configuration(
                width: clamp(pendingWidth, fallback: preferredSize.width, axis: "width"),
                height: clamp(pendingHeight, fallback: preferredSize.height, axis: "height"),
                isActivated: pendingActivated,
                isSizeFromCompositor: pendingWidth > 0 && pendingHeight > 0)
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
