import CWaylandClient
import Glibc
import Synchronization

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
    /// Set by ``abandon()``; read by every thread that makes requests.
    private let abandoned = Atomic<Bool>(false)
    private let dropped = Atomic<Int>(0)

    /// Connects to `name` — a socket name in `XDG_RUNTIME_DIR` or an absolute path — or, when
    /// nil, to `WAYLAND_DISPLAY` (default `wayland-0`), as libwayland does.
    public init(name: String? = nil) throws(WaylandError) {
        socket = Self.socketName(name)
        // libwayland leaves errno alone when it finds no socket to try: 0 then means "none".
        errno = 0
        do {
            raw = try SystemCall.pointer("wl_display_connect") {
                name.map { wl_display_connect($0) } ?? wl_display_connect(nil)
            }
        } catch {
            throw .cannotConnect(socket: socket, errno: error.code == 0 ? ENOENT : error.code)
        }
        display = WlDisplay(borrowing: raw, version: 1)
    }

    /// Connects to `name` (or `WAYLAND_DISPLAY`) like ``init(name:)``, without ever waiting:
    /// a compositor that stopped accepting connections (its queue of them is full) fails at
    /// once with `EAGAIN`, where `wl_display_connect` would block until it accepts again.
    /// Whether it answers is for the caller to find out (``WaylandGlobals/init(requestingFrom:)``).
    public init(connectingWithoutWaitingTo name: String?) throws(WaylandError) {
        let socket = Self.socketName(name)
        self.socket = socket
        let path: String
        if socket.hasPrefix("/") {
            path = socket
        } else if let runtimeDirectory = getenv("XDG_RUNTIME_DIR") {
            // As libwayland finds a socket name.
            path = String(cString: runtimeDirectory) + "/" + socket
        } else {
            throw .cannotConnect(socket: socket, errno: ENOENT)
        }
        let connected: Int32
        do {
            let address = try UnixSocketAddress(path: path)
            let descriptor = try UnixSocketAddress.makeSocket(nonBlocking: true)
            try address.connect(descriptor)
            // Connected: from here on the socket is used as libwayland uses its own, which
            // never waits on it (it sends and receives with MSG_DONTWAIT and polls).
            let fd = descriptor.rawValue
            let flags = try SystemCall.run("fcntl F_GETFL") { fcntl(fd, F_GETFL) }
            try SystemCall.run("fcntl F_SETFL") { fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
            connected = descriptor.release()
        } catch {
            throw .cannotConnect(socket: socket, errno: error.code)
        }
        // libwayland owns the descriptor from here, also when it fails (it closes it).
        guard let raw = wl_display_connect_to_fd(connected) else {
            throw .cannotConnect(socket: socket, errno: ENOMEM)
        }
        self.raw = raw
        display = WlDisplay(borrowing: raw, version: 1)
    }

    /// The socket `name`, else `WAYLAND_DISPLAY`, else `wayland-0`, as libwayland picks it.
    private static func socketName(_ name: String?) -> String {
        name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
    }

    deinit {
        wl_display_disconnect(raw)
    }

    /// Whether the connection's owner let go of it (it broke, and a new one takes its place):
    /// from then on no request reaches the compositor through it, from any thread. Requests
    /// made on its objects are dropped, objects those requests would create are made locally
    /// (they never reach the compositor), and destroying an object destroys it locally.
    /// Default false.
    public var isAbandoned: Bool { abandoned.load(ordering: .acquiring) }

    /// Lets go of the connection for good: see ``isAbandoned``. Call it first when the
    /// connection broke, before anything (a timer, an event handler) can make requests that
    /// would reach the broken `wl_display`, whose state libwayland does not always mark broken
    /// (a flush that fails with `EPIPE` leaves it unmarked).
    public func abandon() {
        abandoned.store(true, ordering: .releasing)
    }

    /// How many requests were dropped because the connection was abandoned.
    public var requestsDroppedAfterAbandoning: Int { dropped.load(ordering: .relaxed) }

    /// Counts a request dropped because the connection was abandoned.
    func requestDropped() {
        dropped.wrappingAdd(1, ordering: .relaxed)
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

    /// Runs a libwayland call that returns -1 and sets `errno` when the connection failed
    /// (its `errno` read at once): throws the protocol error the compositor reported, if any,
    /// or ``WaylandError/connectionLost(errno:)``. A failure with an errno in `tolerated`
    /// returns -1 instead.
    @discardableResult
    func call(_ name: String, tolerating tolerated: [Int32] = [], _ body: () -> Int32) throws(WaylandError) -> Int32 {
        do {
            return try SystemCall.run(name, restartable: false, body)
        } catch {
            if tolerated.contains(error.code) { return -1 }
            try checkError()
            throw .connectionLost(errno: error.code)
        }
    }

    /// Sends buffered requests. A full socket (`EAGAIN`) is not an error: the rest goes later.
    /// Past libwayland's own buffer (a compositor that stopped reading), the connection is
    /// broken: ``WaylandError/connectionLost(errno:)`` with `EAGAIN`. Does nothing once the
    /// connection is abandoned.
    public func flush() throws(WaylandError) {
        // Nothing of an abandoned connection is sent.
        guard !isAbandoned else { return }
        let sent = try call("wl_display_flush", tolerating: [EAGAIN]) { wl_display_flush(raw) }
        // A request that found both buffers full broke the connection, and a broken connection
        // reports its error — here EAGAIN too — from every flush.
        if sent == -1 { try checkError() }
    }

    /// Sends everything and waits until the compositor processed it, dispatching events.
    public func roundtrip() throws(WaylandError) {
        try call("wl_display_roundtrip") { wl_display_roundtrip(raw) }
    }

    /// Sends everything and waits up to `timeout` seconds until the compositor processed it,
    /// dispatching events; a compositor that does not answer in time (it stopped reading)
    /// counts as gone: ``WaylandError/connectionLost(errno:)`` with `ETIMEDOUT`.
    public func roundtrip(timeout: Double) throws(WaylandError) {
        let callback = try display.sync()
        let answer = RoundtripAnswer()
        callback.onEvent = { _ in answer.came = true }
        guard try dispatch(until: { answer.came }, timeout: timeout) else {
            throw .connectionLost(errno: ETIMEDOUT)
        }
    }

    /// Whether a roundtrip's callback came.
    private final class RoundtripAnswer {
        var came = false
    }

    /// Dispatches events already read from the socket, without blocking.
    public func dispatchPending() throws(WaylandError) {
        try call("wl_display_dispatch_pending") { wl_display_dispatch_pending(raw) }
    }

    /// Reads what the socket has (never blocking) and dispatches it: call when the fd is readable.
    ///
    /// Another thread dispatching its own queue may have read the data already: the socket is
    /// polled first, and nothing is read when it is empty (reading would wait for that thread).
    public func readAndDispatch() throws(WaylandError) {
        while wl_display_prepare_read(raw) != 0 {
            try dispatchPending()
        }
        guard try poll(timeout: 0) else {
            wl_display_cancel_read(raw)
            try dispatchPending()
            try checkError()
            return
        }
        try call("wl_display_read_events") { wl_display_read_events(raw) }
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
        guard try poll(timeout: Int32(min(max(0, timeout), 3600) * 1000)) else {
            wl_display_cancel_read(raw)
            return false
        }
        try call("wl_display_read_events") { wl_display_read_events(raw) }
        try dispatchPending()
        return true
    }

    /// Waits up to `timeout` milliseconds for the socket to become readable (a read prepared);
    /// a signal ends the wait as if nothing came. On failure the prepared read is cancelled.
    private func poll(timeout: Int32) throws(WaylandError) -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        do {
            return try SystemCall.run("poll", restartable: false) { Glibc.poll(&descriptor, 1, timeout) } > 0
        } catch let error where error.isInterrupted {
            return false
        } catch {
            wl_display_cancel_read(raw)
            throw WaylandError(error)
        }
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
