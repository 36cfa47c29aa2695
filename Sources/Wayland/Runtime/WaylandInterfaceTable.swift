import CWaylandClient
import Glibc

/// The description of one interface that the scanner emits; turned into a `wl_interface`.
struct WaylandInterfaceDescriptor: Sendable {
    struct Message: Sendable {
        var name: String
        var signature: String
        /// One entry per wire argument: the interface of an object or new_id argument.
        var types: [String?]
    }

    var name: String
    var version: UInt32
    var requests: [Message]
    var events: [Message]
}

/// libwayland's `wl_interface` tables for every generated interface, built once and never freed.
///
/// Building our own tables (rather than taking the address of libwayland's exported
/// `wl_*_interface` globals) keeps generated code uniform and avoids Swift's habit of passing
/// a temporary copy of an imported C global, which would leave libwayland a dangling pointer.
enum WaylandInterfaceTable {
    private struct Table: @unchecked Sendable {
        // Written once during the lazy static initialisation below, read-only afterwards.
        var pointers: [String: UnsafePointer<wl_interface>]
        var descriptors: [String: WaylandInterfaceDescriptor]
    }

    private static let table: Table = build(generatedInterfaceDescriptors)

    /// The `wl_interface` for a protocol name, or nil for an interface that was not generated.
    static func pointer(named name: String) -> UnsafePointer<wl_interface>? {
        table.pointers[name]
    }

    /// The descriptor for a protocol name.
    static func descriptor(named name: String) -> WaylandInterfaceDescriptor? {
        table.descriptors[name]
    }

    private static func build(_ descriptors: [WaylandInterfaceDescriptor]) -> Table {
        var storage: [String: UnsafeMutablePointer<wl_interface>] = [:]
        for descriptor in descriptors {
            let slot = UnsafeMutablePointer<wl_interface>.allocate(capacity: 1)
            slot.initialize(to: wl_interface())
            storage[descriptor.name] = slot
        }
        func messages(_ list: [WaylandInterfaceDescriptor.Message]) -> UnsafePointer<wl_message>? {
            guard !list.isEmpty else { return nil }
            let array = UnsafeMutablePointer<wl_message>.allocate(capacity: list.count)
            for (index, message) in list.enumerated() {
                let types = UnsafeMutablePointer<UnsafePointer<wl_interface>?>.allocate(capacity: max(message.types.count, 1))
                types.initialize(repeating: nil, count: max(message.types.count, 1))
                for (position, type) in message.types.enumerated() {
                    if let type, let target = storage[type] {
                        types[position] = UnsafePointer(target)
                    }
                }
                array.advanced(by: index).initialize(
                    to: wl_message(name: strdup(message.name), signature: strdup(message.signature), types: types))
            }
            return UnsafePointer(array)
        }
        for descriptor in descriptors {
            guard let slot = storage[descriptor.name] else { continue }
            slot.pointee = wl_interface(
                name: strdup(descriptor.name), version: Int32(descriptor.version),
                method_count: Int32(descriptor.requests.count), methods: messages(descriptor.requests),
                event_count: Int32(descriptor.events.count), events: messages(descriptor.events))
        }
        return Table(
            pointers: storage.mapValues { (slot: UnsafeMutablePointer<wl_interface>) in UnsafePointer(slot) },
            descriptors: Dictionary(descriptors.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }))
    }
}
