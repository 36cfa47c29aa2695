import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A layer that records the pointer events it is offered and consumes them or not.
@MainActor
private final class RecordingLayer: CALayer, PointerEventHandling {
    var received: [PointerEvent.Kind] = []
    var consumes = false

    func handlePointerEvent(_ event: PointerEvent) -> Bool {
        // Hover events are not bubbled and their return value is ignored: WindowHoverTests.
        if event.kind == .hoverEntered || event.kind == .hoverExited { return false }
        received.append(event.kind)
        return consumes
    }
}

/// Pointer events from the compositor reach the window's handler with their locations, then
/// the hit layer, and bubble through superlayers that adopt `PointerEventHandling`.
@MainActor
final class WindowPointerTests: XCTestCase {
    private var scripted: ScriptedWindow!
    private var events: [PointerEvent] = []
    private let parent = RecordingLayer()
    private let child = RecordingLayer()
    private let plain = CALayer()

    override func setUp() async throws {
        scripted = try await ScriptedWindow(test: self)
        await scripted.completeFrame()
        parent.frame = CGRect(x: 20, y: 20, width: 200, height: 150)
        child.frame = CGRect(x: 10, y: 10, width: 50, height: 50)  // at 30…80 in the window
        plain.frame = CGRect(x: 100, y: 60, width: 50, height: 50)  // at 120…170, 80…130, inside parent
        parent.addSublayer(child)
        parent.addSublayer(plain)
        scripted.window.rootLayer.addSublayer(parent)
        await scripted.waitForFrames(2)
        scripted.window.onPointerEvent = { [unowned self] in events.append($0) }
    }

    private func waitForEvents(_ count: Int) async {
        await waitUntil("\(count) pointer events arrived (have \(events.count))") { self.events.count >= count }
    }

    func testEveryKindOfEventArrivesWithItsLocationAndLayer() async throws {
        scripted.compositor.pointerEnter(x: 40, y: 45)
        scripted.compositor.pointerMove(x: 130, y: 90)
        scripted.compositor.pointerButton(0x110, pressed: true)
        scripted.compositor.pointerButton(0x110, pressed: false)
        scripted.compositor.pointerScroll(vertical: 15, horizontal: -3)
        scripted.compositor.pointerMove(x: 300, y: 190)
        scripted.compositor.pointerLeave()
        await waitForEvents(7)
        XCTAssertEqual(events.map(\.kind), [
            .entered, .moved, .pressed(button: 0x110), .released(button: 0x110), .scrolled(vertical: 15, horizontal: -3),
            .moved, .exited,
        ])
        XCTAssertEqual(events.map(\.location), [
            CGPoint(x: 40, y: 45), CGPoint(x: 130, y: 90), CGPoint(x: 130, y: 90), CGPoint(x: 130, y: 90),
            CGPoint(x: 130, y: 90), CGPoint(x: 300, y: 190), CGPoint(x: 300, y: 190),
        ])
        XCTAssertTrue(events[0].layer === child)
        XCTAssertTrue(events[1].layer === plain)
        XCTAssertTrue(events[5].layer === scripted.window.rootLayer, "outside every sublayer: the root")
    }

    func testAnEventBubblesFromTheHitLayerThroughItsSuperlayers() async throws {
        scripted.compositor.pointerEnter(x: 40, y: 45)
        scripted.compositor.pointerButton(0x110, pressed: true)
        await waitForEvents(2)
        XCTAssertEqual(child.received, [.entered, .pressed(button: 0x110)], "the hit layer first")
        XCTAssertEqual(parent.received, [.entered, .pressed(button: 0x110)], "not consumed: its superlayer next")
    }

    func testAConsumedEventStopsBubbling() async throws {
        child.consumes = true
        scripted.compositor.pointerEnter(x: 40, y: 45)
        await waitForEvents(1)
        XCTAssertEqual(child.received, [.entered])
        XCTAssertEqual(parent.received, [], "consumed by the child")
    }

    func testALayerThatDoesNotHandleEventsPassesThemToItsSuperlayer() async throws {
        scripted.compositor.pointerEnter(x: 130, y: 90)
        await waitForEvents(1)
        XCTAssertTrue(events[0].layer === plain)
        XCTAssertEqual(child.received, [], "a sibling is not offered the event")
        XCTAssertEqual(parent.received, [.entered])
    }
}
