import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A grey layer that records the hover events it gets.
@MainActor
private final class HoverRecordingLayer: CALayer, PointerEventHandling {
    var hoverEvents: [PointerEvent.Kind] = []
    /// Runs when a hover event arrives, after it is recorded, with the pointer's location.
    var onHoverChange: ((CGPoint) -> Void)?

    override init() {
        super.init()
        backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    }

    required init?(coder: NSCoder) { nil }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        if event.kind == .hoverEntered || event.kind == .hoverExited {
            hoverEvents.append(event.kind)
            onHoverChange?(event.location)
        }
        return false
    }
}

/// Hover follows content that moves under a still virtual pointer on a real headless sway:
/// in a window (within one frame of the commit that moved it, and as animated layers are drawn
/// off or onto the pointer) and in a popup's own content.
@MainActor
final class HoverEndToEndTests: XCTestCase {
    /// Moves `layers` by `dy` without animation, as a list scrolled by a display link does.
    private func move(_ layers: [CALayer], by dy: CGFloat) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for layer in layers { layer.position.y += dy }
        CATransaction.commit()
    }

    /// A window of the test's process on a headless sway of its own (both closed at the end).
    private func openWindow(title: String) throws -> (HeadlessCompositor, Window) {
        let sway = try HeadlessCompositor.start(.sway)
        let application = try Application(socket: sway.socketPath)
        addTeardownBlock { @MainActor in
            application.close()
            sway.stop()
        }
        return (sway, try Window(application: application, title: title))
    }

    /// A window with a row at (100, 100, 400×40) and a second row at `second`, the virtual
    /// pointer still over the first row at (300, 120) (or 301: the helper nudges it) and the
    /// row hovered; the window settled. The pointer must be kept: the seat loses its pointer
    /// when the virtual one goes away.
    private func openWindowHoveringARow(title: String, second: CGRect) async throws -> (
        window: Window, row: HoverRecordingLayer, second: HoverRecordingLayer, pointer: VirtualPointer
    ) {
        let (sway, window) = try openWindow(title: title)
        let row = HoverRecordingLayer(), other = HoverRecordingLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        row.frame = CGRect(x: 100, y: 100, width: 400, height: 40)
        other.frame = second
        window.rootLayer.addSublayer(row)
        window.rootLayer.addSublayer(other)
        CATransaction.commit()
        try await window.settled(timeout: 20) { $0.isSizeFromCompositor }
        let pointer = try VirtualPointer(compositor: sway)
        try await movePointer(pointer, toX: 300, y: 120, reachingOneOf: [window])
        try await waitFor("the first row is hovered") { row.hoverEvents == [.hoverEntered] }
        try await window.settled(timeout: 20)
        return (window, row, other, pointer)
    }

    func testContentMovedUnderAStillPointerMovesTheHoverWithinAFrame() async throws {
        let (window, row, nextRow, pointer) = try await openWindowHoveringARow(
            title: "hover", second: CGRect(x: 100, y: 140, width: 400, height: 40))

        // The list scrolls by a row under the still pointer: the hover follows, before or with
        // the next frame.
        let framesBefore = window.statistics.frameCallbacks
        move([row, nextRow], by: -40)
        try await waitFor("the second row is hovered") { nextRow.hoverEvents == [.hoverEntered] }
        XCTAssertLessThanOrEqual(window.statistics.frameCallbacks, framesBefore + 1, "at most one frame late")
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited])

        // And back.
        try await window.settled(timeout: 20)
        let framesBack = window.statistics.frameCallbacks
        move([row, nextRow], by: 40)
        try await waitFor("the first row is hovered again") { row.hoverEvents.count == 3 }
        XCTAssertLessThanOrEqual(window.statistics.frameCallbacks, framesBack + 1, "at most one frame late")
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited, .hoverEntered])
        XCTAssertEqual(nextRow.hoverEvents, [.hoverEntered, .hoverExited])
        withExtendedLifetime(pointer) {}
    }

    func testLayersAnimatedAwayFromAndOntoAStillPointerAreExitedAndEntered() async throws {
        // The second row starts right of the pointer.
        let (window, row, incoming, pointer) = try await openWindowHoveringARow(
            title: "hover while animating", second: CGRect(x: 700, y: 100, width: 400, height: 40))
        // The pointer is still from here on, at (300, 120) or a pixel right of it (the helper
        // nudges it to make each motion a real change).
        let pointerArea = CGRect(x: 299.5, y: 119.5, width: 2, height: 1)

        // Where each layer's presentation was, and where the pointer was, when its hover
        // changed (handlers see the one evaluation of the tree that the hit test saw).
        var drawnAtChange: [String: (frame: CGRect, pointer: CGPoint)] = [:]
        row.onHoverChange = { drawnAtChange["row"] = (row.presentation()?.frame ?? .null, $0) }
        incoming.onHoverChange = { drawnAtChange["incoming"] = (incoming.presentation()?.frame ?? .null, $0) }

        // The row slides 600 points right, off the still pointer: it is exited as its frames
        // are shown, with no pointer motion.
        slide(row, toX: 900, from: 300, duration: 0.6)
        try await waitFor("the row sliding away is exited") { row.hoverEvents.count == 2 }
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited])
        XCTAssertEqual(incoming.hoverEvents, [])
        let (rowAtExit, pointerAtExit) = try XCTUnwrap(drawnAtChange["row"])
        XCTAssertTrue(pointerArea.contains(pointerAtExit), "the pointer stayed still: \(pointerAtExit)")
        XCTAssertFalse(rowAtExit.contains(pointerAtExit), "exited once off the pointer: \(rowAtExit), \(pointerAtExit)")
        XCTAssertTrue(rowAtExit.minX < 900, "exited while sliding, not at its end: \(rowAtExit)")

        // Another row slides in from the right onto the still pointer: it is entered.
        try await window.settled(timeout: 20)
        slide(incoming, toX: 300, from: 900, duration: 0.6)
        try await waitFor("the row sliding in is entered") { incoming.hoverEvents == [.hoverEntered] }
        let (incomingAtEnter, pointerAtEnter) = try XCTUnwrap(drawnAtChange["incoming"])
        XCTAssertTrue(pointerArea.contains(pointerAtEnter), "the pointer stayed still: \(pointerAtEnter)")
        XCTAssertTrue(incomingAtEnter.contains(pointerAtEnter), "entered once under the pointer: \(incomingAtEnter), \(pointerAtEnter)")
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited])
        try await window.settled(timeout: 20)
        XCTAssertEqual(incoming.hoverEvents, [.hoverEntered], "entered once")
        withExtendedLifetime(pointer) {}
    }

    /// Moves `layer`'s centre to `x` (the model at once) with a linear animation from `from`.
    private func slide(_ layer: CALayer, toX x: CGFloat, from: CGFloat, duration: Double) {
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = from
        slide.toValue = x
        slide.duration = duration
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position.x = x
        layer.add(slide, forKey: "slide")
        CATransaction.commit()
    }

    func testContentMovedInAPopupUnderAStillPointerMovesThePopupsHover() async throws {
        let (sway, window) = try openWindow(title: "hover in a popup")
        try await window.settled(timeout: 20) { $0.isSizeFromCompositor }
        let popup = Popup(contentSize: CGSize(width: 200, height: 80))
        let first = HoverRecordingLayer(), second = HoverRecordingLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        first.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        second.frame = CGRect(x: 0, y: 40, width: 200, height: 40)
        popup.rootLayer.addSublayer(first)
        popup.rootLayer.addSublayer(second)
        CATransaction.commit()
        try window.showPopup(popup, relativeTo: CGRect(x: 300, y: 300, width: 1, height: 1), of: window.rootLayer)
        try await waitFor("the popup is shown") { popup.isSettled }
        // sway tiles the window over the output from (0, 0): the popup's content point (x, y)
        // is at output pixel (origin + x, origin + y).
        let origin = popup.frame.origin
        let pointer = try VirtualPointer(compositor: sway)
        var heard = false
        popup.onPointerEvent = { _ in heard = true }
        let deadline = Date().addingTimeInterval(20)
        var nudge = 0
        while !heard {
            guard Date() < deadline else { throw CompositorError("the pointer did not reach the popup") }
            try pointer.move(toX: Int(origin.x) + 100 + nudge, y: Int(origin.y) + 20)
            nudge = 1 - nudge
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        try await waitFor("the popup's first item is hovered") { first.hoverEvents == [.hoverEntered] }

        move([first, second], by: -40)
        try await waitFor("the popup's second item is hovered") { second.hoverEvents == [.hoverEntered] }
        XCTAssertEqual(first.hoverEvents, [.hoverEntered, .hoverExited])
        popup.close()
    }
}
