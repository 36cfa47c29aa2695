import CoreGraphics
import Foundation
import Lamina
import XCTest

// UIKit's pan gesture recognizer as the porting command writes it (the class below is the
// command's, word for word; a test of the command checks that it still writes this text).

/// UIKit's pan gesture recognizer, as a Lamina window's pointer and touch events make it: a
/// press of the primary button, or a touch, that moves 10 points or more from where it went
/// down begins a pan, each move after that changes it, and letting go ends it (a touch
/// cancelled cancels it). The layer that owns it calls its method at each. Apple does not
/// document how far UIKit waits before a pan begins: 10 points is this class's choice.
final class PanGesture {
    /// UIKit's gesture recognizer states; a pan goes through `began`, `changed` and `ended`.
    enum State {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's recognized state, which is `ended`.
        static let recognized = State.ended
    }

    /// How far a press or touch moves before the pan begins, in points: a choice, not a
    /// figure Apple documents. Change it to suit the app.
    static let minimumDistance: CGFloat = 10

    /// Where the pan is. Default `possible`: no pan has begun since the press or touch.
    private(set) var state = State.possible
    /// Where the press went down (moved by `setTranslation(_:in:)`), and where it is, in the
    /// window's content coordinates.
    private var origin = CGPoint.zero
    private var current = CGPoint.zero
    /// The positions of the last 100 milliseconds, with the compositor's times.
    private var samples: [(point: CGPoint, time: UInt32)] = []

    /// How far the press has moved since it went down, in `layer`'s coordinates (the
    /// window's for nil).
    func translation(in layer: CALayer?) -> CGPoint {
        let from = point(origin, in: layer), to = point(current, in: layer)
        return CGPoint(x: to.x - from.x, y: to.y - from.y)
    }

    /// Makes the translation in `layer`'s coordinates `translation` from here on.
    func setTranslation(_ translation: CGPoint, in layer: CALayer?) {
        let to = point(current, in: layer)
        let from = CGPoint(x: to.x - translation.x, y: to.y - translation.y)
        origin = layer?.convert(from, to: nil) ?? from
    }

    /// Where the press is, in `layer`'s coordinates (the window's for nil).
    func location(in layer: CALayer?) -> CGPoint {
        point(current, in: layer)
    }

    /// How fast the press moved over its last 100 milliseconds, in `layer`'s points a second.
    func velocity(in layer: CALayer?) -> CGPoint {
        guard let last = samples.last, let first = samples.first, last.time != first.time else { return .zero }
        let from = point(first.point, in: layer), to = point(last.point, in: layer)
        let seconds = CGFloat(last.time &- first.time) / 1000
        return CGPoint(x: (to.x - from.x) / seconds, y: (to.y - from.y) / seconds)
    }

    private func point(_ point: CGPoint, in layer: CALayer?) -> CGPoint {
        layer?.convert(point, from: nil) ?? point
    }

    private func record(_ point: CGPoint, at time: UInt32) {
        current = point
        samples.append((point, time))
        samples.removeAll { time &- $0.time > 100 }
    }

    /// A press or touch went down at `point`.
    func press(at point: CGPoint, timestamp: UInt32) {
        state = .possible
        origin = point
        samples = []
        record(point, at: timestamp)
    }

    /// The press moved to `point`; whether the pan began or changed.
    func move(to point: CGPoint, timestamp: UInt32) -> Bool {
        record(point, at: timestamp)
        switch state {
        case .possible:
            guard hypot(point.x - origin.x, point.y - origin.y) >= Self.minimumDistance else { return false }
            state = .began
        case .began, .changed:
            state = .changed
        default:
            return false
        }
        return true
    }

    /// The press was let go at `point`; whether that ended a pan.
    func release(at point: CGPoint, timestamp: UInt32) -> Bool {
        guard state == .began || state == .changed else {
            state = .possible
            return false
        }
        record(point, at: timestamp)
        state = .ended
        return true
    }

    /// The touch was cancelled; whether that cancelled a pan.
    func cancel() -> Bool {
        guard state == .began || state == .changed else {
            state = .possible
            return false
        }
        state = .cancelled
        return true
    }
}

/// The pan a layer's pointer and touch events drive, as UIKit's pan recognizer behaves (with the
/// class's own 10-point start distance, which Apple does not document): the expected figures are
/// worked out by hand from the points and times given (content coordinates; milliseconds).
final class PanGestureTests: XCTestCase {
    func testAPressBeginsAPanOnlyOnceItHasMovedTenPoints() {
        let pan = PanGesture()
        pan.press(at: CGPoint(x: 100, y: 100), timestamp: 0)
        XCTAssertFalse(pan.move(to: CGPoint(x: 106, y: 107), timestamp: 10), "√(36 + 49) ≈ 9.2 points: not yet a pan")
        XCTAssertEqual(pan.state, .possible)
        XCTAssertTrue(pan.move(to: CGPoint(x: 106, y: 108), timestamp: 20), "√(36 + 64) = 10 points")
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(pan.translation(in: nil), CGPoint(x: 6, y: 8), "measured from where the press went down")
        XCTAssertTrue(pan.move(to: CGPoint(x: 130, y: 90), timestamp: 30))
        XCTAssertEqual(pan.state, .changed)
        XCTAssertEqual(pan.translation(in: nil), CGPoint(x: 30, y: -10))
        XCTAssertEqual(pan.location(in: nil), CGPoint(x: 130, y: 90))
        XCTAssertTrue(pan.release(at: CGPoint(x: 132, y: 90), timestamp: 40))
        XCTAssertEqual(pan.state, .ended)
        XCTAssertEqual(pan.state, PanGesture.State.recognized)
        XCTAssertEqual(pan.translation(in: nil), CGPoint(x: 32, y: -10))
    }

    func testAPressLetGoBeforeItPansEndsNothingAndTheNextPressStartsAgain() {
        let pan = PanGesture()
        pan.press(at: .zero, timestamp: 0)
        XCTAssertFalse(pan.move(to: CGPoint(x: 3, y: 0), timestamp: 5))
        XCTAssertFalse(pan.release(at: CGPoint(x: 3, y: 0), timestamp: 9), "a tap, not a pan")
        XCTAssertEqual(pan.state, .possible)
        XCTAssertFalse(pan.cancel())

        pan.press(at: CGPoint(x: 50, y: 50), timestamp: 100)
        XCTAssertTrue(pan.move(to: CGPoint(x: 50, y: 70), timestamp: 110))
        XCTAssertEqual(pan.translation(in: nil), CGPoint(x: 0, y: 20))
        XCTAssertTrue(pan.cancel(), "a touch cancelled cancels the pan")
        XCTAssertEqual(pan.state, .cancelled)
    }

    func testTranslationAndLocationAreInTheLayersCoordinates() {
        // A layer at (40, 20), its sublayer scaled by 2 about its centre: a move of 20 points
        // in the window is 10 of the sublayer's points.
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let host = CALayer()
        host.frame = CGRect(x: 40, y: 20, width: 200, height: 200)
        root.addSublayer(host)
        let scaled = CALayer()
        scaled.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        scaled.position = CGPoint(x: 100, y: 100)
        scaled.transform = CATransform3DMakeScale(2, 2, 1)
        host.addSublayer(scaled)

        let pan = PanGesture()
        pan.press(at: CGPoint(x: 140, y: 120), timestamp: 0)
        XCTAssertTrue(pan.move(to: CGPoint(x: 160, y: 120), timestamp: 16))
        XCTAssertEqual(pan.location(in: host), CGPoint(x: 120, y: 100), "(160 − 40, 120 − 20)")
        XCTAssertEqual(pan.translation(in: host), CGPoint(x: 20, y: 0))
        // The sublayer's centre (50, 50) is at (100, 100) in the host; (120, 100) there is
        // 20 / 2 = 10 points right of it.
        XCTAssertEqual(pan.location(in: scaled), CGPoint(x: 60, y: 50))
        XCTAssertEqual(pan.translation(in: scaled), CGPoint(x: 10, y: 0))
    }

    func testSetTranslationMeasuresFromTheGivenTranslationOnward() {
        let pan = PanGesture()
        pan.press(at: .zero, timestamp: 0)
        XCTAssertTrue(pan.move(to: CGPoint(x: 0, y: 40), timestamp: 16))
        pan.setTranslation(.zero, in: nil)
        XCTAssertEqual(pan.translation(in: nil), .zero)
        XCTAssertTrue(pan.move(to: CGPoint(x: 5, y: 50), timestamp: 32))
        XCTAssertEqual(pan.translation(in: nil), CGPoint(x: 5, y: 10))
        pan.setTranslation(CGPoint(x: 100, y: 0), in: nil)
        XCTAssertTrue(pan.move(to: CGPoint(x: 6, y: 50), timestamp: 48))
        XCTAssertEqual(pan.translation(in: nil), CGPoint(x: 101, y: 0))
        // Given in a layer at (40, 20), the translation is that layer's, and the window's too
        // (the layer is not scaled).
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 400)
        let host = CALayer()
        host.frame = CGRect(x: 40, y: 20, width: 200, height: 200)
        root.addSublayer(host)
        pan.setTranslation(CGPoint(x: 10, y: 0), in: host)
        XCTAssertEqual(pan.translation(in: host), CGPoint(x: 10, y: 0))
        XCTAssertEqual(pan.translation(in: nil), CGPoint(x: 10, y: 0))
    }

    func testVelocityIsTheMovementOfTheLastHundredMillisecondsPerSecond() {
        let pan = PanGesture()
        XCTAssertEqual(pan.velocity(in: nil), .zero, "no movement yet")
        pan.press(at: .zero, timestamp: 1000)
        XCTAssertTrue(pan.move(to: CGPoint(x: 12, y: 0), timestamp: 1040))
        XCTAssertTrue(pan.move(to: CGPoint(x: 30, y: -6), timestamp: 1100))
        // Samples at 1000, 1040 and 1100: (30, −6) in 0.1 s.
        var velocity = pan.velocity(in: nil)
        XCTAssertEqual(velocity.x, 300, accuracy: 1e-9)
        XCTAssertEqual(velocity.y, -60, accuracy: 1e-9)
        XCTAssertTrue(pan.move(to: CGPoint(x: 40, y: -6), timestamp: 1150))
        // The samples at 1000 and 1040 are more than 100 ms old: (40 − 30, 0) in 0.05 s.
        velocity = pan.velocity(in: nil)
        XCTAssertEqual(velocity.x, 200, accuracy: 1e-9)
        XCTAssertEqual(velocity.y, 0, accuracy: 1e-9)
    }
}
