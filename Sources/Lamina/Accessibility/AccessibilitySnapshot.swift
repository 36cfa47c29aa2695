import Foundation

/// What the app's windows tell assistive technologies at one commit: a `Sendable` copy of
/// every accessible element (names, roles, states, frames), made on the main thread and read
/// by the accessibility bridge's thread, which answers the bus from it without touching a
/// layer.
struct AccessibilitySnapshot: Sendable, Equatable {
    /// One accessible: a window or popup (a top level), or an element or group of layers.
    struct Node: Sendable, Equatable {
        /// The node's number: its object path is `/org/a11y/atspi/accessible/<id>`.
        var id: UInt64
        /// Its parent's number; ``applicationID`` for a top level.
        var parent: UInt64
        /// Its children's numbers, in reading order.
        var children: [UInt64] = []
        var role: ATSPIRole
        /// What assistive technologies read as its name (the label) and description (the hint).
        var name: String
        var description: String = ""
        /// The element's value (`accessibilityValue`), if it has one.
        var value: String?
        /// The text a text layer shows (the Text interface), if it is one.
        var text: String?
        var identifier: String?
        var language: String?
        var states: ATSPIStateSet
        /// The frame in its window's surface coordinates (points).
        var frame: CGRect
        /// Its top level's number (its own for a top level).
        var topLevel: UInt64
        /// The actions `DoAction` offers, in order.
        var actions: [Action] = []
        /// Whether it takes increments and decrements (the Value interface).
        var isAdjustable = false
        /// Its relations to other nodes (a popup's to the element it was opened for).
        var relations: [ATSPIRelation] = []
    }

    /// What an assistive technology can ask an element to do.
    enum Action: String, Sendable, Equatable, CaseIterable {
        /// `accessibilityActivate()`.
        case activate
        /// `accessibilityIncrement()`.
        case increment
        /// `accessibilityDecrement()`.
        case decrement

        /// What the action does, in words (`GetDescription`).
        var description: String {
            switch self {
            case .activate: "Activates the element"
            case .increment: "Raises the value by one step"
            case .decrement: "Lowers the value by one step"
            }
        }
    }

    /// The application's own node number (its object path ends in `root`).
    static let applicationID: UInt64 = 0

    /// The application's name.
    var applicationName: String
    /// The windows and popups, in the order they opened.
    var topLevels: [UInt64] = []
    /// Every node but the application, by number.
    var nodes: [UInt64: Node] = [:]

    /// The children of a node (the top levels for the application).
    func children(of id: UInt64) -> [UInt64] {
        id == Self.applicationID ? topLevels : nodes[id]?.children ?? []
    }

    /// The deepest node under `point` (surface coordinates of `topLevel`) among `id` and its
    /// descendants, the last child (drawn on top) first; nil if `point` is outside `id`.
    func node(at point: CGPoint, in id: UInt64) -> UInt64? {
        guard let node = nodes[id], node.frame.contains(point) else { return nil }
        for child in node.children.reversed() {
            if let hit = self.node(at: point, in: child) { return hit }
        }
        return id
    }
}
