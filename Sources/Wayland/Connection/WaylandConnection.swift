import CWaylandClient
import Glibc

/// A connection to a Wayland compositor (`wl_display`).
///
/// Used from one thread. Objects created through it keep it alive. Every call that talks to
/// the compositor checks the display's error state and throws `WaylandError` once the
/// connection broke or the compositor reported a protocol error.
public final class WaylandConnection {
    let raw: OpaquePointer
    /// The `wl_display` object, for `getRegistry()` and `sync()`.
    public let display: WlDisplay
    /// The socket name or path this connection was opened with.
    public let socket: String

    /// Connects to `name` — a socket name in `XDG_RUNTIME_DIR` or an absolute path — or, when
    /// nil, to `WAYLAND_DISPLAY` (default `wayland-0`), as libwayland does.
    public init(name: String? = nil) throws(WaylandError) {
        let environment = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        socket = name ?? environment ?? "wayland-0"
        errno = 0
        let raw: OpaquePointer? = name.map { wl_display_connect($0) } ?? wl_display_connect(nil)
        guard let raw else { throw .cannotConnect(socket: socket, errno: errno == 0 ? ENOENT : errno) }
        self.raw = raw
        display = WlDisplay(borrowing: raw, version: 1)
    }

    deinit {
        wl_display_disconnect(raw)
    }

    /// The socket's file descriptor, for a poll loop or a Dispatch read source.
    public var fileDescriptor: Int32 { wl_display_get_fd(raw) }

    /// Throws the error that broke the connection, if any.
    public func checkError() throws(WaylandError) {
        let code = wl_display_get_error(raw)
        guard code != 0 else { return }
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var objectID: UInt32 = 0
            let protocolCode = wl_display_get_protocol_error(raw, &interface, &objectID)
            let name = interface.flatMap { $0.pointee.name.map { String(cString: $0) } } ?? "unknown interface"
            throw .protocolError(interface: name, objectID: objectID, code: protocolCode)
        }
        throw .connectionLost(errno: code)
    }

    /// Sends buffered requests. A full socket (`EAGAIN`) is not an error: the rest goes later.
    public func flush() throws(WaylandError) {
        if wl_display_flush(raw) < 0 && errno != EAGAIN {
            try checkError()
            throw .connectionLost(errno: errno)
        }
    }

    /// Sends everything and waits until the compositor processed it, dispatching events.
    public func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(raw) < 0 {
            try checkError()
            throw .connectionLost(errno: errno)
        }
    }

    /// Dispatches events already read from the socket, without blocking.
    public func dispatchPending() throws(WaylandError) {
        if wl_display_dispatch_pending(raw) < 0 {
            try checkError()
            throw .connectionLost(errno: errno)
        }
    }

    /// Reads what the socket has (never blocking) and dispatches it: call when the fd is readable.
    ///
    /// Another thread dispatching its own queue may have read the data already: the socket is
    /// polled first, and nothing is read when it is empty (reading would wait for that thread).
    public func readAndDispatch() throws(WaylandError) {
        while wl_display_prepare_read(raw) != 0 {
            try dispatchPending()
        }
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) > 0 else {
            wl_display_cancel_read(raw)
            try dispatchPending()
            try checkError()
            return
        }
        if wl_display_read_events(raw) < 0 {
            try checkError()
            throw .connectionLost(errno: errno)
        }
        try dispatchPending()
        try checkError()
    }

    /// Waits up to `timeout` seconds for events and dispatches them; returns whether any came.
    /// For tests and tools that run without a main loop.
    @discardableResult
    public func dispatch(timeout: Double) throws(WaylandError) -> Bool {
        try dispatchPending()
        while wl_display_prepare_read(raw) != 0 {
            try dispatchPending()
        }
        try flush()
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, Int32(max(0, timeout) * 1000))
        if ready <= 0 {
            wl_display_cancel_read(raw)
            if ready < 0 && errno != EINTR { throw .system(operation: "poll", errno: errno) }
            return false
        }
        if wl_display_read_events(raw) < 0 {
            try checkError()
            throw .connectionLost(errno: errno)
        }
        try dispatchPending()
        return true
    }

    /// Dispatches until `condition` holds or `timeout` seconds pass; returns whether it holds.
    public func dispatch(until condition: () -> Bool, timeout: Double) throws(WaylandError) -> Bool {
        let deadline = monotonicSeconds() + timeout
        while !condition() {
            let left = deadline - monotonicSeconds()
            if left <= 0 { return false }
            try dispatch(timeout: min(left, 0.05))
        }
        return true
    }

    /// Creates the registry; its objects keep this connection alive.
    public func makeRegistry() throws(WaylandError) -> WlRegistry {
        let registry = try display.getRegistry()
        registry.connection = self
        return registry
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
