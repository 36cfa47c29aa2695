import Foundation

/// An `org.a11y.atspi.Event.Object` signal: what changed in the accessible tree, as screen
/// readers follow it (`object:property-change:accessible-name`, `object:state-changed:focused`,
/// `object:children-changed:add`, …).
struct ATSPIEvent: Sendable, Equatable {
    /// The node the signal comes from (its object path).
    var source: UInt64
    /// The signal: `PropertyChange`, `StateChanged`, `ChildrenChanged`, `BoundsChanged`,
    /// `Announcement`.
    var member: String
    var detail: String
    var detail1: Int32 = 0
    var detail2: Int32 = 0
    var data: Data

    /// The event's `any_data`.
    enum Data: Sendable, Equatable {
        case int(Int32)
        case string(String)
        /// A node, sent as an object reference.
        case node(UInt64)
        /// A rectangle in window coordinates, sent as `(iiii)`.
        case rect(x: Int32, y: Int32, width: Int32, height: Int32)
    }

    /// The events that take a client from `old` to `new`: children added and removed (each
    /// at its index; all of a node's children when some of them changed places), names,
    /// descriptions and values changed, announced states flipped, frames moved. Nodes only
    /// in `new` get no events of their own beyond their addition.
    static func changes(from old: AccessibilitySnapshot, to new: AccessibilitySnapshot) -> [ATSPIEvent] {
        var events: [ATSPIEvent] = []
        var parents = [AccessibilitySnapshot.applicationID]
        parents += new.nodes.keys.sorted()
        for parent in parents {
            let before = old.children(of: parent)
            let after = new.children(of: parent)
            guard before != after, parent == AccessibilitySnapshot.applicationID || old.nodes[parent] != nil else {
                continue
            }
            let kept = Set(after)
            let existing = Set(before)
            // Children that stayed but changed places are removed and added again: a client
            // that keeps its own list of children (libatspi's cache) follows only additions
            // and removals.
            let reordered = before.filter(kept.contains) != after.filter(existing.contains)
            for (index, child) in before.enumerated().reversed() where reordered || !kept.contains(child) {
                events.append(ATSPIEvent(source: parent, member: "ChildrenChanged", detail: "remove", detail1: Int32(clamping: index), data: .node(child)))
            }
            for (index, child) in after.enumerated() where reordered || !existing.contains(child) {
                events.append(ATSPIEvent(source: parent, member: "ChildrenChanged", detail: "add", detail1: Int32(clamping: index), data: .node(child)))
            }
        }
        for id in new.nodes.keys.sorted() {
            guard let now = new.nodes[id], let was = old.nodes[id] else { continue }
            if now.name != was.name {
                events.append(ATSPIEvent(source: id, member: "PropertyChange", detail: "accessible-name", data: .string(now.name)))
            }
            if now.description != was.description {
                events.append(
                    ATSPIEvent(source: id, member: "PropertyChange", detail: "accessible-description", data: .string(now.description)))
            }
            if now.value != was.value {
                events.append(ATSPIEvent(source: id, member: "PropertyChange", detail: "accessible-value", data: .string(now.value ?? "")))
            }
            for (state, name) in ATSPIStateSet.announced where now.states.contains(state) != was.states.contains(state) {
                events.append(
                    ATSPIEvent(source: id, member: "StateChanged", detail: name, detail1: now.states.contains(state) ? 1 : 0, data: .int(0)))
            }
            if now.frame != was.frame {
                let extents = ATSPIGeometry.extents(now.frame)
                events.append(
                    ATSPIEvent(source: id, member: "BoundsChanged", detail: "",
                               data: .rect(x: extents.x, y: extents.y, width: extents.width, height: extents.height)))
            }
        }
        return events
    }
}
