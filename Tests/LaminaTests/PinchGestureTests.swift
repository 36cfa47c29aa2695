import CoreGraphics
import Foundation
@testable import Lamina
import XCTest

// UIKit's pinch gesture recognizer as the porting command writes it (the class below is the
// command's, word for word; a test of the command checks that it still writes this text, and
// ported code compiles it against Lamina's public API). The tests make the touchpad's events
// themselves, through the events' internal initializer.

/// UIKit's pinch gesture recognizer, as a Lamina window's touchpad pinches and touches make
/// it: two or more fingers pinching on the touchpad with the pointer over the layer, or two
/// touch points on the layer one of which moves, begin a pinch, each move of theirs changes
/// it, and lifting them (one of the two points) ends it; a pinch the compositor takes over is
/// cancelled. The layer that owns it calls its method at each.
final class PinchGesture {
    /// UIKit's gesture recognizer states; a pinch goes through `began`, `changed` and `ended`.
    enum State {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's recognized state, which is `ended`.
        static let recognized = State.ended
    }

    /// Where the pinch is. Default `possible`: no pinch has begun.
    private(set) var state = State.possible

    /// The distance between the fingers relative to what it was when the pinch began, or
    /// when the scale was last set, times the scale set. Default 1; setting it (to 1, say)
    /// measures from the fingers' distance then, as UIKit's recognizer does.
    var scale: CGFloat {
        get { given * spread / reference }
        set { (given, reference) = (newValue, spread) }
    }

    /// How fast the scale changed over the last 100 milliseconds, in scale factor a second.
    var velocity: CGFloat {
        guard let first = samples.first, let last = samples.last, last.time != first.time else { return 0 }
        return given * (last.spread - first.spread) / reference / (CGFloat(last.time &- first.time) / 1000)
    }

    /// Whether two touch points are down on the layer: the pinch's, not touches of their own.
    var followsTwoTouches: Bool { touches.count == 2 }

    /// Where the pointer is (between the two touch points), in `layer`'s coordinates (the
    /// window's for nil).
    func location(in layer: CALayer?) -> CGPoint {
        layer?.convert(current, from: nil) ?? current
    }

    /// The fingers' distance relative to the start (the gesture's own scale), the distance
    /// the scale set measures from, the scale set, and where the pointer is.
    private var spread: CGFloat = 1
    private var reference: CGFloat = 1
    private var given: CGFloat = 1
    private var current = CGPoint.zero
    /// The spreads of the last 100 milliseconds, with the compositor's times.
    private var samples: [(spread: CGFloat, time: UInt32)] = []
    /// The touch points on the layer, by ID, and their distance when the pinch began.
    private var touches: [Int32: CGPoint] = [:]
    private var startDistance: CGFloat = 1

    /// A touchpad gesture over the layer; whether it began, changed, ended or cancelled a pinch.
    func track(_ event: GestureEvent) -> Bool {
        guard event.kind == .pinch else { return false }
        switch event.phase {
        case .began:
            (state, reference, given, samples) = (.began, event.scale, 1, [])
        case .changed:
            guard state == .began || state == .changed else { return false }
            state = .changed
        case .ended, .cancelled:
            guard state == .began || state == .changed else { return false }
            state = event.phase == .ended ? .ended : .cancelled
        }
        current = event.location
        record(event.scale, at: event.timestamp)
        return true
    }

    /// A touch point's event on the layer; whether it began, changed, ended or cancelled a
    /// pinch. Two points down begin one when either moves (a third is not followed).
    func track(_ event: TouchEvent) -> Bool {
        switch event.phase {
        case .began:
            if touches.count < 2 { touches[event.touchID] = event.location }
            return false
        case .moved:
            guard touches[event.touchID] != nil else { return false }
            touches[event.touchID] = event.location
            let points = Array(touches.values)
            guard points.count == 2 else { return false }
            let distance = hypot(points[1].x - points[0].x, points[1].y - points[0].y)
            if state == .began || state == .changed {
                state = .changed
            } else {
                guard distance > 0 else { return false }
                (state, startDistance, reference, given, samples) = (.began, distance, 1, 1, [])
            }
            current = CGPoint(x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2)
            record(distance / startDistance, at: event.timestamp)
            return true
        case .ended, .cancelled:
            guard touches.removeValue(forKey: event.touchID) != nil, state == .began || state == .changed else { return false }
            state = event.phase == .ended ? .ended : .cancelled
            return true
        }
    }

    private func record(_ value: CGFloat, at time: UInt32) {
        spread = value
        samples.append((value, time))
        samples.removeAll { time &- $0.time > 100 }
    }
}

/// The pinch a layer's touchpad pinches drive, as UIKit's pinch recognizer behaves: the expected
/// figures are worked out by hand from the scales and times given (the compositor reports the
/// fingers' distance relative to the start; milliseconds).
final class PinchGestureTests: XCTestCase {
    private func pinch(_ phase: GestureEvent.Phase, scale: CGFloat, at location: CGPoint = CGPoint(x: 50, y: 40), timestamp: UInt32) -> GestureEvent {
        GestureEvent(
            kind: .pinch, phase: phase, fingers: 2, translation: .zero, scale: scale, rotation: 0, location: location,
            timestamp: timestamp, layer: nil)
    }

    func testAPinchBeginsChangesAndEndsWithTheFingersDistanceAsItsScale() {
        let tracker = PinchGesture()
        XCTAssertEqual(tracker.state, .possible)
        XCTAssertEqual(tracker.scale, 1, "UIKit's default")
        XCTAssertTrue(tracker.track(pinch(.began, scale: 1, timestamp: 0)))
        XCTAssertEqual(tracker.state, .began)
        XCTAssertEqual(tracker.scale, 1)
        XCTAssertTrue(tracker.track(pinch(.changed, scale: 1.5, timestamp: 20)))
        XCTAssertEqual(tracker.state, .changed)
        XCTAssertEqual(tracker.scale, 1.5)
        XCTAssertTrue(tracker.track(pinch(.changed, scale: 0.75, timestamp: 40)))
        XCTAssertEqual(tracker.scale, 0.75)
        XCTAssertTrue(tracker.track(pinch(.ended, scale: 0.75, timestamp: 60)))
        XCTAssertEqual(tracker.state, .ended)
        XCTAssertEqual(tracker.state, PinchGesture.State.recognized)
        // A change after the end, without a new beginning, is no pinch.
        XCTAssertFalse(tracker.track(pinch(.changed, scale: 2, timestamp: 80)))
        XCTAssertEqual(tracker.scale, 0.75)
    }

    func testSettingTheScaleMeasuresFromTheFingersDistanceThen() {
        // The usual incremental zoom: apply `scale`, then set it to 1.
        let tracker = PinchGesture()
        XCTAssertTrue(tracker.track(pinch(.began, scale: 1, timestamp: 0)))
        XCTAssertTrue(tracker.track(pinch(.changed, scale: 2, timestamp: 10)))
        XCTAssertEqual(tracker.scale, 2)
        tracker.scale = 1
        XCTAssertEqual(tracker.scale, 1)
        XCTAssertTrue(tracker.track(pinch(.changed, scale: 3, timestamp: 20)))
        XCTAssertEqual(tracker.scale, 1.5, "3 / 2: measured from the distance when it was set")
        tracker.scale = 2
        XCTAssertTrue(tracker.track(pinch(.changed, scale: 1.5, timestamp: 30)))
        XCTAssertEqual(tracker.scale, 1, "2 × 1.5 / 3")
        // A new pinch starts from 1 again.
        XCTAssertTrue(tracker.track(pinch(.ended, scale: 1.5, timestamp: 40)))
        XCTAssertTrue(tracker.track(pinch(.began, scale: 1, timestamp: 100)))
        XCTAssertEqual(tracker.scale, 1)
    }

    func testVelocityIsTheScalesChangeASecondOverTheLast100Milliseconds() {
        let tracker = PinchGesture()
        XCTAssertTrue(tracker.track(pinch(.began, scale: 1, timestamp: 1000)))
        XCTAssertEqual(tracker.velocity, 0, "one sample: no change yet")
        XCTAssertTrue(tracker.track(pinch(.changed, scale: 1.2, timestamp: 1050)))
        // (1.2 − 1) / 0.05 s = 4 a second.
        XCTAssertEqual(tracker.velocity, 4, accuracy: 1e-9)
        XCTAssertTrue(tracker.track(pinch(.changed, scale: 1.5, timestamp: 1150)))
        // The sample at 1000 ms is older than 100 ms: (1.5 − 1.2) / 0.1 s = 3 a second.
        XCTAssertEqual(tracker.velocity, 3, accuracy: 1e-9)
        tracker.scale = 1
        // The scale set to 1 at a distance of 1.5: the same change is 2/3 as large in it.
        XCTAssertEqual(tracker.velocity, 2, accuracy: 1e-9)
    }

    func testTheLocationIsThePointersInTheLayerAndOtherGesturesAreNotPinches() {
        let host = CALayer()
        host.frame = CGRect(x: 20, y: 10, width: 200, height: 100)
        let tracker = PinchGesture()
        XCTAssertTrue(tracker.track(pinch(.began, scale: 1, at: CGPoint(x: 70, y: 60), timestamp: 0)))
        XCTAssertEqual(tracker.location(in: nil), CGPoint(x: 70, y: 60))
        XCTAssertEqual(tracker.location(in: host), CGPoint(x: 50, y: 50), "70 − 20, 60 − 10")
        let swipe = GestureEvent(
            kind: .swipe, phase: .changed, fingers: 3, translation: CGPoint(x: 5, y: 0), scale: 1, rotation: 0, location: .zero,
            timestamp: 10, layer: nil)
        XCTAssertFalse(tracker.track(swipe))
        XCTAssertEqual(tracker.location(in: nil), CGPoint(x: 70, y: 60))
    }

    func testACancelledPinchIsCancelled() {
        let tracker = PinchGesture()
        XCTAssertFalse(tracker.track(pinch(.cancelled, scale: 1, timestamp: 0)), "no pinch to cancel")
        XCTAssertTrue(tracker.track(pinch(.began, scale: 1, timestamp: 10)))
        XCTAssertTrue(tracker.track(pinch(.cancelled, scale: 1.1, timestamp: 20)))
        XCTAssertEqual(tracker.state, .cancelled)
    }

    private func touch(_ phase: TouchEvent.Phase, id: Int32, at location: CGPoint, timestamp: UInt32) -> TouchEvent {
        TouchEvent(
            phase: phase, touchID: id, location: location, majorRadius: nil, minorRadius: nil, orientation: nil, timestamp: timestamp,
            layer: nil)
    }

    func testTwoTouchPointsBeginAPinchWhenOneMovesTheirDistanceRelativeToTheStartItsScale() {
        let tracker = PinchGesture()
        XCTAssertFalse(tracker.track(touch(.began, id: 1, at: CGPoint(x: 100, y: 100), timestamp: 0)))
        XCTAssertFalse(tracker.track(touch(.moved, id: 1, at: CGPoint(x: 100, y: 110), timestamp: 5)), "one point alone is no pinch")
        XCTAssertFalse(tracker.followsTwoTouches)
        XCTAssertFalse(tracker.track(touch(.began, id: 2, at: CGPoint(x: 100, y: 150), timestamp: 10)))
        XCTAssertEqual(tracker.state, .possible)
        XCTAssertTrue(tracker.followsTwoTouches, "the second point is the pinch's")
        // Apart by 40 points when the second point moves, from 100,110 to 100,150: the start.
        XCTAssertTrue(tracker.track(touch(.moved, id: 2, at: CGPoint(x: 100, y: 150), timestamp: 20)))
        XCTAssertEqual(tracker.state, .began)
        XCTAssertEqual(tracker.scale, 1)
        XCTAssertEqual(tracker.location(in: nil), CGPoint(x: 100, y: 130), "halfway between the points")
        // The first point moves to 100,70: 80 points apart, twice the start.
        XCTAssertTrue(tracker.track(touch(.moved, id: 1, at: CGPoint(x: 100, y: 70), timestamp: 70)))
        XCTAssertEqual(tracker.state, .changed)
        XCTAssertEqual(tracker.scale, 2)
        // (2 − 1) / 0.05 s = 20 a second.
        XCTAssertEqual(tracker.velocity, 20, accuracy: 1e-9)
        // A third point is not followed.
        XCTAssertFalse(tracker.track(touch(.began, id: 3, at: CGPoint(x: 10, y: 10), timestamp: 80)))
        XCTAssertFalse(tracker.track(touch(.moved, id: 3, at: CGPoint(x: 300, y: 10), timestamp: 90)))
        XCTAssertEqual(tracker.scale, 2)
        // The two followed still pinch: 100,90 to 100,150 is 60 points, 1.5 times the start.
        XCTAssertTrue(tracker.track(touch(.moved, id: 1, at: CGPoint(x: 100, y: 90), timestamp: 95)))
        XCTAssertEqual(tracker.scale, 1.5)
        // Lifting one of the two ends the pinch.
        XCTAssertTrue(tracker.track(touch(.ended, id: 2, at: CGPoint(x: 100, y: 150), timestamp: 100)))
        XCTAssertEqual(tracker.state, .ended)
        XCTAssertFalse(tracker.followsTwoTouches)
        XCTAssertFalse(tracker.track(touch(.ended, id: 1, at: CGPoint(x: 100, y: 90), timestamp: 110)), "the pinch has ended")
    }

    func testACancelledTouchCancelsTheTouchPinch() {
        let tracker = PinchGesture()
        XCTAssertFalse(tracker.track(touch(.began, id: 4, at: CGPoint(x: 0, y: 0), timestamp: 0)))
        XCTAssertFalse(tracker.track(touch(.began, id: 5, at: CGPoint(x: 30, y: 40), timestamp: 0)))
        XCTAssertTrue(tracker.track(touch(.moved, id: 5, at: CGPoint(x: 60, y: 80), timestamp: 10)))
        XCTAssertEqual(tracker.scale, 1, "the start: 100 points apart")
        XCTAssertTrue(tracker.track(touch(.moved, id: 4, at: CGPoint(x: 30, y: 40), timestamp: 20)))
        XCTAssertEqual(tracker.scale, 0.5, "√(30² + 40²) = 50 of 100")
        XCTAssertTrue(tracker.track(touch(.cancelled, id: 4, at: CGPoint(x: 30, y: 40), timestamp: 30)))
        XCTAssertEqual(tracker.state, .cancelled)
    }
}
