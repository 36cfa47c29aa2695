import Foundation

@testable import Lamina

extension AccessibilitySnapshot {
    /// An application named "sample" with one 400×300 window (node 1) holding a button (2)
    /// and a two-line text (3): the snapshot the bridge's answer and cache tests read.
    static func sample() -> AccessibilitySnapshot {
        var snapshot = AccessibilitySnapshot(applicationName: "sample")
        snapshot.topLevels = [1]
        snapshot.nodes[1] = .init(
            id: 1, parent: 0, children: [2, 3], role: .frame, name: "Window", states: [.active, .showing],
            frame: CGRect(x: 0, y: 0, width: 400, height: 300), topLevel: 1)
        snapshot.nodes[2] = .init(
            id: 2, parent: 1, role: .pushButton, name: "OK", description: "Closes", identifier: "ok",
            states: [.enabled, .focusable], frame: CGRect(x: 10.25, y: 20, width: 80.5, height: 30), topLevel: 1,
            actions: [.activate])
        snapshot.nodes[3] = .init(
            id: 3, parent: 1, role: .label, name: "Héllo wörld\nsecond line", text: "Héllo wörld\nsecond line",
            states: [.showing], frame: CGRect(x: 100, y: 100, width: 200, height: 40), topLevel: 1)
        return snapshot
    }
}
