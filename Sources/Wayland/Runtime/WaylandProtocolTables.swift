/// The protocol descriptions the bindings were generated from, for code that implements the
/// other side of the wire (the test compositor in `LaminaTesting`).
///
/// The interface tables are the same `wl_interface` structures the client side uses; a
/// server built on libwayland-server can pass them to `wl_global_create` and
/// `wl_resource_create`, since libwayland matches interfaces by name.
@_spi(WaylandServer)
public enum WaylandProtocolTables {
    /// One request or event: its name, libwayland signature (`"2uo?s"`: a leading version, then
    /// one character per argument) and, per argument, the interface of an object or new-id.
    public struct Message: Sendable {
        /// The message name, e.g. `attach`.
        public var name: String
        /// The libwayland signature.
        public var signature: String
        /// The interface of each object or new-id argument, nil for other arguments.
        public var types: [String?]
    }

    /// The `wl_interface` for a protocol interface name, as a raw pointer (valid forever).
    public static func interface(named name: String) -> UnsafeRawPointer? {
        WaylandInterfaceTable.pointer(named: name).map { UnsafeRawPointer($0) }
    }

    /// The highest version of an interface the generated bindings know.
    public static func version(of name: String) -> UInt32? {
        WaylandInterfaceTable.descriptor(named: name)?.version
    }

    /// The requests of an interface, in opcode order.
    public static func requests(of name: String) -> [Message] {
        WaylandInterfaceTable.descriptor(named: name)?.requests.map { Message(name: $0.name, signature: $0.signature, types: $0.types) } ?? []
    }

    /// The events of an interface, in opcode order.
    public static func events(of name: String) -> [Message] {
        WaylandInterfaceTable.descriptor(named: name)?.events.map { Message(name: $0.name, signature: $0.signature, types: $0.types) } ?? []
    }
}
