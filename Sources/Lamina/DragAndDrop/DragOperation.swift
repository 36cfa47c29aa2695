internal import Wayland

/// What a drop does with the dragged data, as AppKit's `NSDragOperation` says: the source
/// allows a set of operations, the destination takes some of them, and the compositor picks
/// one (`wl_data_device_manager.dnd_action`).
public struct DragOperation: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// The operations as bits: copy 1, move 2, ask 4 (the protocol's values).
    public let rawValue: UInt32

    /// Operations from their bits; bits other than copy, move and ask are dropped.
    public init(rawValue: UInt32) { self.rawValue = rawValue & 7 }

    /// No operation: the drop is refused.
    public static let none: DragOperation = []
    /// The destination copies the data.
    public static let copy = DragOperation(rawValue: 1)
    /// The destination takes the data and the source deletes it.
    public static let move = DragOperation(rawValue: 2)
    /// The user chooses copy or move when dropping (the destination asks, e.g. with a menu).
    public static let ask = DragOperation(rawValue: 4)

    /// The one operation a destination prefers among these: copy, then move, then ask.
    var preferred: DragOperation {
        [DragOperation.copy, .move, .ask].first(where: contains) ?? .none
    }

    init(_ action: WlDataDeviceManager.DndAction) { self.init(rawValue: action.rawValue) }

    var dndAction: WlDataDeviceManager.DndAction { WlDataDeviceManager.DndAction(rawValue: rawValue) }

    /// The operations by name, e.g. `[copy, move]`.
    public var description: String {
        let names = [(DragOperation.copy, "copy"), (.move, "move"), (.ask, "ask")].filter { contains($0.0) }.map(\.1)
        return "[\(names.joined(separator: ", "))]"
    }
}
