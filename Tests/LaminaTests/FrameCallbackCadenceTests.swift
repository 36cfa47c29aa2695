import XCTest

@testable import Lamina

/// Where a compositor gives no presentation times, a steady run of frame callbacks predicts
/// its next repaint; an unsteady or broken run predicts nothing.
final class FrameCallbackCadenceTests: XCTestCase {
    /// A cadence fed callbacks at `times`, each continuing the run.
    private func cadence(_ times: [Double]) -> FrameCallbackCadence {
        var cadence = FrameCallbackCadence()
        for time in times { cadence.callbackCame(at: time, continuesRun: true) }
        return cadence
    }

    /// Callbacks every `interval` seconds from 10 s on, `count` of them.
    private func steady(_ count: Int, every interval: Double = 0.0167) -> [Double] {
        (0..<count).map { 10 + Double($0) * interval }
    }

    func testASteadyRunPredictsTheNextRepaint() throws {
        let run = cadence(steady(9))  // eight intervals
        XCTAssertEqual(try XCTUnwrap(run.interval), 0.0167, accuracy: 1e-9)
        let last = 10 + 8 * 0.0167
        XCTAssertEqual(try XCTUnwrap(run.nextCallback(after: last + 0.002)), last + 0.0167, accuracy: 1e-9)
        XCTAssertEqual(
            try XCTUnwrap(run.nextCallback(after: last + 0.0167 + 0.001)), last + 2 * 0.0167, accuracy: 1e-9,
            "a repaint already past predicts the one after")
    }

    func testTooFewIntervalsPredictNothing() {
        XCTAssertNil(cadence(steady(8)).interval, "seven intervals")
        XCTAssertNil(cadence([]).nextCallback(after: 10))
    }

    func testAFrameThatMissedRepaintsKeepsThePrediction() throws {
        var times = steady(9)
        times.append(times[8] + 2 * 0.0167)  // a frame missed one repaint
        times.append(times[9] + 0.0167)
        times.append(times[10] + 3 * 0.0167)  // and one two
        let run = cadence(times)
        XCTAssertEqual(try XCTUnwrap(run.interval), 0.0167, accuracy: 1e-9)
        let last = times[11]
        XCTAssertEqual(try XCTUnwrap(run.nextCallback(after: last + 0.001)), last + 0.0167, accuracy: 1e-9)
    }

    func testTwoIntervalsOutOfStepKeepThePredictionAndThreeBreakIt() throws {
        var two = steady(9)
        two.append(two[8] + 1.5 * 0.0167)  // 25 ms: no whole number of 16.7 ms repaints
        two.append(two[9] + 4 * 0.0167)  // four repaints at once: a stall, not a cadence
        two.append(two[10] + 0.0167)
        XCTAssertEqual(try XCTUnwrap(cadence(two).interval), 0.0167, accuracy: 1e-9, "six of eight fit")
        var three = two
        three.append(three[11] + 0.6 * 0.0167)
        XCTAssertNil(cadence(three).interval, "five of eight fit")
        // Five of the last eight intervals doubled: their median, two repaints, is no cadence of
        // the three single ones.
        var doubled = steady(4)
        for _ in 0..<5 { doubled.append((doubled.last ?? 0) + 2 * 0.0167) }
        XCTAssertNil(cadence(doubled).interval)
    }

    func testACallbackReadLateIsPredictedFromTheRepaintBeforeIt() throws {
        // The render thread read the last callback 6 ms after its repaint (a 22.7 ms interval):
        // the next repaint is 16.7 ms after the one predicted for it, 10.7 ms after it was read.
        var times = steady(9)
        let repaint = times[8] + 0.0167
        times.append(repaint + 0.006)
        let run = cadence(times)
        XCTAssertEqual(try XCTUnwrap(run.interval), 0.0167, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(run.nextCallback(after: repaint + 0.0065)), repaint + 0.0167, accuracy: 1e-9)
        // A repaint that came late (the compositor was busy) moves the cadence: the next is
        // counted from it, once the callback after it came on time.
        times.append(repaint + 0.006 + 0.0167)
        let moved = cadence(times)
        let last = repaint + 0.006 + 0.0167
        XCTAssertEqual(try XCTUnwrap(moved.nextCallback(after: last + 0.0005)), last + 0.0167, accuracy: 1e-9)
        // A last interval a little shorter than the median predicts the next repaint, not the
        // last one again.
        var short = steady(9)
        short.append(short[8] + 0.0166)
        let early = cadence(short)
        XCTAssertEqual(try XCTUnwrap(early.nextCallback(after: short[9] + 0.00001)), short[9] + 0.0167, accuracy: 1e-9)
    }

    func testFramesMissingEveryOtherRepaintAreCountedInTheRepaintsTheRunShowedBefore() throws {
        // A steady run at 16.7 ms, then frames missing every other repaint (the compositor was
        // busy): counted in 33.4 ms, each next frame would start too late for the repaint in
        // between and keep missing it. The run's own shorter interval still predicts.
        var times = steady(9)
        for _ in 0..<8 { times.append((times.last ?? 0) + 2 * 0.0167) }
        let run = cadence(times)
        XCTAssertEqual(try XCTUnwrap(run.interval), 0.0167, accuracy: 1e-9)
        let last = try XCTUnwrap(times.last)
        XCTAssertEqual(try XCTUnwrap(run.nextCallback(after: last + 0.001)), last + 0.0167, accuracy: 1e-9)
        // A run that never showed the shorter interval counts in the one it has.
        var slow = FrameCallbackCadence()
        for time in times[8...] { slow.callbackCame(at: time, continuesRun: time != times[8]) }
        XCTAssertEqual(try XCTUnwrap(slow.interval), 2 * 0.0167, accuracy: 1e-9)
    }

    func testAFrameAfterIdleStartsTheCountAgain() {
        var run = cadence(steady(9))
        let after = 10 + 9 * 0.0167  // on time, but its frame followed idle time
        run.callbackCame(at: after, continuesRun: false)
        XCTAssertNil(run.interval)
        XCTAssertNil(run.nextCallback(after: after + 0.001))
    }

    func testCallbacksSentByHandOrImplausibleIntervalsPredictNothing() {
        // Callbacks a test sends now and then: not steady.
        XCTAssertNil(cadence([10, 10.002, 10.050, 10.051, 10.3, 10.31, 10.4, 10.9, 11]).interval)
        // Steady but faster than 250 Hz or slower than 10 Hz.
        XCTAssertNil(cadence(steady(9, every: 0.001)).interval)
        XCTAssertNil(cadence(steady(9, every: 0.5)).interval)
        // Time going backwards is no interval.
        var run = cadence(steady(9))
        run.callbackCame(at: 5, continuesRun: true)
        XCTAssertNil(run.interval)
    }

    func testAStaleRunPredictsNothing() {
        let run = cadence(steady(9))
        XCTAssertNil(run.nextCallback(after: 12), "the last callback came more than a second ago")
        XCTAssertNil(run.nextCallback(after: 9), "before the last callback")
    }
}
