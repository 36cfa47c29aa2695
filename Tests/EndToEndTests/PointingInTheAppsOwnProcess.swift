import Foundation
import Lamina
import LaminaTesting

/// Moves `pointer` to (x, y) until one of `windows` of the test's own process hears the
/// pointer, and returns that window: a virtual pointer's first motions are lost while the
/// windows have not yet bound the `wl_pointer` the new device gave the seat (the main thread
/// binds it once it runs again). Where a compositor tiles several windows is its choice: the
/// answer says which one is there.
@MainActor
@discardableResult
func movePointer(_ pointer: VirtualPointer, toX x: Int, y: Int, reachingOneOf windows: [Window], timeout: Double = 20) async throws -> Window {
    var reached: Window?
    let handlers = windows.map(\.onPointerEvent)
    for (window, handler) in zip(windows, handlers) {
        window.onPointerEvent = { [unowned window] event in
            if reached == nil { reached = window }
            handler?(event)
        }
    }
    defer { for (window, handler) in zip(windows, handlers) { window.onPointerEvent = handler } }
    let deadline = Date().addingTimeInterval(timeout)
    var nudge = 0
    while true {
        if let reached { return reached }
        guard Date() < deadline else { throw CompositorError("the pointer did not reach a window at (\(x), \(y))") }
        // Alternate by a pixel: each motion is a real change the compositor passes on.
        try pointer.move(toX: x + nudge, y: y)
        nudge = 1 - nudge
        try await Task.sleep(nanoseconds: 20_000_000)
    }
}
