import CoreGraphics
import Foundation
import Lamina
import LaminaTesting
import XCTest

/// A layer that records the touch and gesture events it is offered and consumes them or not.
@MainActor
private final class TouchRecordingLayer: CALayer, TouchEventHandling, GestureEventHandling {
    var touches: [TouchEvent.Phase] = []
    var gestures: [GestureEvent.Phase] = []
    var consumes = true

    func handleTouchEvent(_ event: TouchEvent) -> Bool {
        touches.append(event.phase)
        return consumes
    }

    func handleGestureEvent(_ event: GestureEvent) -> Bool {
        gestures.append(event.phase)
        return consumes
    }
}

/// Touch points are hit-tested on the presentation tree when they go down, captured by that
/// layer and bubbled like pointer events; touchpad gestures go to the layer under the pointer.
@MainActor
final class TouchAndGestureTests: XCTestCase {
    private var scripted: ScriptedWindow!
    private let parent = TouchRecordingLayer()
    private let left = TouchRecordingLayer()
    private let right = TouchRecordingLayer()
    private var touches: [TouchEvent] = []
    private var gestures: [GestureEvent] = []

    private func open(decorations: ScriptedCompositor.DecorationManager = .honoursRequests) async throws {
        var configuration = ScriptedCompositor.Configuration()
        configuration.offersTouch = true
        configuration.offersPointerGestures = true
        configuration.decorationManager = decorations
        scripted = try await ScriptedWindow(test: self, configuration: configuration)
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        left.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        right.frame = CGRect(x: 100, y: 0, width: 100, height: 100)
        parent.addSublayer(left)
        parent.addSublayer(right)
        scripted.window.rootLayer.addSublayer(parent)
        CATransaction.flush()
        scripted.window.onTouchEvent = { [unowned self] in touches.append($0) }
        scripted.window.onGestureEvent = { [unowned self] in gestures.append($0) }
        // The client binds wl_touch and the gestures once it hears of the seat's capabilities.
        let bound = await scripted.compositor.waitUntil { state in
            state.requests.contains("wl_seat.get_touch") && state.requests.contains("zwp_pointer_gestures_v1.get_hold_gesture")
        }
        XCTAssertTrue(bound, "the client bound wl_touch and the gestures")
    }

    private var compositor: ScriptedCompositor { scripted.compositor }

    func testEachPointIsCapturedByTheLayerItWentDownOn() async throws {
        try await open()
        compositor.touchDown(id: 1, x: 50, y: 40, frame: false)
        compositor.touchDown(id: 2, x: 150, y: 60, frame: false)
        compositor.touchFrame()
        compositor.touchMotion(id: 1, x: 160, y: 45)  // over `right` now: still `left`'s
        compositor.touchUp(id: 1)
        compositor.touchMotion(id: 2, x: 20, y: 70)
        compositor.touchCancel()
        await waitUntil("six touch events arrived (have \(touches.count))") { self.touches.count >= 6 }
        XCTAssertEqual(touches.map(\.phase), [.began, .began, .moved, .ended, .moved, .cancelled])
        XCTAssertEqual(touches.map(\.touchID), [1, 2, 1, 1, 2, 2])
        XCTAssertEqual(touches.map(\.location), [
            CGPoint(x: 50, y: 40), CGPoint(x: 150, y: 60), CGPoint(x: 160, y: 45), CGPoint(x: 160, y: 45),
            CGPoint(x: 20, y: 70), CGPoint(x: 20, y: 70),
        ])
        XCTAssertEqual(touches.map { $0.layer === left }, [true, false, true, true, false, false])
        XCTAssertEqual(touches.map { $0.layer === right }, [false, true, false, false, true, true])
        XCTAssertEqual(left.touches, [.began, .moved, .ended])
        XCTAssertEqual(right.touches, [.began, .moved, .cancelled])
        XCTAssertEqual(parent.touches, [], "consumed by the sublayers")
    }

    func testUnconsumedTouchesBubbleAndShapesArrive() async throws {
        try await open()
        left.consumes = false
        compositor.touchDown(id: 7, x: 10, y: 10, frame: false)
        compositor.touchShape(id: 7, major: 12.5, minor: 8, orientation: 30)
        compositor.touchUp(id: 7)
        await waitUntil("two touch events arrived") { self.touches.count >= 2 }
        XCTAssertEqual(left.touches, [.began, .ended])
        XCTAssertEqual(parent.touches, [.began, .ended], "bubbled to the superlayer")
        XCTAssertEqual(touches.first?.majorRadius, 12.5)
        XCTAssertEqual(touches.first?.minorRadius, 8)
        XCTAssertEqual(touches.first?.orientation, 30)
        XCTAssertNil(touches.last?.majorRadius)
    }

    func testEventsOfUnknownPointsAreDropped() async throws {
        try await open()
        compositor.touchMotion(id: 9, x: 10, y: 10)
        compositor.touchUp(id: 9)
        compositor.touchDown(id: 3, x: 120, y: 10)
        await waitUntil("the down arrived") { !self.touches.isEmpty }
        XCTAssertEqual(touches.map(\.phase), [.began])
        XCTAssertEqual(touches.map(\.touchID), [3])
        XCTAssertEqual(scripted.fatalErrors, [])
    }

    func testLocationsAreInContentCoordinatesBelowLaminasTitleBar() async throws {
        try await open(decorations: .notOffered)
        XCTAssertEqual(scripted.window.contentOrigin, CGPoint(x: 0, y: 32))
        compositor.touchDown(id: 1, x: 150, y: 82)
        await waitUntil("the down arrived") { !self.touches.isEmpty }
        XCTAssertEqual(touches.first?.location, CGPoint(x: 150, y: 50))
        XCTAssertTrue(touches.first?.layer === right)
    }

    func testATouchOnAPopupGoesToThePopup() async throws {
        try await open()
        let popup = Popup(contentSize: CGSize(width: 80, height: 40))
        let item = TouchRecordingLayer()
        item.frame = CGRect(x: 0, y: 20, width: 80, height: 20)
        popup.rootLayer.addSublayer(item)
        var popupTouches: [TouchEvent] = []
        popup.onTouchEvent = { popupTouches.append($0) }
        try scripted.window.showPopup(popup, relativeTo: left.frame, of: parent)
        let mapped = await compositor.waitUntil { $0.popups.first?.isMapped == true }
        XCTAssertTrue(mapped)
        compositor.touchDown(id: 4, x: 10, y: 30, onPopup: true)
        compositor.touchUp(id: 4)
        await waitUntil("the popup's touches arrived") { popupTouches.count >= 2 }
        XCTAssertEqual(item.touches, [.began, .ended])
        XCTAssertEqual(popupTouches.first?.location, CGPoint(x: 10, y: 30))
        XCTAssertEqual(touches.count, 0, "the window saw none")
    }

    func testSwipesPinchesAndHoldsGoToTheLayerUnderThePointer() async throws {
        try await open()
        compositor.pointerEnter(x: 150, y: 20)
        compositor.sendGesture(.swipeBegin(fingers: 3))
        compositor.sendGesture(.swipeUpdate(dx: 10, dy: 5))
        compositor.sendGesture(.swipeUpdate(dx: 2, dy: -1))
        compositor.sendGesture(.swipeEnd(cancelled: false))
        compositor.pointerMove(x: 50, y: 20)
        compositor.sendGesture(.pinchBegin(fingers: 2))
        compositor.sendGesture(.pinchUpdate(dx: 0, dy: 0, scale: 1.5, rotation: 90))
        compositor.pointerMove(x: 150, y: 20)  // the pinch stays with the layer it began over
        compositor.sendGesture(.pinchUpdate(dx: 4, dy: 4, scale: 2, rotation: 90))
        compositor.sendGesture(.pinchEnd(cancelled: true))
        compositor.sendGesture(.holdBegin(fingers: 2))
        compositor.sendGesture(.holdEnd(cancelled: false))
        await waitUntil("ten gesture events arrived (have \(gestures.count))") { self.gestures.count >= 10 }
        XCTAssertEqual(gestures.map(\.kind), [.swipe, .swipe, .swipe, .swipe, .pinch, .pinch, .pinch, .pinch, .hold, .hold])
        XCTAssertEqual(gestures.map(\.phase), [.began, .changed, .changed, .ended, .began, .changed, .changed, .cancelled, .began, .ended])
        XCTAssertEqual(gestures.map(\.fingers), [3, 3, 3, 3, 2, 2, 2, 2, 2, 2])
        XCTAssertEqual(gestures.map(\.translation), [
            .zero, CGPoint(x: 10, y: 5), CGPoint(x: 12, y: 4), CGPoint(x: 12, y: 4),
            .zero, .zero, CGPoint(x: 4, y: 4), CGPoint(x: 4, y: 4), .zero, .zero,
        ])
        XCTAssertEqual(gestures.map(\.scale), [1, 1, 1, 1, 1, 1.5, 2, 2, 1, 1])
        XCTAssertEqual(gestures[5].rotation, .pi / 2, accuracy: 1e-4)
        XCTAssertEqual(gestures[6].rotation, .pi, accuracy: 1e-4)
        XCTAssertEqual(gestures[0].location, CGPoint(x: 150, y: 20))
        XCTAssertEqual(right.gestures, [.began, .changed, .changed, .ended, .began, .ended])
        XCTAssertEqual(left.gestures, [.began, .changed, .changed, .cancelled])
    }
}
