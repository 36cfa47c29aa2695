import CWaylandClient
import Glibc

/// A libwayland event queue of its own: the events of objects on it are dispatched only by
/// the thread that dispatches this queue, so a render thread can receive its frame callbacks,
/// buffer releases and presentation feedback while the main thread is busy.
///
/// Create it on any thread, then use it (and the objects made through its wrappers) from one
/// thread only. Events for the main queue that this thread reads stay queued for the main
/// thread: call ``WaylandConnection/dispatchPending()`` there afterwards.
public final class WaylandEventQueue {
    let raw: OpaquePointer
    private let connection: WaylandConnection

    /// Creates a queue on `connection`.
    public init(connection: WaylandConnection) throws(WaylandError) {
        guard let queue = wl_display_create_queue(connection.raw) else {
            throw .system(operation: "wl_display_create_queue", errno: ENOMEM)
        }
        raw = queue
        self.connection = connection
    }

    /// Destroyed once nothing refers to it — every object on it holds it (see
    /// `WaylandProxy.eventQueue`), so none is left to receive events into a destroyed queue.
    deinit {
        wl_event_queue_destroy(raw)
    }

    /// A wrapper of `proxy` whose requests create objects on this queue (their events are
    /// dispatched by this queue's thread). The wrapper itself receives no events.
    public func wrapper<T: WaylandProxy>(of proxy: T) throws(WaylandError) -> T {
        guard let handle = proxy.handle, let created = wl_proxy_create_wrapper(UnsafeMutableRawPointer(handle)) else {
            throw .invalidValue("cannot wrap a destroyed \(T.self) for an event queue")
        }
        let wrapper = OpaquePointer(created)
        wl_proxy_set_queue(wrapper, raw)
        let object = T(wrapper: wrapper, version: proxy.version)
        object.connection = connection
        object.eventQueue = self
        return object
    }

    /// What ended a wait in ``dispatch(timeout:wakeDescriptor:)``.
    public struct Wakeup: Equatable, Sendable {
        /// The wake descriptor became readable.
        public var woken: Bool
        /// Events were read from the compositor (some may be for other queues).
        public var readEvents: Bool
    }

    /// Dispatches this queue's pending events; if there were none, waits until the
    /// compositor sends something, `wakeDescriptor` becomes readable or `timeout` seconds
    /// pass (nil: no limit), reads and dispatches this queue's events. Flushes requests first.
    public func dispatch(timeout: Double?, wakeDescriptor: Int32) throws(WaylandError) -> Wakeup {
        let display = connection.raw
        if try dispatchPending() > 0 { return Wakeup(woken: false, readEvents: false) }
        while wl_display_prepare_read_queue(display, raw) != 0 {
            if try dispatchPending() > 0 { return Wakeup(woken: false, readEvents: false) }
        }
        do {
            try SystemCall.run("wl_display_flush", restartable: false) { wl_display_flush(display) }
        } catch let error where error.code != EAGAIN && error.code != EPIPE {
            wl_display_cancel_read(display)
            throw .connectionLost(errno: error.code)
        } catch {}
        var descriptors = [
            pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds: Int32 = timeout.map { $0.isFinite ? Int32(min(max($0 * 1000, 0), 3_600_000).rounded(.up)) : -1 } ?? -1
        let ready: Int32
        do {
            ready = try SystemCall.run("poll", restartable: false) { poll(&descriptors, 2, milliseconds) }
        } catch let error where error.isInterrupted {
            ready = 0  // a signal: dispatch what there is; the caller waits again
        } catch {
            wl_display_cancel_read(display)
            throw WaylandError(error)
        }
        var wakeup = Wakeup(woken: false, readEvents: false)
        if ready > 0, descriptors[0].revents != 0 {
            try connection.call("wl_display_read_events") { wl_display_read_events(display) }
            wakeup.readEvents = true
        } else {
            wl_display_cancel_read(display)
        }
        if ready > 0, descriptors[1].revents != 0 { wakeup.woken = true }
        _ = try dispatchPending()
        return wakeup
    }

    /// Dispatches this queue's events already read; returns how many.
    @discardableResult
    public func dispatchPending() throws(WaylandError) -> Int {
        Int(try connection.call("wl_display_dispatch_queue_pending") { wl_display_dispatch_queue_pending(connection.raw, raw) })
    }
}
