/// A generated proxy class for one protocol interface.
public protocol WaylandInterface: WaylandProxy {
    /// The protocol name, e.g. `wl_compositor`.
    static var interfaceName: String { get }
    /// The highest version the generated bindings know.
    static var interfaceVersion: UInt32 { get }
}
