import CWaylandServer
import Dispatch
import Foundation
import Glibc
import Wayland

/// A small Wayland compositor that a test drives event by event.
///
/// It runs in-process on its own thread (built on libwayland-server) and offers what a
/// Lamina window binds: `wl_compositor`, `wl_shm`, `xdg_wm_base`, `wl_seat` with a pointer,
/// `wl_output`, `wp_presentation` and `zxdg_decoration_manager_v1`. Unlike a real compositor it does nothing on its own
/// beyond the basics (answering a toplevel's first commit with a configure, releasing a
/// replaced buffer): the test decides when frames complete, what sizes are configured,
/// when buffers are released, and can send what real compositors rarely do — sizes of 0,
/// negative or huge, a close, a protocol error, a disconnect mid-frame — deterministically.
///
/// ```swift
/// let compositor = try ScriptedCompositor()
/// let app = try Application(socket: compositor.socketPath)
/// let window = try Window(application: app, title: "test")
/// await compositor.waitUntil { $0.frames.count == 1 }
/// compositor.configure(width: 640, height: 480)
/// compositor.completeFrame()
/// ```
///
/// Every script method runs on the compositor's thread and returns once its events were
/// sent. `state` is a copy of what the compositor has seen; `waitUntil` waits for a
/// condition on it without blocking the caller's thread, `wait` blocks.
public final class ScriptedCompositor: @unchecked Sendable {
    /// The absolute path of the listening socket: use it as `WAYLAND_DISPLAY`.
    public let socketPath: String
    /// The configuration it was started with.
    public let configuration: Configuration

    // Shared between threads, under `lock`.
    private let lock = NSLock()
    private var sharedState = State()
    private var commands: [() -> Void] = []
    private var waiters: [Waiter] = []
    private var stopped = false
    /// Signalled to let a suspended server thread go on (`setSuspended`).
    private var suspension: DispatchSemaphore?

    // Server thread only.
    let display: OpaquePointer
    private let loop: OpaquePointer
    private let directory: String
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)
    var resources: [OpaquePointer: ServerResource] = [:]
    /// The same resources by interface name.
    var resourcesByInterface: [String: [OpaquePointer: ServerResource]] = [:]
    var listeners: [ServerDestroyListener] = []
    var clients: Set<OpaquePointer> = []
    var heldBuffers: [ServerResource] = []
    /// Pipes of reads an offer does not answer (`setSelection(answeringReads: false)`): open
    /// until the compositor stops.
    var unansweredReads: [Int32] = []
    var frameCallbacks: [ServerResource] = []
    var feedbacks: [ServerResource] = []
    var serial: UInt32 = 0
    var sequence: UInt64 = 0
    let startTime = DispatchTime.now()
    var globalContexts: [Unmanaged<GlobalContext>] = []
    /// The surface the test put the pointer on (a popup's), nil for the first toplevel's.
    var pointerFocusSurface: ServerResource?
    /// The `wl_output` globals, by output index (nil once removed).
    var outputGlobals: [Int: OpaquePointer] = [:]
    /// The scales of outputs added with `addOutput(scale:)`, by index, and the next index.
    var addedOutputScales: [Int: Int32] = [:]
    lazy var nextOutputIndex = configuration.additionalOutputScales.count + 1
    /// The seat capabilities `setSeatCapabilities(pointer:keyboard:)` set (nil: as configured).
    var seatCapabilities: UInt32?

    private struct Waiter {
        let id: Int
        let condition: @Sendable (State) -> Bool
        let resume: @Sendable (Bool) -> Void
    }
    private var nextWaiterID = 0

    /// Starts the compositor on its own thread, listening on a new socket in a private
    /// directory under `/tmp`.
    public init(_ configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        var template = Array("/tmp/lamina-scripted-XXXXXX".utf8CString)
        let made: UnsafeMutablePointer<CChar>
        do {
            made = try SystemCall.pointer("mkdtemp") { template.withUnsafeMutableBufferPointer { $0.baseAddress.flatMap { mkdtemp($0) } } }
        } catch {
            throw CompositorError("cannot create a private directory for the scripted compositor's socket: \(error)")
        }
        directory = String(cString: made)
        socketPath = directory + "/wayland-scripted"
        guard let display = wl_display_create() else {
            throw CompositorError("wl_display_create failed (out of memory?)")
        }
        self.display = display
        loop = wl_display_get_event_loop(display)
        let listening = try Self.listen(at: socketPath)
        guard wl_display_add_socket_fd(display, listening) == 0 else {
            Glibc.close(listening)
            wl_display_destroy(display)
            throw CompositorError("libwayland-server refused the listening socket at \(socketPath)")
        }
        do {
            (wakeRead, wakeWrite) = try NonBlockingPipe().release()
        } catch {
            wl_display_destroy(display)
            throw CompositorError("\(error)")
        }
        installGlobals()
        let context = Unmanaged.passUnretained(self).toOpaque()
        wl_event_loop_add_fd(loop, wakeRead, UInt32(WL_EVENT_READABLE), { _, _, data in
            guard let data else { return 0 }
            Unmanaged<ScriptedCompositor>.fromOpaque(data).takeUnretainedValue().runCommands()
            return 0
        }, context)
        let thread = Thread { [self] in serve() }
        thread.name = "ScriptedCompositor"
        thread.start()
    }

    deinit { stop() }

    private static func listen(at path: String) throws -> Int32 {
        do {
            let socket = try UnixSocketAddress.makeSocket()
            try UnixSocketAddress(path: path).listen(socket, backlog: 16)
            return socket.release()
        } catch {
            throw CompositorError("cannot listen at \(path): \(error)")
        }
    }

    /// The environment a child process needs to connect here (the current one with
    /// `WAYLAND_DISPLAY` set to `socketPath`).
    public var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["WAYLAND_DISPLAY"] = socketPath
        env["XDG_RUNTIME_DIR"] = directory
        return env
    }

    // MARK: - The server thread

    private func serve() {
        while true {
            lock.lock()
            let done = stopped
            lock.unlock()
            if done { break }
            wl_event_loop_dispatch(loop, -1)
            wl_display_flush_clients(display)
        }
        wl_display_destroy_clients(display)
        wl_display_destroy(display)
        for context in globalContexts { context.release() }
        globalContexts = []
        listeners = []
        for descriptor in unansweredReads { Glibc.close(descriptor) }
        unansweredReads = []
        Glibc.close(wakeRead)
        finished.signal()
    }

    private func runCommands() {
        var byte: UInt8 = 0
        while read(wakeRead, &byte, 1) > 0 {}
        lock.lock()
        let pending = commands
        commands = []
        lock.unlock()
        for command in pending { command() }
        wl_display_flush_clients(display)
    }

    /// Runs `body` on the server thread and returns its result once it ran.
    @discardableResult
    func perform<T>(_ body: @escaping () -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: T?
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return body()  // the thread is gone: nothing can race with us
        }
        commands.append {
            result = body()
            done.signal()
        }
        lock.unlock()
        wake()
        done.wait()
        guard let result else { preconditionFailure("a scripted compositor command finished without a result") }
        return result
    }

    /// Wakes the server thread to run the commands queued.
    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    /// Stops the compositor (`true`) as `SIGSTOP` stops a real one, or lets it go on (`false`).
    /// While stopped it reads no request, sends no event and accepts no connection (the
    /// kernel still completes a client's `connect` into the listening socket's queue); script
    /// steps wait until it goes on, `state` and `waitUntil` do not.
    public func setSuspended(_ suspended: Bool) {
        lock.lock()
        guard suspended else {
            let suspension = self.suspension
            self.suspension = nil
            lock.unlock()
            suspension?.signal()
            return
        }
        guard !stopped, suspension == nil else {
            lock.unlock()
            return
        }
        let resumed = DispatchSemaphore(value: 0)
        let stoppedHere = DispatchSemaphore(value: 0)
        suspension = resumed
        commands.append {
            stoppedHere.signal()
            resumed.wait()
        }
        lock.unlock()
        wake()
        stoppedHere.wait()
    }

    /// Stops the compositor: disconnects every client, closes the socket and ends the thread.
    public func stop() {
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return
        }
        stopped = true
        let pendingWaiters = waiters
        waiters = []
        let suspension = self.suspension
        self.suspension = nil
        lock.unlock()
        suspension?.signal()
        wake()
        finished.wait()
        Glibc.close(wakeWrite)
        for waiter in pendingWaiters { waiter.resume(false) }
        unlink(socketPath)
        rmdir(directory)
    }

    // MARK: - State

    /// What the compositor has seen so far.
    public var state: State {
        lock.lock()
        defer { lock.unlock() }
        return sharedState
    }

    /// Changes the shared state (server thread) and wakes the waiters whose condition holds.
    func update(_ change: (inout State) -> Void) {
        lock.lock()
        change(&sharedState)
        if let limit = configuration.historyLimit { sharedState.trimHistory(keeping: limit) }
        let snapshot = sharedState
        var ready: [Waiter] = []
        waiters.removeAll { waiter in
            guard waiter.condition(snapshot) else { return false }
            ready.append(waiter)
            return true
        }
        lock.unlock()
        for waiter in ready { waiter.resume(true) }
    }

    /// Waits, without blocking the calling thread, until `condition` holds for the state;
    /// returns false if it did not within `timeout` seconds.
    public func waitUntil(timeout: Double = 10, _ condition: @escaping @Sendable (State) -> Bool) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = ResumeOnce(continuation)
            lock.lock()
            if condition(sharedState) || stopped {
                let holds = condition(sharedState)
                lock.unlock()
                once.resume(holds)
                return
            }
            let id = nextWaiterID
            nextWaiterID += 1
            waiters.append(Waiter(id: id, condition: condition, resume: { once.resume($0) }))
            lock.unlock()
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak self] in
                guard let self else { return once.resume(false) }
                lock.lock()
                let wasWaiting = waiters.contains { $0.id == id }
                waiters.removeAll { $0.id == id }
                lock.unlock()
                if wasWaiting { once.resume(false) }
            }
        }
    }

    /// Blocks the calling thread until `condition` holds for the state; returns false if it
    /// did not within `timeout` seconds. Not for the thread that runs the client's main loop.
    public func wait(timeout: Double = 10, until condition: @escaping @Sendable (State) -> Bool) -> Bool {
        let signal = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        Task.detached {
            outcome.value = await self.waitUntil(timeout: timeout, condition)
            signal.signal()
        }
        signal.wait()
        return outcome.value
    }

    /// The timestamp the test set for input events (`setInputTimestamp`); nil: `milliseconds`.
    var inputTimestamp: UInt32?

    /// The timestamp of input events: the test's, else milliseconds since the start.
    var inputMilliseconds: UInt32 { inputTimestamp ?? milliseconds }

    /// The time for event timestamps: milliseconds since the compositor started.
    var milliseconds: UInt32 {
        UInt32(truncatingIfNeeded: (DispatchTime.now().uptimeNanoseconds - startTime.uptimeNanoseconds) / 1_000_000)
    }

    func nextSerial() -> UInt32 {
        serial &+= 1
        return serial
    }
}

/// Resumes a continuation at most once, from whichever thread comes first.
private final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?

    init(_ continuation: CheckedContinuation<Bool, Never>) { self.continuation = continuation }

    func resume(_ value: Bool) {
        lock.lock()
        let pending = continuation
        continuation = nil
        lock.unlock()
        pending?.resume(returning: value)
    }
}

private final class Outcome: @unchecked Sendable {
    var value = false
}
