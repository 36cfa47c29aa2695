import CoreGraphics
import Foundation
@testable import Lamina
import XCTest

// UIKit's pinch gesture recognizer as the porting command writes it (the class below is the
// command's, word for word; a test of the command checks that it still writes this text, and
// ported code compiles it against Lamina's public API). The tests make the touchpad's events
// themselves, through the events' internal initializer.

/// UIKit's pinch gesture recognizer, as a Lamina window's touchpad pinches make it: two or
/// more fingers pinching on the touchpad with the pointer over the layer begin a pinch, each
/// move of theirs changes it, and lifting them ends it (a pinch the compositor takes over is
/// cancelled). The layer that owns it calls its method at each. A touchscreen's touches do
/// not drive it.
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

    /// Where the pointer is, in `layer`'s coordinates (the window's for nil).
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
        spread = event.scale
        samples.append((event.scale, event.timestamp))
        samples.removeAll { event.timestamp &- $0.time > 100 }
        return true
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
}
