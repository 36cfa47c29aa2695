import Foundation
import QuartzCore

/// Lamina: makes the accessibility snapshot of one window's layer tree as the bridge does,
/// for measuring it from outside the module (the accessibility benchmark).
@MainActor
package enum AccessibilitySnapshotProbe {
    /// The snapshot of a window whose surface has the layer tree `root` and size `size`:
    /// the number of accessibles in it (the window included). `expectedCount` is the count
    /// of the snapshot before, which the bridge sizes the next one by (0 for the first).
    package static func nodeCount(ofWindowRoot root: CALayer, size: CGSize, expectedCount: Int = 0) -> Int {
        var builder = AccessibilitySnapshotBuilder(applicationName: "benchmark", expectedCount: expectedCount)
        builder.addTopLevel(root: root, role: .frame, name: "Window", size: size, states: [], focusedLayer: nil)
        return builder.snapshot.nodes.count
    }
}
