import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A grey layer (drawn, so moving it makes a frame) that records the hover events it gets.
@MainActor
private final class HoverRecordingLayer: CALayer, PointerEventHandling, CursorProviding {
    var hoverEvents: [PointerEvent.Kind] = []
    var cursor: Cursor?

    override init() {
        super.init()
        backgroundColor = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    }

    required init?(coder: NSCoder) { nil }

    required init(layer: Any) {
        super.init(layer: layer)
    }

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        if event.kind == .hoverEntered || event.kind == .hoverExited { hoverEvents.append(event.kind) }
        return false
    }
}

/// Hover follows the content under a still pointer: a commit that moves, adds or removes
/// layers under it, an animation carrying a layer under it, or a popup closing over the window
/// gives the layers the hover events a pointer motion would — before the next frame for a
/// commit, at most once per frame.
@MainActor
final class WindowHoverUnderStillPointerTests: XCTestCase {
    private var scripted: ScriptedWindow!
    /// A row at (20, 20, 200, 40) under the pointer at (40, 30); a second row below it.
    private let row = HoverRecordingLayer()
    private let nextRow = HoverRecordingLayer()

    override func setUp() async throws {
        scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        row.frame = CGRect(x: 20, y: 20, width: 200, height: 40)
        nextRow.frame = CGRect(x: 20, y: 60, width: 200, height: 40)
        scripted.window.rootLayer.addSublayer(row)
        scripted.window.rootLayer.addSublayer(nextRow)
        CATransaction.commit()
        await scripted.waitForFrames(2)
        await scripted.completeFrame()
        scripted.compositor.pointerEnter(x: 40, y: 30)
        await waitUntil("the first row is hovered") { self.row.hoverEvents == [.hoverEntered] }
    }

    /// Waits until the window committed a frame and the compositor has its frame callback,
    /// then shows it (the window marks a frame pending before the compositor has read its
    /// commit: completing frames in between would complete none).
    private func showNextFrame() async {
        await waitUntil("a frame was committed") { self.scripted.window.isFramePending }
        let received = await scripted.compositor.waitUntil { $0.pendingFrameCallbacks > 0 }
        XCTAssertTrue(received, "the compositor received the frame's callback request")
        await scripted.completeFrame()
    }

    /// Moves the rows by `dy` without animation, as a list scrolled by a display link does.
    private func scrollRows(by dy: CGFloat) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        row.position.y += dy
        nextRow.position.y += dy
        CATransaction.commit()
    }

    func testContentScrolledUnderAStillPointerMovesTheHoverBeforeTheNextFrame() async throws {
        let framesBefore = scripted.window.statistics.frameCallbacks
        scrollRows(by: -40)  // the second row is now under the pointer
        await waitUntil("the hover moved to the second row") { self.nextRow.hoverEvents == [.hoverEntered] }
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited])
        XCTAssertEqual(scripted.window.statistics.frameCallbacks, framesBefore, "no frame callback was needed")
    }

    func testALayerAddedOrRemovedUnderAStillPointerIsEnteredOrExited() async throws {
        let overlay = HoverRecordingLayer()
        overlay.frame = CGRect(x: 30, y: 25, width: 20, height: 10)
        row.addSublayer(overlay)  // at (50, 45) in the window: not under the pointer
        CATransaction.flush()
        await showNextFrame()
        XCTAssertEqual(overlay.hoverEvents, [])

        let badge = HoverRecordingLayer()
        badge.frame = CGRect(x: 10, y: 0, width: 20, height: 20)  // (30…50, 20…40): under it
        row.addSublayer(badge)
        CATransaction.flush()
        await waitUntil("the added badge is entered") { badge.hoverEvents == [.hoverEntered] }
        await showNextFrame()  // a second change in this frame would wait for the next one
        badge.removeFromSuperlayer()
        CATransaction.flush()
        await waitUntil("the removed badge is exited") { badge.hoverEvents == [.hoverEntered, .hoverExited] }
        XCTAssertEqual(row.hoverEvents, [.hoverEntered], "the row stayed hovered throughout")
        XCTAssertEqual(overlay.hoverEvents, [])
    }

    func testTheHoverIsHitTestedAgainAtMostOncePerFrame() async throws {
        scrollRows(by: -40)
        await waitUntil("the hover moved to the second row") { self.nextRow.hoverEvents == [.hoverEntered] }
        scrollRows(by: 40)  // back: the first row is under the pointer again, in the same frame
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited], "the second commit waits for the frame")
        await showNextFrame()
        await waitUntil("the hover came back at the next frame") { self.row.hoverEvents.count == 3 }
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited, .hoverEntered])
        XCTAssertEqual(nextRow.hoverEvents, [.hoverEntered, .hoverExited])
    }

    func testALayerAnimatedUnderAStillPointerIsEnteredAsFramesAreShown() async throws {
        let mover = HoverRecordingLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.frame = CGRect(x: 240, y: 20, width: 60, height: 40)  // right of the pointer
        scripted.window.rootLayer.addSublayer(mover)
        CATransaction.commit()
        await showNextFrame()
        _ = await scripted.framesAfterRoundtrip()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 270
        slide.toValue = 40
        slide.duration = 0.3
        mover.position.x = 40  // the model is under the pointer at once; what is drawn gets there
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        mover.add(slide, forKey: "slide")
        CATransaction.commit()
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(mover.hoverEvents, [], "what is drawn is not under the pointer yet")
        let deadline = Date().addingTimeInterval(5)
        while mover.hoverEvents.isEmpty, Date() < deadline {
            try await Task.sleep(nanoseconds: 16_000_000)
            await showNextFrame()
        }
        XCTAssertEqual(mover.hoverEvents, [.hoverEntered])
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited])
    }

    func testCapturedPointerKeepsItsLayerWhileContentMovesUnderIt() async throws {
        scripted.compositor.pointerButton(0x110, pressed: true)
        _ = await scripted.framesAfterRoundtrip()
        scrollRows(by: -40)
        await showNextFrame()
        _ = await scripted.framesAfterRoundtrip()
        XCTAssertEqual(row.hoverEvents, [.hoverEntered], "no hover change during a press")
        XCTAssertEqual(nextRow.hoverEvents, [])
        scripted.compositor.pointerButton(0x110, pressed: false)
        await waitUntil("the release moved the hover") { self.nextRow.hoverEvents == [.hoverEntered] }
    }

    func testWhenAPopupOverAStillPointerClosesTheWindowUnderItIsHoveredAgain() async throws {
        nextRow.cursor = .pointingHand
        let popup = Popup(contentSize: CGSize(width: 120, height: 80))
        let item = HoverRecordingLayer()
        item.frame = CGRect(x: 0, y: 0, width: 120, height: 80)
        popup.rootLayer.addSublayer(item)
        // Placed at (40, 50) in the window's content: over the second row.
        try scripted.window.showPopup(popup, relativeTo: CGRect(x: 40, y: 40, width: 10, height: 10), of: scripted.window.rootLayer)
        let shown = await scripted.compositor.waitUntil { state in
            state.popups.count == 1 && state.frames.contains { $0.surfaceID == state.popups[0].surfaceID }
        }
        XCTAssertTrue(shown)
        XCTAssertEqual(popup.frame.origin, CGPoint(x: 40, y: 50))
        scripted.compositor.pointerEnterPopup(x: 30, y: 25)  // (70, 75) in the window: the second row
        await waitUntil("the popup's item is hovered") { item.hoverEvents == [.hoverEntered] }
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited], "the window lost the pointer to the popup")
        let cursorsBefore = scripted.compositor.state.cursors.count

        popup.close()
        await waitUntil("the row under the pointer is hovered") { self.nextRow.hoverEvents == [.hoverEntered] }
        XCTAssertEqual(row.hoverEvents, [.hoverEntered, .hoverExited])
        let cursorShown = await scripted.compositor.waitUntil { $0.cursors.count > cursorsBefore }
        XCTAssertTrue(cursorShown, "the second row's cursor was asked for")
    }

    func testContentMovedInAPopupUnderAStillPointerMovesThePopupsHover() async throws {
        let popup = Popup(contentSize: CGSize(width: 120, height: 80))
        let first = HoverRecordingLayer(), second = HoverRecordingLayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        first.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        second.frame = CGRect(x: 0, y: 40, width: 120, height: 40)
        popup.rootLayer.addSublayer(first)
        popup.rootLayer.addSublayer(second)
        CATransaction.commit()
        try scripted.window.showPopup(popup, relativeTo: CGRect(x: 40, y: 40, width: 10, height: 10), of: scripted.window.rootLayer)
        let shown = await scripted.compositor.waitUntil { state in
            state.popups.count == 1 && state.frames.contains { $0.surfaceID == state.popups[0].surfaceID }
        }
        XCTAssertTrue(shown)
        scripted.compositor.pointerEnterPopup(x: 30, y: 25)  // over the first item
        await waitUntil("the popup's first item is hovered") { first.hoverEvents == [.hoverEntered] }

        // The popup's list scrolls by one item under the still pointer.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        first.position.y -= 40
        second.position.y -= 40
        CATransaction.commit()
        await waitUntil("the hover moved to the second item") { second.hoverEvents == [.hoverEntered] }
        XCTAssertEqual(first.hoverEvents, [.hoverEntered, .hoverExited])
        XCTAssertEqual(nextRow.hoverEvents, [], "the window under the popup is not hovered")
        popup.close()
    }
}
