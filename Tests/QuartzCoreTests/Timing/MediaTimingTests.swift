import Foundation
import QuartzCore
import TestSupport
import XCTest

/// Apple's timing model: t = (tp − begin) × speed + offset, then repeat, reverse and fill
/// (Apple's CAMediaTiming).
final class MediaTimingTests: XCTestCase {
    private func timing(_ configure: (inout CAMediaTimingParameters) -> Void) -> CAMediaTimingParameters {
        var parameters = CAMediaTimingParameters()
        parameters.duration = 1
        configure(&parameters)
        return parameters
    }

    private func assertProgress(
        _ state: CAMediaTimingParameters.State, _ progress: Double, iteration: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case .active(let actual, let actualIteration) = state else {
            return XCTFail("expected active, got \(state)", file: file, line: line)
        }
        XCTAssertEqual(actual, progress, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(actualIteration, iteration, file: file, line: line)
    }

    func testDefaultsMatchSeed001() {
        let parameters = CAMediaTimingParameters()
        XCTAssertEqual(parameters.beginTime, 0)
        XCTAssertEqual(parameters.timeOffset, 0)
        XCTAssertEqual(parameters.repeatCount, 0)
        XCTAssertEqual(parameters.repeatDuration, 0)
        XCTAssertEqual(parameters.duration, 0)
        XCTAssertEqual(parameters.speed, 1)
        XCTAssertFalse(parameters.autoreverses)
        XCTAssertEqual(parameters.fillMode, .removed)
        XCTAssertEqual(CAMediaTimingFillMode.forwards.rawValue, "forwards")
        XCTAssertEqual(CAMediaTimingFillMode.backwards.rawValue, "backwards")
        XCTAssertEqual(CAMediaTimingFillMode.both.rawValue, "both")
        XCTAssertEqual(CAMediaTimingFillMode.removed.rawValue, "removed")
    }

    func testLocalTimeIsParentMinusBeginTimesSpeedPlusOffset() {
        let parameters = timing { $0.beginTime = 2; $0.speed = 3; $0.timeOffset = 0.5 }
        XCTAssertEqual(parameters.localTime(fromParent: 2.25), 1.25)
        XCTAssertEqual(parameters.parentTime(fromLocal: 1.25), 2.25)
    }

    func testSpeedZeroWithOffsetPausesAtTheOffset() {
        let parameters = timing { $0.speed = 0; $0.timeOffset = 0.7 }
        assertProgress(parameters.state(atParentTime: 0), 0.7, iteration: 0)
        assertProgress(parameters.state(atParentTime: 123), 0.7, iteration: 0)
    }

    func testInsideTheActiveDuration() {
        let parameters = timing { $0.beginTime = 2 }
        assertProgress(parameters.state(atParentTime: 2.5), 0.5, iteration: 0)
        assertProgress(parameters.state(atParentTime: 2), 0, iteration: 0)
    }

    func testFillModesBeforeTheStart() {
        XCTAssertEqual(timing { $0.beginTime = 2 }.state(atParentTime: 1.9), .inactive)
        XCTAssertEqual(timing { $0.beginTime = 2; $0.fillMode = .forwards }.state(atParentTime: 1.9), .inactive)
        assertProgress(timing { $0.beginTime = 2; $0.fillMode = .backwards }.state(atParentTime: 1.9), 0, iteration: 0)
        assertProgress(timing { $0.beginTime = 2; $0.fillMode = .both }.state(atParentTime: 0), 0, iteration: 0)
    }

    func testFillModesAfterTheEnd() {
        XCTAssertEqual(timing { $0.fillMode = .removed }.state(atParentTime: 1), .inactive)
        XCTAssertEqual(timing { $0.fillMode = .backwards }.state(atParentTime: 1.5), .inactive)
        assertProgress(timing { $0.fillMode = .forwards }.state(atParentTime: 1.5), 1, iteration: 0)
        assertProgress(timing { $0.fillMode = .both }.state(atParentTime: 99), 1, iteration: 0)
    }

    func testFractionalRepeatCountEndsMidIteration() {
        let parameters = timing { $0.repeatCount = 2.5; $0.fillMode = .forwards }
        XCTAssertEqual(parameters.activeDuration, 2.5)
        assertProgress(parameters.state(atParentTime: 1.25), 0.25, iteration: 1)
        assertProgress(parameters.state(atParentTime: 2.4), 0.4, iteration: 2)
        assertProgress(parameters.state(atParentTime: 2.5), 0.5, iteration: 2)
        assertProgress(parameters.state(atParentTime: 7), 0.5, iteration: 2)
    }

    func testWholeRepeatCountEndsOnTheLastIterationsFinalValue() {
        let parameters = timing { $0.repeatCount = 2; $0.fillMode = .forwards }
        assertProgress(parameters.state(atParentTime: 1), 0, iteration: 1)
        assertProgress(parameters.state(atParentTime: 2), 1, iteration: 1)
    }

    func testAutoreversePlaysBackwardsAndEndsAtTheStart() {
        let parameters = timing { $0.autoreverses = true; $0.fillMode = .forwards }
        XCTAssertEqual(parameters.activeDuration, 2)
        assertProgress(parameters.state(atParentTime: 0.5), 0.5, iteration: 0)
        assertProgress(parameters.state(atParentTime: 1.25), 0.75, iteration: 0)
        assertProgress(parameters.state(atParentTime: 1.5), 0.5, iteration: 0)
        assertProgress(parameters.state(atParentTime: 2.5), 0, iteration: 0)
    }

    func testAutoreverseWithRepeatCount() {
        let parameters = timing { $0.autoreverses = true; $0.repeatCount = 1.5; $0.fillMode = .forwards }
        XCTAssertEqual(parameters.activeDuration, 3)
        assertProgress(parameters.state(atParentTime: 2.5), 0.5, iteration: 1)
        assertProgress(parameters.state(atParentTime: 3), 1, iteration: 1)
    }

    func testRepeatDuration() {
        let parameters = timing { $0.repeatDuration = 1.5; $0.fillMode = .forwards }
        assertProgress(parameters.state(atParentTime: 1.2), 0.2, iteration: 1)
        assertProgress(parameters.state(atParentTime: 4), 0.5, iteration: 1)
        XCTAssertEqual(timing { $0.repeatDuration = 1.5 }.state(atParentTime: 1.5), .inactive)
    }

    func testInfiniteRepeatCountNeverEnds() {
        let parameters = timing { $0.repeatCount = .infinity }
        XCTAssertEqual(parameters.activeDuration, .infinity)
        assertProgress(parameters.state(atParentTime: 1000.25), 0.25, iteration: 1000)
    }

    func testSpeedAndOffsetCombineWithRepeats() {
        let parameters = timing { $0.speed = 2; $0.timeOffset = 0.5; $0.repeatCount = 3 }
        // local = tp × 2 + 0.5: tp 0.6 → 1.7 → iteration 1 at 0.7
        assertProgress(parameters.state(atParentTime: 0.6), 0.7, iteration: 1)
        // Negative speed runs backwards: local = (tp − 0) × −1 + 2.5
        let backwards = timing { $0.speed = -1; $0.timeOffset = 2.5; $0.repeatCount = 3 }
        assertProgress(backwards.state(atParentTime: 1), 0.5, iteration: 1)
    }

    func testAnOffsetWrapsWithinTheActiveDurationWhichItDoesNotMove() {
        // Apple's render: 1 s, timeOffset 0.5, 0.8 s into its active time → 0.3.
        let wrapping = timing { $0.timeOffset = 0.5 }
        assertProgress(wrapping.state(atParentTime: 0.8), 0.3, iteration: 0)
        assertProgress(wrapping.state(atParentTime: 0.2), 0.7, iteration: 0)
        assertProgress(wrapping.state(atParentTime: 0.5), 0, iteration: 0)
        XCTAssertEqual(wrapping.state(atParentTime: 1), .inactive, "active from beginTime for 1 s, offset or not")
        XCTAssertEqual(wrapping.state(atParentTime: -0.1), .inactive)
        XCTAssertEqual(wrapping.activeTime(fromParent: 0.8), 0.8)
        // Fills show where the run starts and stops: the offset's position.
        assertProgress(timing { $0.timeOffset = 0.5; $0.fillMode = .backwards }.state(atParentTime: -3), 0.5, iteration: 0)
        assertProgress(timing { $0.timeOffset = 0.5; $0.fillMode = .forwards }.state(atParentTime: 3), 0.5, iteration: 0)
        // An offset of whole runs wraps to the start and holds the end.
        assertProgress(timing { $0.timeOffset = 1; $0.fillMode = .forwards }.state(atParentTime: 0.25), 0.25, iteration: 0)
        assertProgress(timing { $0.timeOffset = 1; $0.fillMode = .forwards }.state(atParentTime: 2), 1, iteration: 0)
        // Within repeats the wrap is over the whole active duration; a negative offset wraps too.
        let repeating = timing { $0.timeOffset = 2.5; $0.repeatCount = 3 }
        assertProgress(repeating.state(atParentTime: 1.25), 0.75, iteration: 0)
        assertProgress(timing { $0.timeOffset = -0.25 }.state(atParentTime: 0.1), 0.85, iteration: 0)
    }

    func testZeroOrNaNDurationIsInactive() {
        var parameters = CAMediaTimingParameters()
        XCTAssertEqual(parameters.state(atParentTime: 0), .inactive)
        parameters.duration = 1
        XCTAssertEqual(parameters.state(atLocalTime: .nan), .inactive)
    }

    func testManualClockDrivesCACurrentMediaTime() {
        let clock = CAManualMediaClock(start: 10)
        CAMediaClock.use(clock)
        defer { CAMediaClock.use(CASystemMediaClock()) }
        XCTAssertEqual(CACurrentMediaTime(), 10)
        clock.advance(by: 0.25)
        XCTAssertEqual(CACurrentMediaTime(), 10.25)
        clock.set(3)
        XCTAssertEqual(CACurrentMediaTime(), 3)
    }

    func testCACurrentMediaTimeReadsTheMonotonicClock() {
        // Oracle: CLOCK_MONOTONIC read directly, before and after each reading.
        func monotonic() -> CFTimeInterval {
            var spec = timespec()
            clock_gettime(CLOCK_MONOTONIC, &spec)
            return CFTimeInterval(spec.tv_sec) + CFTimeInterval(spec.tv_nsec) / 1_000_000_000
        }
        CAMediaClock.use(CASystemMediaClock())
        var previous = -CFTimeInterval.infinity
        for _ in 0..<1000 {
            let before = monotonic()
            let now = CACurrentMediaTime()
            let after = monotonic()
            XCTAssertLessThanOrEqual(before, now, "not before CLOCK_MONOTONIC read just before it")
            XCTAssertLessThanOrEqual(now, after, "not after CLOCK_MONOTONIC read just after it")
            XCTAssertGreaterThanOrEqual(now, previous, "never decreases")
            guard before <= now, now <= after, now >= previous else { return }
            previous = now
        }
    }

    func testSystemClockIsMonotonic() {
        let first = CASystemMediaClock().now()
        let second = CASystemMediaClock().now()
        XCTAssertGreaterThanOrEqual(second, first)
        XCTAssertGreaterThan(first, 0)
    }
}
