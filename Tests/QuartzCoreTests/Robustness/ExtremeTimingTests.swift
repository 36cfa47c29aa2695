import Foundation
import QuartzCore
import XCTest

/// Extreme but finite timing values (tiny durations, huge local times, huge repeat counts)
/// give Apple's result, or a documented clamped one, instead of trapping.
///
/// Apple's model: t = (tp − beginTime) × speed + timeOffset; the iteration is ⌊t / cycle⌋ and
/// the progress (t mod cycle) / duration. Lamina's clamps: an iteration count beyond
/// `Int.max` is reported as `Int.max`, and a local time that overflows to ±∞ is taken as
/// ±`Double.greatestFiniteMagnitude`. The position within the iteration is always the exact
/// remainder (`fmod`), so it stays in 0…1 however many iterations came before.
final class ExtremeTimingTests: XCTestCase {
    private func assertActive(
        _ state: CAMediaTimingParameters.State, progress: Double, iteration: Int, accuracy: Double = 1e-12,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard case .active(let actual, let actualIteration) = state else {
            return XCTFail("expected active, got \(state)", file: file, line: line)
        }
        XCTAssertEqual(actual, progress, accuracy: accuracy, file: file, line: line)
        XCTAssertEqual(actualIteration, iteration, file: file, line: line)
    }

    func testHugeLocalTimeWithInfiniteRepeatGivesTheRemainderAndTheLargestIteration() {
        var timing = CAMediaTimingParameters()
        timing.duration = 0.5
        timing.repeatCount = .infinity
        // 1e300 is an even integer: a whole number of 0.5 s iterations, ~2e300 of them.
        assertActive(timing.state(atLocalTime: 1e300), progress: 0, iteration: .max)
        // Still exact in the middle of an ordinary iteration.
        assertActive(timing.state(atLocalTime: 10.25), progress: 0.5, iteration: 20)
    }

    func testHugeRepeatCountWithTinyDuration() {
        var timing = CAMediaTimingParameters()
        timing.duration = 1e-300
        timing.repeatCount = Float(1e300)  // rounds to +∞ as a Float
        XCTAssertEqual(timing.activeDuration, .infinity)
        let expected = fmod(1, 1e-300) / 1e-300
        assertActive(timing.state(atParentTime: 1), progress: expected, iteration: .max)
    }

    func testLargestFiniteRepeatCountWithTinyDurationEndsOnTime() {
        var timing = CAMediaTimingParameters()
        timing.duration = 1e-300
        timing.repeatCount = .greatestFiniteMagnitude
        timing.fillMode = .forwards
        // Active duration 3.4e-262 s: long over at t = 1, filled at the end of the last iteration.
        XCTAssertEqual(timing.activeDuration, 1e-300 * Double(Float.greatestFiniteMagnitude))
        guard case .active(let progress, let iteration) = timing.state(atParentTime: 1) else {
            return XCTFail("expected the forward fill")
        }
        XCTAssertEqual(iteration, .max, "3.4e38 iterations do not fit in an Int")
        XCTAssertTrue((0...1).contains(progress))
    }

    func testDenormalDurationRepeatsWithoutTrapping() {
        var timing = CAMediaTimingParameters()
        let denormal = 3 * 0x1p-1070  // about 1.5e-322
        timing.duration = denormal
        timing.repeatCount = .infinity
        // 1 / 1.5e-322 overflows to +∞; the remainder is still exact.
        assertActive(timing.state(atParentTime: 1), progress: fmod(1, denormal) / denormal, iteration: .max)
        // A power-of-two denormal divides 1 exactly: the start of an iteration.
        timing.duration = 0x1p-1070
        assertActive(timing.state(atParentTime: 1), progress: 0, iteration: .max)
    }

    func testLocalTimeOverflowingToInfinityIsClampedToTheLargestFiniteTime() {
        var timing = CAMediaTimingParameters()
        timing.duration = 1
        timing.repeatCount = .infinity
        timing.beginTime = -1e308
        // (1e308 − (−1e308)) × 1 = +∞.
        XCTAssertEqual(timing.localTime(fromParent: 1e308), .infinity)
        // greatestFiniteMagnitude is an integer: the start of an iteration.
        assertActive(timing.state(atParentTime: 1e308), progress: 0, iteration: .max)
        timing.autoreverses = true
        assertActive(timing.state(atParentTime: 1e308), progress: 0, iteration: .max)
    }

    func testHugeSpeedAndHugeTimeOffset() {
        var timing = CAMediaTimingParameters()
        timing.duration = 1
        timing.repeatCount = .infinity
        timing.speed = .greatestFiniteMagnitude
        assertActive(timing.state(atParentTime: 1e300), progress: 0, iteration: .max)
        timing.speed = 1
        timing.timeOffset = 1e308
        assertActive(timing.state(atParentTime: 0.25), progress: 0, iteration: .max)
        // Running backwards from a huge offset: −1e308 is before the start.
        timing.speed = -1
        timing.timeOffset = 0
        XCTAssertEqual(timing.state(atParentTime: 1e308), .inactive)
    }

    func testHugeTimeBeforeTheStartFillsBackwardsAtZero() {
        var timing = CAMediaTimingParameters()
        timing.duration = 1
        timing.repeatCount = .infinity
        timing.fillMode = .backwards
        timing.beginTime = 1e308
        assertActive(timing.state(atParentTime: -1e308), progress: 0, iteration: 0)
    }

    @MainActor
    func testLayerWithTinyDurationAndHugeRepeatCountConvertsTimes() async {
        let layer = CALayer()
        layer.duration = 1e-300
        layer.repeatCount = .infinity
        // The layer's time wraps every 1e-300 s: local time = fmod(t, 1e-300).
        XCTAssertEqual(layer.convertTime(1, from: nil) / 1e-300, fmod(1, 1e-300) / 1e-300, accuracy: 1e-9)
        layer.duration = 0.5
        XCTAssertEqual(layer.convertTime(1e300, from: nil), 0)
    }

    @MainActor
    func testAnimationWithHugeRepeatCountOnADisplayedTreePresentsTheRemainder() async {
        let world = AnimationWorld(test: self, start: 0, displayed: true)
        let clock = world.clock, root = world.root
        guard let context = world.context else { return XCTFail("a displayed world has a context") }
        CATransaction.flush()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 0.5
        animation.repeatCount = .infinity
        animation.beginTime = 1e-300
        root.add(animation, forKey: "fade")
        CATransaction.flush()
        let time = 1e300 + 0.25  // 0.25 is absorbed: 1e300 is a whole number of iterations
        clock.set(time)
        context.advanceAnimations(to: time)
        XCTAssertEqual(root.presentation()?.opacity ?? -1, 0, accuracy: 1e-6)
        _ = context.makeRenderTree(at: time)
    }
}
