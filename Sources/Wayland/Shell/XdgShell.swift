/// The `xdg_wm_base` global, answering the compositor's pings so windows are not marked as
/// unresponsive.
public final class XdgShell {
    /// The bound global.
    public let base: XdgWmBase

    /// Binds `xdg_wm_base` (a required global) and starts answering pings.
    public init(globals: WaylandGlobals) throws(WaylandError) {
        base = try globals.require(XdgWmBase.self)
        base.onEvent = { [weak base] event in
            guard case .ping(let serial) = event else { return }
            try? base?.pong(serial: serial)
        }
    }
}
