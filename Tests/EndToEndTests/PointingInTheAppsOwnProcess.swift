import Foundation
import Lamina
import LaminaTesting

/// Moves `pointer` to (x, y) until `window` of the test's own process hears the pointer: a
/// virtual pointer's first motions are lost while the window has not yet bound the `wl_pointer`
/// the new device gave the seat (the main thread binds it once it runs again).
@MainActor
func movePointer(_ pointer: VirtualPointer, toX x: Int, y: Int, reaching window: Window, timeout: Double = 20) async throws {
    var arrived = false
    let handler = window.onPointerEvent
    window.onPointerEvent = { event in
        arrived = true
        handler?(event)
    }
    defer { window.onPointerEvent = handler }
    let deadline = Date().addingTimeInterval(timeout)
    var nudge = 0
    while !arrived {
        guard Date() < deadline else { throw CompositorError("the pointer did not reach the window at (\(x), \(y))") }
        // Alternate by a pixel: each motion is a real change the compositor passes on.
        try pointer.move(toX: x + nudge, y: y)
        nudge = 1 - nudge
        try await Task.sleep(nanoseconds: 20_000_000)
    }
}
