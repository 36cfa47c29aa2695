import CWaylandClient

/// The marshalling flag that makes libwayland destroy the proxy after sending the request.
private let marshalFlagDestroy: UInt32 = 1

/// The one C dispatcher for every generated proxy: libwayland hands it the Swift object we
/// registered as the implementation, and the decoded arguments.
private let waylandDispatcher: wl_dispatcher_func_t = { implementation, _, opcode, _, arguments in
    guard let implementation, let arguments else { return 0 }
    let proxy = Unmanaged<WaylandProxy>.fromOpaque(implementation).takeUnretainedValue()
    proxy.dispatch(opcode: opcode, arguments: arguments)
    return 0
}

/// A client-side Wayland object: the base of every generated interface class.
///
/// The Swift object owns the `wl_proxy`: when it is deinitialised, the interface's destructor
/// request is sent (or the proxy is destroyed locally when there is none), so keep a reference
/// to every object whose events you want. A proxy belongs to the thread that dispatches its
/// connection; it is not `Sendable`.
public class WaylandProxy {
    private enum Ownership {
        /// Created for us: destroyed (with its destructor request) from here.
        case owned
        /// Owned elsewhere (the `wl_display`): never destroyed from here.
        case borrowed
        /// A wrapper of another proxy (`wl_proxy_create_wrapper`): destroyed locally only.
        case wrapper
    }

    /// The `wl_proxy`, or nil once the object was destroyed.
    public internal(set) var handle: OpaquePointer?
    /// The interface version agreed with the compositor.
    public let version: UInt32
    private let ownership: Ownership
    /// Keeps the connection alive while any of its objects is.
    var connection: WaylandConnection?
    /// Keeps the event queue of its own this object's events go to (set for objects made
    /// through a queue's wrapper, and the objects they make) alive while the object is: the
    /// queue is destroyed only after every object on it, so an event the compositor sends one
    /// of them never lands in a destroyed queue (libwayland does not detach them itself).
    var eventQueue: WaylandEventQueue?

    /// Wraps a proxy created by libwayland and starts receiving its events.
    public required init(adopting handle: OpaquePointer, version: UInt32) {
        self.handle = handle
        self.version = version
        ownership = .owned
        let me = Unmanaged.passUnretained(self).toOpaque()
        wl_proxy_add_dispatcher(handle, waylandDispatcher, me, me)
    }

    /// Wraps a proxy that something else owns (the `wl_display`); never destroyed from here.
    init(borrowing handle: OpaquePointer, version: UInt32) {
        self.handle = handle
        self.version = version
        ownership = .borrowed
    }

    /// Wraps a proxy wrapper (``WaylandEventQueue/wrapper(of:)``): it sends requests for the
    /// wrapped object, and objects those requests create go to the wrapper's queue. It gets
    /// no events.
    required init(wrapper handle: OpaquePointer, version: UInt32) {
        self.handle = handle
        self.version = version
        ownership = .wrapper
    }

    /// Whether the object can still send requests.
    public var isAlive: Bool { handle != nil }

    /// The protocol object ID, or 0 when destroyed.
    public var objectID: UInt32 { handle.map { wl_proxy_get_id($0) } ?? 0 }

    private var interfaceName: String {
        (self as? any WaylandInterface).map { type(of: $0).interfaceName } ?? "wl_proxy"
    }

    /// Decodes and delivers one event; overridden by generated classes.
    func dispatch(opcode: UInt32, arguments: UnsafeMutablePointer<wl_argument>) {}

    // MARK: - Requests

    private func requestName(_ opcode: UInt32) -> String {
        let requests = WaylandInterfaceTable.descriptor(named: interfaceName)?.requests ?? []
        return Int(opcode) < requests.count ? requests[Int(opcode)].name : "request \(opcode)"
    }

    private func checkedHandle(opcode: UInt32, since: UInt32) throws(WaylandError) -> OpaquePointer {
        guard let handle else {
            throw .objectDestroyed(interface: interfaceName, request: requestName(opcode))
        }
        guard version >= since else {
            throw .unsupportedVersion(interface: interfaceName, request: requestName(opcode), needs: since, bound: version)
        }
        return handle
    }

    /// Whether this object's connection was abandoned (``WaylandConnection/abandon()``): its
    /// requests are dropped, counted by the connection.
    private var dropsRequests: Bool {
        guard let connection, connection.isAbandoned else { return false }
        connection.requestDropped()
        return true
    }

    func marshal(opcode: UInt32, since: UInt32, arguments: inout WaylandCallArguments) throws(WaylandError) {
        let handle = try checkedHandle(opcode: opcode, since: since)
        if dropsRequests { return }
        let version = self.version
        arguments.withArguments { _ = wl_proxy_marshal_array_flags(handle, opcode, nil, version, 0, $0) }
    }

    func marshalCreating<T: WaylandInterface>(
        _ type: T.Type, opcode: UInt32, since: UInt32, arguments: inout WaylandCallArguments, version newVersion: UInt32,
        isBind: Bool = false
    ) throws(WaylandError) -> T {
        let handle = try checkedHandle(opcode: opcode, since: since)
        // A bound global must be a version these bindings know; objects created from another
        // object inherit its version, as libwayland does.
        guard newVersion >= 1, !isBind || newVersion <= T.interfaceVersion else {
            throw .invalidValue("cannot create \(T.interfaceName) at version \(newVersion): these bindings know versions 1...\(T.interfaceVersion)")
        }
        guard let interface = WaylandInterfaceTable.pointer(named: T.interfaceName) else {
            throw .invalidValue("\(T.interfaceName) has no generated interface table")
        }
        // On an abandoned connection the object is made here only, as a proxy the compositor
        // never hears of.
        let created =
            dropsRequests
            ? wl_proxy_create(handle, interface)
            : arguments.withArguments { wl_proxy_marshal_array_flags(handle, opcode, interface, newVersion, 0, $0) }
        guard let created else {
            throw .requestFailed(interface: interfaceName, request: requestName(opcode))
        }
        let object = T(adopting: created, version: newVersion)
        object.connection = connection
        object.eventQueue = eventQueue
        return object
    }

    /// Sends the destructor request (or destroys locally when the version predates it). Idempotent.
    func sendDestructor(opcode: UInt32, since: UInt32) {
        releaseProxy(destructorOpcode: opcode, since: since)
    }

    /// Destroys the proxy once: with the destructor request when there is one the bound
    /// version knows, else locally. Generated classes call it from `deinit`.
    func releaseProxy(destructorOpcode: UInt32?, since: UInt32) {
        guard let handle else { return }
        self.handle = nil
        switch ownership {
        case .borrowed: return
        case .wrapper:
            wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(handle))
            return
        case .owned: break
        }
        if let destructorOpcode, version >= since, !dropsRequests {
            let count = WaylandInterfaceTable.descriptor(named: interfaceName)?
                .requests[Int(destructorOpcode)].types.count ?? 0
            let arguments = WaylandCallArguments(count: count)
            let version = self.version
            arguments.withArguments { _ = wl_proxy_marshal_array_flags(handle, destructorOpcode, nil, version, marshalFlagDestroy, $0) }
        } else {
            wl_proxy_destroy(handle)
        }
    }

    // MARK: - Event helpers

    /// The Swift object behind an object argument of an event, if it is one of ours and alive.
    static func existing(_ object: OpaquePointer?) -> WaylandProxy? {
        guard let object else { return nil }
        guard let data = wl_proxy_get_user_data(object),
            let listener = wl_proxy_get_listener(object), UnsafeRawPointer(data) == listener
        else { return nil }
        return Unmanaged<WaylandProxy>.fromOpaque(data).takeUnretainedValue()
    }

    /// A copy of an array argument's bytes.
    static func bytes(of array: UnsafeMutablePointer<wl_array>?) -> [UInt8] {
        guard let array, let data = array.pointee.data, array.pointee.size > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: data, count: array.pointee.size))
    }
}
