import CGio
import Foundation
import Synchronization

/// The accessibility bridge's D-Bus side, on a thread of its own running a `GMainContext`
/// of its own: it watches `org.a11y.Status` on the session bus, and while an assistive
/// technology is present (`IsEnabled` or `ScreenReaderEnabled`) it connects to the
/// accessibility bus, serves the app's tree under `/org/a11y/atspi/accessible` from the
/// latest ``AccessibilitySnapshot``, embeds the application in the registry, and sends the
/// events that lead from one snapshot to the next.
///
/// Every GDBus object is touched on the bridge thread only; the main thread reaches it
/// through ``perform(_:)``, and the bridge reaches the main thread through ``Requests``
/// (which hop to the main queue). Nothing here waits for the main thread.
final class ATSPIServer: @unchecked Sendable {
    /// What the bridge asks of the main thread (each called on the bridge thread; each
    /// hops to the main queue itself).
    struct Requests: Sendable {
        /// An assistive technology came (true: publish snapshots) or went (false: stop).
        var setPublishing: @Sendable (Bool) -> Void
        /// Run an element's action.
        var perform: @Sendable (UInt64, AccessibilitySnapshot.Action) -> Void
        /// Give an element the keyboard focus.
        var focus: @Sendable (UInt64) -> Void
    }

    /// The prefix of every node's object path.
    static let pathPrefix = "/org/a11y/atspi/accessible"
    /// The application's object path.
    static let rootPath = "/org/a11y/atspi/accessible/root"
    /// AT-SPI's null reference.
    static let nullPath = "/org/a11y/atspi/null"

    private let requests: Requests
    private let context: OpaquePointer
    private let loop: OpaquePointer
    private var thread: Thread?
    /// Whether ``stop()`` was called (it asks once).
    private let stopRequested = Atomic<Bool>(false)
    /// The introspection data of the implemented interfaces (nil if GLib rejected it).
    private let nodeInfo: OpaquePointer?
    private let interfaceVTable: UnsafeMutablePointer<GDBusInterfaceVTable>
    private let subtreeVTable: UnsafeMutablePointer<GDBusSubtreeVTable>
    /// The introspection data of `org.a11y.atspi.Cache` (nil if GLib rejected it) and the
    /// callbacks of the object that serves it.
    private let cacheInfo: OpaquePointer?
    private let cacheVTable: UnsafeMutablePointer<GDBusInterfaceVTable>

    // The bridge thread's state.
    private var session: OpaquePointer?
    private var nameWatch: UInt32 = 0
    private var statusSubscription: UInt32 = 0
    private var bus: OpaquePointer?
    private var uniqueName = ""
    private var subtree: UInt32 = 0
    /// The registration of the cache object (0: none).
    private var cacheObject: UInt32 = 0
    private var isEnabled = false
    private var isEmbedded = false
    private var snapshot: AccessibilitySnapshot?
    /// The registry's root, our root's parent (the registry tells when it embeds us).
    private var registryRoot = (name: "org.a11y.atspi.Registry", path: "/org/a11y/atspi/accessible/root")
    /// The number the registry gave the application.
    private var applicationNumber: Int32 = 0
    /// The session bus address to use instead of the environment's (tests).
    private let sessionAddress: String?

    init(requests: Requests, sessionAddress: String? = nil) {
        self.requests = requests
        self.sessionAddress = sessionAddress
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        nodeInfo = g_dbus_node_info_new_for_xml(ATSPIInterface.introspectionXML, nil)
        interfaceVTable = .allocate(capacity: 1)
        interfaceVTable.initialize(to: GDBusInterfaceVTable())
        interfaceVTable.pointee.method_call = ATSPIServer.methodCall
        interfaceVTable.pointee.get_property = ATSPIServer.getProperty
        interfaceVTable.pointee.set_property = ATSPIServer.setProperty
        subtreeVTable = .allocate(capacity: 1)
        subtreeVTable.initialize(to: GDBusSubtreeVTable())
        subtreeVTable.pointee.enumerate = ATSPIServer.enumerate
        subtreeVTable.pointee.introspect = ATSPIServer.introspect
        subtreeVTable.pointee.dispatch = ATSPIServer.dispatch
        cacheInfo = g_dbus_node_info_new_for_xml(ATSPICache.introspectionXML, nil)
        cacheVTable = .allocate(capacity: 1)
        cacheVTable.initialize(to: GDBusInterfaceVTable())
        cacheVTable.pointee.method_call = ATSPIServer.cacheMethodCall
        cacheVTable.pointee.get_property = ATSPIServer.cacheGetProperty
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
        if let nodeInfo { g_dbus_node_info_unref(nodeInfo) }
        if let cacheInfo { g_dbus_node_info_unref(cacheInfo) }
        interfaceVTable.deallocate()
        subtreeVTable.deallocate()
        cacheVTable.deallocate()
    }

    // MARK: - The thread

    /// Starts the bridge thread: it connects to the session bus and watches for assistive
    /// technologies. Without a session bus it ends at once, quietly. The thread, and GDBus's
    /// worker thread it starts, run below the render thread's priority
    /// (``ATSPIThreadPriority``).
    func start() {
        let thread = Thread { [self] in
            // The name tools such as `top -H` show (Foundation keeps `Thread.name` to itself).
            try? Data("lamina.a11y".utf8).write(to: URL(fileURLWithPath: "/proc/thread-self/comm"))
            // Before the first connection starts GDBus's worker thread, which inherits it.
            ATSPIThreadPriority.lowerCurrentThread()
            g_main_context_push_thread_default(context)
            if connectToSession() { g_main_loop_run(loop) }
            disconnect()
            g_main_context_pop_thread_default(context)
        }
        thread.name = "lamina.accessibility"
        self.thread = thread
        thread.start()
    }

    /// Ends the bridge thread: it leaves the accessibility bus (the registry forgets the
    /// application) and the session bus.
    func stop() {
        guard !stopRequested.exchange(true, ordering: .relaxed) else { return }
        perform { server in g_main_loop_quit(server.loop) }
    }

    /// Runs `work` on the bridge thread, in the order asked.
    func perform(_ work: @escaping @Sendable (ATSPIServer) -> Void) {
        let job = Unmanaged.passRetained(BridgeJob(server: self, work: work)).toOpaque()
        g_main_context_invoke_full(
            context, 0,
            { data in
                guard let data else { return 0 }
                let job = Unmanaged<BridgeJob>.fromOpaque(data).takeUnretainedValue()
                job.work(job.server)
                return 0
            }, job,
            { data in
                guard let data else { return }
                Unmanaged<BridgeJob>.fromOpaque(data).release()
            })
    }

    /// Takes the main thread's latest snapshot: sends the events that lead to it, and embeds
    /// the application after the first.
    func publish(_ new: AccessibilitySnapshot) {
        perform { server in server.receive(new) }
    }

    /// Sends an announcement (`UIAccessibility.post(notification: .announcement, …)`).
    func announce(_ text: String) {
        perform { server in
            server.emit(ATSPIEvent(source: AccessibilitySnapshot.applicationID, member: "Announcement", detail: "", detail1: 1, data: .string(text)))
        }
    }

    /// Sends events as they are.
    func send(_ events: [ATSPIEvent]) {
        perform { server in
            for event in events { server.emit(event) }
        }
    }

    // MARK: - The session bus and org.a11y.Status

    private var this: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func server(_ data: UnsafeMutableRawPointer?) -> ATSPIServer? {
        data.map { Unmanaged<ATSPIServer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Connects to the session bus and watches `org.a11y.Bus` (without starting it).
    private func connectToSession() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        let address: String
        if let sessionAddress {
            address = sessionAddress
        } else {
            guard let found = g_dbus_address_get_for_bus_sync(Int32(LAMINA_G_BUS_TYPE_SESSION), nil, &error) else {
                if let error { g_error_free(error) }
                return false
            }
            address = String(cString: found)
            g_free(found)
        }
        let flags = UInt32(LAMINA_G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | LAMINA_G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION)
        guard let session = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        self.session = session
        statusSubscription = g_dbus_connection_signal_subscribe(
            session, nil, "org.freedesktop.DBus.Properties", "PropertiesChanged", "/org/a11y/bus", "org.a11y.Status",
            UInt32(LAMINA_G_DBUS_SIGNAL_FLAGS_NONE),
            { _, _, _, _, _, _, data in ATSPIServer.server(data)?.readStatus() }, this, nil)
        nameWatch = g_bus_watch_name_on_connection(
            session, "org.a11y.Bus", UInt32(LAMINA_G_BUS_NAME_WATCHER_FLAGS_NONE),
            { _, _, _, data in ATSPIServer.server(data)?.readStatus() },
            { _, _, data in ATSPIServer.server(data)?.setEnabled(false) }, this, nil)
        return true
    }

    /// Reads `IsEnabled` and `ScreenReaderEnabled` and follows them.
    private func readStatus() {
        let enabled = statusProperty("IsEnabled") || statusProperty("ScreenReaderEnabled")
        setEnabled(enabled)
    }

    private func statusProperty(_ name: String) -> Bool {
        guard let session else { return false }
        let arguments = GVariantValue.tuple([.string("org.a11y.Status"), .string(name)]).make()
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(
            session, "org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Get", arguments, nil,
            UInt32(LAMINA_G_DBUS_CALL_FLAGS_NO_AUTO_START), 2000, nil, &error)
        else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_variant_unref(reply) }
        guard g_variant_n_children(reply) == 1, let boxed = g_variant_get_child_value(reply, 0) else { return false }
        defer { g_variant_unref(boxed) }
        return GVariantArguments.boolean(boxed) ?? false
    }

    /// Joins the accessibility bus when an assistive technology comes, leaves it when it goes.
    private func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled else { return }
        if enabled {
            guard joinAccessibilityBus() else { return }
            isEnabled = true
            requests.setPublishing(true)
        } else {
            isEnabled = false
            leaveAccessibilityBus()
            requests.setPublishing(false)
        }
    }

    /// The accessibility bus's address: `AT_SPI_BUS_ADDRESS`, else `org.a11y.Bus.GetAddress`.
    private func accessibilityBusAddress() -> String? {
        if let address = ProcessInfo.processInfo.environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let session else { return nil }
        var error: UnsafeMutablePointer<GError>?
        guard let reply = g_dbus_connection_call_sync(
            session, "org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", nil, nil,
            UInt32(LAMINA_G_DBUS_CALL_FLAGS_NO_AUTO_START), 2000, nil, &error)
        else {
            if let error { g_error_free(error) }
            return nil
        }
        defer { g_variant_unref(reply) }
        guard g_variant_n_children(reply) == 1, let value = g_variant_get_child_value(reply, 0) else { return nil }
        return GVariantArguments.string(value).flatMap { $0.isEmpty ? nil : $0 }
    }

    private func joinAccessibilityBus() -> Bool {
        guard let nodeInfo, let address = accessibilityBusAddress() else { return false }
        _ = nodeInfo
        var error: UnsafeMutablePointer<GError>?
        let flags = UInt32(LAMINA_G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT | LAMINA_G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION)
        guard let bus = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        let id = g_dbus_connection_register_subtree(
            bus, Self.pathPrefix, subtreeVTable, UInt32(LAMINA_G_DBUS_SUBTREE_FLAGS_DISPATCH_TO_UNENUMERATED_NODES),
            this, nil, &error)
        guard id != 0 else {
            if let error { g_error_free(error) }
            g_dbus_connection_close_sync(bus, nil, nil)
            g_object_unref(UnsafeMutableRawPointer(bus))
            return false
        }
        self.bus = bus
        subtree = id
        uniqueName = g_dbus_connection_get_unique_name(bus).map { String(cString: $0) } ?? ""
        registerCache(on: bus)
        return true
    }

    /// Serves `org.a11y.atspi.Cache` at its path. Without it (GLib refused) clients still
    /// read every accessible, one call at a time.
    private func registerCache(on bus: OpaquePointer) {
        guard let cacheInfo, let interface = g_dbus_node_info_lookup_interface(cacheInfo, ATSPICache.interfaceName) else { return }
        var error: UnsafeMutablePointer<GError>?
        cacheObject = g_dbus_connection_register_object(bus, ATSPICache.path, interface, cacheVTable, this, nil, &error)
        if let error { g_error_free(error) }
    }

    private func leaveAccessibilityBus() {
        guard let bus else { return }
        if subtree != 0 { g_dbus_connection_unregister_subtree(bus, subtree) }
        if cacheObject != 0 { g_dbus_connection_unregister_object(bus, cacheObject) }
        g_dbus_connection_close_sync(bus, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(bus))
        self.bus = nil
        subtree = 0
        cacheObject = 0
        isEmbedded = false
        snapshot = nil
    }

    private func disconnect() {
        leaveAccessibilityBus()
        guard let session else { return }
        if nameWatch != 0 { g_bus_unwatch_name(nameWatch) }
        if statusSubscription != 0 { g_dbus_connection_signal_unsubscribe(session, statusSubscription) }
        g_dbus_connection_close_sync(session, nil, nil)
        g_object_unref(UnsafeMutableRawPointer(session))
        self.session = nil
        // What the calls above scheduled (their sources' destroy notifications) runs now.
        while g_main_context_iteration(context, 0) != 0 {}
    }

    // MARK: - Snapshots and events

    private func receive(_ new: AccessibilitySnapshot) {
        guard isEnabled else { return }
        let old = snapshot
        snapshot = new
        if isEmbedded, let old {
            // The children-changed events first: a client inserts a new child where the
            // event says, then fills in its cached fields from AddAccessible.
            for event in ATSPIEvent.changes(from: old, to: new) { emit(event) }
            emit(ATSPICache.changes(from: old, to: new))
        } else if !isEmbedded {
            embed()
        }
    }

    /// Asks the registry to embed the application (`org.a11y.atspi.Socket.Embed`); its reply
    /// names our root's parent.
    private func embed() {
        guard let bus else { return }
        isEmbedded = true
        let plug = GVariantValue.tuple([.tuple([.string(uniqueName), .objectPath(Self.rootPath)])]).make()
        g_dbus_connection_call(
            bus, "org.a11y.atspi.Registry", "/org/a11y/atspi/accessible/root", "org.a11y.atspi.Socket", "Embed", plug,
            nil, UInt32(LAMINA_G_DBUS_CALL_FLAGS_NONE), -1, nil,
            { source, result, data in
                guard let server = ATSPIServer.server(data), let bus = server.bus, source == bus else { return }
                var error: UnsafeMutablePointer<GError>?
                guard let reply = g_dbus_connection_call_finish(bus, result, &error) else {
                    if let error { g_error_free(error) }
                    return
                }
                defer { g_variant_unref(reply) }
                if let reference = ATSPIServer.reference(in: reply) { server.registryRoot = reference }
            }, this)
    }

    /// The `(so)` reference inside a reply `((so))`.
    private static func reference(in reply: OpaquePointer) -> (name: String, path: String)? {
        guard g_variant_n_children(reply) == 1, let inner = g_variant_get_child_value(reply, 0) else { return nil }
        defer { g_variant_unref(inner) }
        guard g_variant_n_children(inner) == 2, let name = g_variant_get_child_value(inner, 0),
            let path = g_variant_get_child_value(inner, 1)
        else { return nil }
        defer {
            g_variant_unref(name)
            g_variant_unref(path)
        }
        guard let nameText = g_variant_get_string(name, nil), let pathText = g_variant_get_string(path, nil) else { return nil }
        return (String(cString: nameText), String(cString: pathText))
    }

    private func emit(_ event: ATSPIEvent) {
        guard let bus, isEmbedded else { return }
        let data: GVariantValue =
            switch event.data {
            case .int(let value): .int32(value)
            case .string(let value): .string(value)
            case .node(let id): answers.reference(id)
            case .rect(let x, let y, let width, let height): .tuple([.int32(x), .int32(y), .int32(width), .int32(height)])
            }
        let body = GVariantValue.tuple([
            .string(event.detail), .int32(event.detail1), .int32(event.detail2), .variant(data),
            .array(elementType: "{sv}", []),
        ]).make()
        g_dbus_connection_emit_signal(bus, nil, Self.path(event.source), "org.a11y.atspi.Event.Object", event.member, body, nil)
    }

    /// Sends the cache's `RemoveAccessible` and `AddAccessible` signals.
    private func emit(_ changes: ATSPICache.Changes) {
        guard let bus, isEmbedded, !(changes.removed.isEmpty && changes.added.isEmpty) else { return }
        let cache = ATSPICache(answers: answers)
        for id in changes.removed {
            g_dbus_connection_emit_signal(
                bus, nil, ATSPICache.path, ATSPICache.interfaceName, "RemoveAccessible", cache.removeAccessible(id).make(), nil)
        }
        for (id, index) in changes.added {
            g_dbus_connection_emit_signal(
                bus, nil, ATSPICache.path, ATSPICache.interfaceName, "AddAccessible", cache.addAccessible(id, index: index).make(), nil)
        }
    }

    // MARK: - Names on the bus

    static func path(_ id: UInt64) -> String {
        id == AccessibilitySnapshot.applicationID ? rootPath : "\(pathPrefix)/\(id)"
    }

    /// The answers from the current snapshot.
    private var answers: ATSPIAnswers {
        ATSPIAnswers(
            snapshot: snapshot ?? AccessibilitySnapshot(applicationName: ""), uniqueName: uniqueName,
            registryRoot: registryRoot)
    }

    /// The node a subtree node name or object path names: the application (`root`), a node
    /// of the snapshot, or nil (no such object).
    private func nodeID(named node: String?) -> UInt64? {
        guard let node else { return nil }
        if node == "root" { return AccessibilitySnapshot.applicationID }
        guard let id = UInt64(node), id != AccessibilitySnapshot.applicationID, snapshot?.nodes[id] != nil else { return nil }
        return id
    }

    private func nodeID(path: UnsafePointer<CChar>?) -> UInt64? {
        guard let path else { return nil }
        let text = String(cString: path)
        guard text.hasPrefix(Self.pathPrefix + "/") else { return nil }
        return nodeID(named: String(text.dropFirst(Self.pathPrefix.count + 1)))
    }

    // MARK: - GDBus callbacks

    private static let enumerate: lamina_GDBusSubtreeEnumerateFunc = { _, _, _, _ in
        // No node is listed (they are reached through GetChildren): an empty, NULL-terminated list.
        g_malloc0(MemoryLayout<UnsafeMutablePointer<CChar>?>.size).map { $0.assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self) }
    }

    private static let introspect: lamina_GDBusSubtreeIntrospectFunc = { _, _, _, node, data in
        guard let server = server(data), let nodeInfo = server.nodeInfo,
            let id = server.nodeID(named: node.map { String(cString: $0) })
        else { return nil }
        let interfaces = ATSPIInterface.implemented(by: server.snapshot?.nodes[id])
        let size = MemoryLayout<OpaquePointer?>.stride * (interfaces.count + 1)
        guard let raw = g_malloc0(size) else { return nil }
        let list = raw.assumingMemoryBound(to: OpaquePointer?.self)
        for (index, interface) in interfaces.enumerated() {
            list[index] = g_dbus_node_info_lookup_interface(nodeInfo, interface.rawValue).flatMap { g_dbus_interface_info_ref($0) }
        }
        return list
    }

    private static let dispatch: lamina_GDBusSubtreeDispatchFunc = { _, _, _, interfaceName, node, userData, data in
        guard let server = server(data), let interfaceName,
            let interface = ATSPIInterface(rawValue: String(cString: interfaceName)),
            let id = server.nodeID(named: node.map { String(cString: $0) }),
            ATSPIInterface.implemented(by: server.snapshot?.nodes[id]).contains(interface)
        else { return nil }
        userData?.pointee = data
        return UnsafePointer(server.interfaceVTable)
    }

    private static let methodCall: lamina_GDBusInterfaceMethodCallFunc = {
        _, _, path, interfaceName, methodName, parameters, invocation, data in
        guard let invocation else { return }
        guard let server = server(data), let id = server.nodeID(path: path), let interfaceName, let methodName,
            let interface = ATSPIInterface(rawValue: String(cString: interfaceName))
        else {
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownObject", "No such accessible")
            return
        }
        switch server.call(String(cString: methodName), of: interface, on: id, parameters) {
        case .success(let reply):
            g_dbus_method_invocation_return_value(invocation, reply.make())
        case .failure(let error):
            g_dbus_method_invocation_return_dbus_error(invocation, error.name, error.message)
        }
    }

    private static let getProperty: lamina_GDBusInterfaceGetPropertyFunc = {
        _, _, path, interfaceName, propertyName, error, data in
        guard let server = server(data), let id = server.nodeID(path: path), let interfaceName, let propertyName,
            let interface = ATSPIInterface(rawValue: String(cString: interfaceName)),
            let value = server.property(String(cString: propertyName), of: interface, on: id)
        else {
            g_set_error_literal(error, g_dbus_error_quark(), Int32(LAMINA_G_DBUS_ERROR_UNKNOWN_PROPERTY), "No such property")
            return nil
        }
        return value.make()
    }

    private static let setProperty: lamina_GDBusInterfaceSetPropertyFunc = {
        _, _, path, interfaceName, propertyName, value, error, data in
        guard let server = server(data), let id = server.nodeID(path: path), let interfaceName, let propertyName,
            let interface = ATSPIInterface(rawValue: String(cString: interfaceName)),
            server.setProperty(String(cString: propertyName), of: interface, on: id, to: value)
        else {
            g_set_error_literal(error, g_dbus_error_quark(), Int32(LAMINA_G_DBUS_ERROR_INVALID_ARGS), "The property cannot be set to that value")
            return 0
        }
        return 1
    }

    private static let cacheMethodCall: lamina_GDBusInterfaceMethodCallFunc = {
        _, _, _, _, methodName, _, invocation, data in
        guard let invocation else { return }
        guard let server = server(data), let methodName, String(cString: methodName) == "GetItems" else {
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "No such method")
            return
        }
        g_dbus_method_invocation_return_value(invocation, ATSPICache(answers: server.answers).getItems().make())
    }

    private static let cacheGetProperty: lamina_GDBusInterfaceGetPropertyFunc = { _, _, _, _, propertyName, error, _ in
        guard let propertyName, String(cString: propertyName) == "version" else {
            g_set_error_literal(error, g_dbus_error_quark(), Int32(LAMINA_G_DBUS_ERROR_UNKNOWN_PROPERTY), "No such property")
            return nil
        }
        return g_variant_new_uint32(ATSPICache.version)
    }

    // MARK: - Answers

    /// A D-Bus error reply.
    struct CallError: Error {
        var name: String
        var message: String

        static func invalidArgs(_ message: String) -> CallError {
            CallError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
        }
    }

    private func call(_ method: String, of interface: ATSPIInterface, on id: UInt64, _ parameters: OpaquePointer?)
        -> Result<GVariantValue, CallError>
    {
        let answers = answers
        let result = answers.call(method, of: interface, on: id, parameters)
        if case .success = result, let request = answers.request(for: method, of: interface, on: id, parameters) {
            switch request {
            case .perform(let action): requests.perform(id, action)
            case .focus: requests.focus(id)
            }
        }
        return result
    }

    private func property(_ name: String, of interface: ATSPIInterface, on id: UInt64) -> GVariantValue? {
        if interface == .application, name == "Id" { return .int32(applicationNumber) }
        return answers.property(name, of: interface, on: id)
    }

    private func setProperty(_ name: String, of interface: ATSPIInterface, on id: UInt64, to value: OpaquePointer?) -> Bool {
        switch (interface, name) {
        case (.application, "Id"):
            guard let number = GVariantArguments.int32(value) else { return false }
            applicationNumber = number
            return true
        case (.value, "CurrentValue"):
            guard let target = GVariantArguments.double(value), target.isFinite, let node = snapshot?.nodes[id], node.isAdjustable
            else { return false }
            let current = ATSPIAnswers.numericValue(node.value)
            if target > current { requests.perform(id, .increment) }
            if target < current { requests.perform(id, .decrement) }
            return true
        default:
            return false
        }
    }
}

/// Work for the bridge thread, with the server it runs on: not retained (the server owns the
/// context that holds the job; a job runs only while the thread, which retains the server,
/// iterates that context, and one never run is released when the context goes).
private final class BridgeJob: @unchecked Sendable {
    unowned let server: ATSPIServer
    let work: @Sendable (ATSPIServer) -> Void

    init(server: ATSPIServer, work: @escaping @Sendable (ATSPIServer) -> Void) {
        self.server = server
        self.work = work
    }
}
