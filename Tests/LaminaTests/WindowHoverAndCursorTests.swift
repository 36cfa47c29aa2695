import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A layer that records every pointer event kind it is offered and the layer each was for,
/// and may choose a cursor.
@MainActor
private final class HoverLayer: CALayer, PointerEventHandling, CursorProviding {
    var received: [PointerEvent.Kind] = []
    var targets: [CALayer?] = []
    var cursor: Cursor?

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        received.append(event.kind)
        targets.append(event.layer)
        return false
    }
}

/// Hover enter/exit to layers, pointer capture during a press, scroll routing, and the cursor
/// image set on enter and over layers that choose one.
@MainActor
final class WindowHoverAndCursorTests: XCTestCase {
    private var scripted: ScriptedWindow!
    private let parent = HoverLayer()
    private let child = HoverLayer()

    override func setUp() async throws {
        scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        parent.frame = CGRect(x: 20, y: 20, width: 200, height: 150)
        child.frame = CGRect(x: 10, y: 10, width: 50, height: 50)  // at 30…80 in the window
        parent.addSublayer(child)
        scripted.window.rootLayer.addSublayer(parent)
        await scripted.waitForFrames(2)
    }

    private func settle() async {
        _ = await scripted.framesAfterRoundtrip()
    }

    func testHoverEnteredAndExitedReachEachLayerOnceOutermostInInnermostOut() async throws {
        scripted.compositor.pointerEnter(x: 40, y: 45)  // child
        scripted.compositor.pointerMove(x: 50, y: 50)  // still child
        scripted.compositor.pointerMove(x: 150, y: 100)  // parent only
        scripted.compositor.pointerMove(x: 300, y: 190)  // the root only
        await waitUntil("the parent was exited") { self.parent.received.contains(.hoverExited) }
        XCTAssertEqual(child.received.filter { $0 == .hoverEntered || $0 == .hoverExited }, [.hoverEntered, .hoverExited])
        XCTAssertEqual(parent.received.filter { $0 == .hoverEntered || $0 == .hoverExited }, [.hoverEntered, .hoverExited])
        XCTAssertEqual(parent.received.first, .hoverEntered, "hover before the enter event itself")
        XCTAssertTrue((child.targets.first ?? nil) === child, "a hover event names the layer it is for")
        XCTAssertEqual(child.received.filter { $0 == .entered || $0 == .moved }, [.entered, .moved], "not bubbled from the child: its own chain")
    }

    func testAPressCapturesThePointerUntilTheLastButtonIsReleased() async throws {
        scripted.compositor.pointerEnter(x: 40, y: 45)
        scripted.compositor.pointerButton(0x110, pressed: true)
        scripted.compositor.pointerMove(x: 300, y: 190)  // outside the child and its parent
        scripted.compositor.pointerScroll(vertical: 5)
        scripted.compositor.pointerButton(0x110, pressed: false)
        scripted.compositor.pointerMove(x: 301, y: 190)
        await waitUntil("hover caught up after the release") { self.child.received.contains(.hoverExited) }
        XCTAssertEqual(child.received, [
            .hoverEntered, .entered, .pressed(button: 0x110), .moved, .scrolled(vertical: 5, horizontal: 0),
            .released(button: 0x110), .hoverExited,
        ], "the drag kept going to the pressed layer; hover resumed at the release")
        XCTAssertTrue(child.targets.allSatisfy { $0 === child })
        XCTAssertEqual(parent.received.filter { $0 == .moved }.count, 1, "the captured move bubbled from the child; the later one went to the root")
    }

    func testScrollGoesToTheLayerUnderThePointer() async throws {
        scripted.compositor.pointerEnter(x: 150, y: 100)
        scripted.compositor.pointerScroll(vertical: -2.5, horizontal: 1)
        await waitUntil("the scroll arrived") { self.parent.received.contains(.scrolled(vertical: -2.5, horizontal: 1)) }
        XCTAssertEqual(child.received, [])
    }

    func testEnteringShowsAThemeCursorForTheEntersSerial() async throws {
        let serial = scripted.compositor.pointerEnter(x: 300, y: 190)
        let shown = await scripted.compositor.waitUntil { !$0.cursorCommits.isEmpty }
        XCTAssertTrue(shown, "a cursor surface was committed")
        let state = scripted.compositor.state
        XCTAssertEqual(state.cursors.count, 1)
        XCTAssertEqual(state.cursors.first?.serial, serial)
        XCTAssertNotNil(state.cursors.first?.surfaceID)
        let size = try XCTUnwrap(state.cursorCommits.last?.bufferSize, "the cursor surface has a buffer")
        XCTAssertGreaterThan(size.width, 0)
        XCTAssertEqual(state.cursorCommits.last?.bufferScale, 1, "the output's scale")
        XCTAssertEqual(state.commits.filter { $0.surfaceID == state.cursors.first?.surfaceID }.count, 0, "cursor commits are not window frames")
    }

    func testHoveringALayerShowsItsCursorAndLeavingItTheArrowAgain() async throws {
        child.cursor = .pointingHand
        XCTAssertEqual(scripted.window.cursor(for: child), .pointingHand)
        XCTAssertEqual(scripted.window.cursor(for: parent), .arrow, "the parent chooses none")
        scripted.compositor.pointerEnter(x: 150, y: 100)
        scripted.compositor.pointerMove(x: 40, y: 45)  // onto the child
        scripted.compositor.pointerMove(x: 50, y: 50)  // within it
        scripted.compositor.pointerMove(x: 150, y: 100)  // off it
        await settle()
        XCTAssertEqual(scripted.compositor.state.cursors.count, 3, "arrow, hand, arrow: no request while the cursor stays")
        XCTAssertEqual(Set(scripted.compositor.state.cursors.map(\.serial)).count, 1, "all for the one enter")
    }
}
