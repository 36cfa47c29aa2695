import Foundation
import Lamina
import LaminaTesting
import XCTest

// The samples of the "Driving a window in tests" article: a real test on headless sway, run
// with the others. ArticleSampleTests checks that the article's ```swift blocks appear here
// verbatim.

/// A list of rows that scrolls by the wheel and by the Down key, as a list app's does.
@MainActor
final class ScrollingList {
    let window: Window
    let content = CALayer()
    private(set) var offset: CGFloat = 0

    init(window: Window) {
        self.window = window
        content.frame = CGRect(x: 0, y: 0, width: 900, height: 30 * 300)
        window.rootLayer.addSublayer(content)
        window.onPointerEvent = { [unowned self] event in
            if case .scrolled(let vertical, _) = event.kind { scroll(by: vertical) }
        }
        window.onKeyEvent = { [unowned self] event in
            if event.kind != .released, event.keysymName == "Down" { scroll(by: 30) }
        }
    }

    func scroll(by distance: CGFloat) {
        offset = max(0, offset + distance)
        CATransaction.setDisableActions(true)
        content.position.y = content.bounds.height / 2 - offset
    }
}

final class DrivingAWindowTests: XCTestCase {
    @MainActor
    func testTheListScrollsByWheelAndByKey() async throws {
        let sway = try HeadlessCompositor.start(.sway)       // a 1280×720 output
        defer { sway.stop() }
        let app = try Application(socket: sway.socketPath)
        defer { app.close() }
        let window = try Window(application: app, title: "Playlist", appID: "org.example.playlist")
        let list = ScrollingList(window: window)

        // sway tiles a new window over the whole output: float it, give it its size and
        // put it in the top-left corner, where output pixels are the window's points.
        try await window.settled(where: { $0.isSizeFromCompositor })
        try sway.run("swaymsg", package: "sway", [
            "[app_id=org.example.playlist]", "floating", "enable,", "resize", "set", "900", "640,", "move", "position", "0", "0",
        ])
        try await window.settled(where: { $0.size == CGSize(width: 900, height: 640) })

        // The pointer: its first motions are lost until the window has bound the seat's new
        // pointer, so move until the window hears it.
        let pointer = try VirtualPointer(compositor: sway)
        var heard = false
        let scrolls = window.onPointerEvent
        window.onPointerEvent = { event in
            heard = true
            scrolls?(event)
        }
        while !heard {
            try pointer.move(toX: 450, y: 320)
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try pointer.wheel(steps: 2)                          // two detents: 2 × 15 points
        try await waitUntil { list.offset == 30 }

        // The keyboard: keys go to the window with the keyboard focus.
        let keyboard = try VirtualKeyboard(compositor: sway)
        try await waitUntil { window.isKeyWindow }
        try keyboard.press("Down")                          // one row: 30 points
        try await waitUntil { list.offset == 60 }

        // A finger scroll and its end, through the article's scroll responder.
        let responder = ScrollResponder()
        window.onPointerEvent = { responder.handle($0) }
        try pointer.scroll(vertical: 20)
        try pointer.scroll(vertical: 12)
        try await waitUntil { responder.offset == 32 && responder.lastFingerDelta == -12 }
        try pointer.stopScrolling()
        try await waitUntil { responder.decelerating }
    }
}

/// A list's response to scrolling: follows the fingers or the wheel, and when the fingers
/// lift, keeps the last velocity to decelerate from (a display link would run it down).
@MainActor
final class ScrollResponder {
    private(set) var offset: CGFloat = 0
    private(set) var lastFingerDelta: CGFloat = 0
    private(set) var decelerating = false

    func handle(_ event: PointerEvent) {
        guard case .scrolled = event.kind else { return }
        switch event.phase {
        case .ended:
            decelerating = lastFingerDelta != 0   // the fingers lifted: kinetic scrolling begins
        case .cancelled:
            decelerating = false
        default:
            // AppKit's sign: a positive delta moves the content down, showing what is above.
            offset = max(0, offset - event.scrollingDeltaY)
            if event.hasPreciseScrollingDeltas { lastFingerDelta = event.scrollingDeltaY }
            decelerating = false
        }
    }
}

/// Waits until `condition` holds, letting the main actor handle the window's events
/// meanwhile; throws after `timeout` seconds.
@MainActor
func waitUntil(timeout: Double = 10, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { throw CompositorError("the condition did not hold within \(timeout) s") }
        try await Task.sleep(nanoseconds: 5_000_000)
    }
}
