import XCTest

@testable import QuartzCore
import TestSupport

final class KeyframeMathTests: XCTestCase {
    // MARK: Values

    func testValuesUnboxAndBoxAsTheirOwnType() throws {
        XCTAssertEqual(try XCTUnwrap(AnimationValue(Float(0.5))).boxed as? Float, 0.5)
        XCTAssertEqual(try XCTUnwrap(AnimationValue(CGFloat(2))).boxed as? CGFloat, 2)
        XCTAssertEqual(try XCTUnwrap(AnimationValue(CGPoint(x: 1, y: 2))).boxed as? CGPoint, CGPoint(x: 1, y: 2))
        XCTAssertEqual(try XCTUnwrap(AnimationValue(CGRect(x: 1, y: 2, width: 3, height: 4))).boxed as? CGRect, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(try XCTUnwrap(AnimationValue(CATransform3DMakeScale(2, 3, 4))).boxed as? CATransform3D, CATransform3DMakeScale(2, 3, 4))
        XCTAssertNil(AnimationValue("text"))
        XCTAssertNil(AnimationValue(true), "Bool is discrete")
        XCTAssertNil(AnimationValue(nil))
    }

    func testNumbersPointsAndRectsInterpolatePerComponent() throws {
        let a = try XCTUnwrap(AnimationValue(CGRect(x: 0, y: 10, width: 100, height: 50)))
        let b = try XCTUnwrap(AnimationValue(CGRect(x: 20, y: 30, width: 200, height: 0)))
        XCTAssertEqual(a.interpolated(to: b, fraction: 0.25).boxed as? CGRect, CGRect(x: 5, y: 15, width: 125, height: 37.5))
        let one = try XCTUnwrap(AnimationValue(Float(0)))
        XCTAssertEqual(one.interpolated(to: try XCTUnwrap(AnimationValue(Float(1))), fraction: 0.3).boxed as? Float, 0.3)
    }

    func testColoursInterpolateInRGBAAndGrayIsExpanded() throws {
        let gray = try XCTUnwrap(AnimationValue(CGColor(gray: 1, alpha: 1)))
        let red = try XCTUnwrap(AnimationValue(CGColor(red: 1, green: 0, blue: 0, alpha: 0)))
        let mid = try XCTUnwrap(gray.interpolated(to: red, fraction: 0.5).boxed as? CGColor)
        XCTAssertEqual(mid.components, [1, 0.5, 0.5, 0.5])
    }

    func testTransformsInterpolateByDecomposition() throws {
        let a = try XCTUnwrap(AnimationValue(CATransform3DIdentity))
        let b = try XCTUnwrap(AnimationValue(CATransform3DMakeRotation(.pi, 0, 0, 1)))
        let half = try XCTUnwrap(a.interpolated(to: b, fraction: 0.5).boxed as? CATransform3D)
        // A component-wise blend would collapse to a zero matrix; decomposition rotates by 90°.
        XCTAssertEqual(half.m11, 0, accuracy: 1e-9)
        XCTAssertEqual(abs(half.m12), 1, accuracy: 1e-9)
    }

    func testAdditionSubtractionAndDistance() throws {
        let a = try XCTUnwrap(AnimationValue(CGPoint(x: 3, y: 4)))
        let b = try XCTUnwrap(AnimationValue(CGPoint(x: 1, y: 1)))
        XCTAssertEqual(a.adding(b).boxed as? CGPoint, CGPoint(x: 4, y: 5))
        XCTAssertEqual(a.subtracting(b).boxed as? CGPoint, CGPoint(x: 2, y: 3))
        XCTAssertEqual(a.distance(to: try XCTUnwrap(AnimationValue(CGPoint.zero))), 5)
        let t = try XCTUnwrap(AnimationValue(CATransform3DMakeTranslation(10, 0, 0)))
        let s = try XCTUnwrap(AnimationValue(CATransform3DMakeScale(2, 2, 1)))
        // The added transform applies first: translate after scaling → (10, 0) stays 10.
        XCTAssertEqual((t.adding(s).boxed as? CATransform3D)?.m41, 10)
    }

    func testIncompatibleValuesSwitchHalfway() throws {
        let point = try XCTUnwrap(AnimationValue(CGPoint(x: 1, y: 1)))
        let rect = try XCTUnwrap(AnimationValue(CGRect(x: 0, y: 0, width: 1, height: 1)))
        XCTAssertEqual(point.interpolated(to: rect, fraction: 0.4), point)
        XCTAssertEqual(point.interpolated(to: rect, fraction: 0.6), rect)
    }

    // MARK: Timelines

    func testLinearDefaultKeyTimesAreEvenlySpaced() {
        let timeline = KeyframeTimeline(count: 3, mode: .linear, keyTimes: nil, timingFunctions: nil)
        XCTAssertEqual(timeline.keyTimes, [0, 0.5, 1])
        XCTAssertEqual(timeline.position(at: 0.25), .between(index: 0, fraction: 0.5))
        XCTAssertEqual(timeline.position(at: 0.75), .between(index: 1, fraction: 0.5))
        XCTAssertEqual(timeline.position(at: 1), .value(2))
        XCTAssertEqual(timeline.position(at: 0), .value(0))
    }

    func testLinearWithKeyTimesAndPerSegmentTimingFunctions() {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        let timeline = KeyframeTimeline(count: 3, mode: .linear, keyTimes: [0, 0.25, 1], timingFunctions: [easeIn])
        // Half-way through the first segment, eased by Apple's easeIn Bézier (0.42, 0), (1, 1).
        guard case .between(let index, let fraction) = timeline.position(at: 0.125) else {
            return XCTFail("\(timeline.position(at: 0.125))")
        }
        XCTAssertEqual(index, 0)
        XCTAssertEqual(fraction, cubicBezierTiming(0.42, 0, 1, 1, at: 0.5), accuracy: 1e-6)
        XCTAssertEqual(timeline.position(at: 0.625), .between(index: 1, fraction: 0.5), "segments without a function are linear")
    }

    func testKeyTimesOfTheWrongLengthOrNotFiniteAreIgnored() {
        for bad in [[0, 1], [0, .nan, 1], [0, .infinity, 1]] {
            XCTAssertEqual(KeyframeTimeline(count: 3, mode: .linear, keyTimes: bad, timingFunctions: nil).keyTimes, [0, 0.5, 1], "\(bad)")
        }
    }

    func testKeyTimesNotAscendingOrOutsideZeroToOneAreUsedAsGiven() {
        // Apple's renders of lottie's keyframes before an animation's start follow key times
        // such as [0, −0.07, …]. Each position is by hand: the first segment in array order
        // whose end key time is above the progress, at (p − start) / (end − start).
        let early = KeyframeTimeline(count: 4, mode: .linear, keyTimes: [0, -0.07, 0.2, 1], timingFunctions: nil)
        XCTAssertEqual(early.keyTimes, [0, -0.07, 0.2, 1])
        guard case .between(let index, let fraction) = early.position(at: 0.1) else { return XCTFail("\(early.position(at: 0.1))") }
        XCTAssertEqual(index, 1)
        XCTAssertEqual(fraction, 0.17 / 0.27, accuracy: 1e-12)
        // At 0 the first segment (0 → −0.07) has already ended: the second is 0.07 / 0.27 in.
        guard case .between(1, let start) = early.position(at: 0) else { return XCTFail("\(early.position(at: 0))") }
        XCTAssertEqual(start, 0.07 / 0.27, accuracy: 1e-12)
        XCTAssertEqual(early.position(at: 1), .value(3))
        // Before a first key time above 0, the first value.
        let delayed = KeyframeTimeline(count: 2, mode: .linear, keyTimes: [0.2, 1], timingFunctions: nil)
        XCTAssertEqual(delayed.position(at: 0.1), .value(0))
        // Past 1: the last segment runs from 0.5 to 2, so at 1 it is a third of the way.
        let late = KeyframeTimeline(count: 3, mode: .linear, keyTimes: [0, 0.5, 2], timingFunctions: nil)
        guard case .between(1, let lateFraction) = late.position(at: 1) else { return XCTFail("\(late.position(at: 1))") }
        XCTAssertEqual(lateFraction, 1.0 / 3, accuracy: 1e-12)
        // Descending: at 0.6 the first segment (0 → 0.8) has not ended; at 0.9 the second
        // (0.8 → 0.5) has, so the progress is past every segment.
        let back = KeyframeTimeline(count: 3, mode: .linear, keyTimes: [0, 0.8, 0.5], timingFunctions: nil)
        guard case .between(0, let backFraction) = back.position(at: 0.6) else { return XCTFail("\(back.position(at: 0.6))") }
        XCTAssertEqual(backFraction, 0.75, accuracy: 1e-12)
        XCTAssertEqual(back.position(at: 0.9), .value(2))
        // Discrete: a value shows until the next key time in array order is reached.
        let discrete = KeyframeTimeline(count: 3, mode: .discrete, keyTimes: [0, -0.07, 0.5, 1], timingFunctions: nil)
        XCTAssertEqual(discrete.position(at: 0), .value(1))
        XCTAssertEqual(discrete.position(at: 0.49), .value(1))
        XCTAssertEqual(discrete.position(at: 0.5), .value(2))
    }

    func testDiscreteHoldsEachValueUntilTheNextKeyTime() {
        let even = KeyframeTimeline(count: 4, mode: .discrete, keyTimes: nil, timingFunctions: nil)
        XCTAssertEqual([0, 0.24, 0.25, 0.6, 0.99, 1].map(even.position(at:)), [.value(0), .value(0), .value(1), .value(2), .value(3), .value(3)])
        // Apple's form: one more key time than values.
        let explicit = KeyframeTimeline(count: 2, mode: .discrete, keyTimes: [0, 0.9, 1], timingFunctions: nil)
        XCTAssertEqual(explicit.position(at: 0.89), .value(0))
        XCTAssertEqual(explicit.position(at: 0.9), .value(1))
    }

    func testPacedKeyTimesFollowDistancesAndIgnoreTimingFunctions() {
        let timeline = KeyframeTimeline(count: 3, mode: .paced, keyTimes: [0, 0.9, 1], timingFunctions: [CAMediaTimingFunction(name: .easeIn)], distances: [10, 30])
        XCTAssertEqual(timeline.keyTimes, [0, 0.25, 1])
        XCTAssertEqual(timeline.position(at: 0.625), .between(index: 1, fraction: 0.5))
    }

    func testSingleValueAlwaysShowsIt() {
        XCTAssertEqual(KeyframeTimeline(count: 1, mode: .linear, keyTimes: [0.5], timingFunctions: nil).position(at: 0.7), .value(0))
    }

    // MARK: Spline

    func testCatmullRomPassesThroughKeyframesWithCentralTangents() {
        let spline = KeyframeSpline(points: [[0], [10], [0], [10]], tension: nil, continuity: nil, bias: nil)
        XCTAssertEqual(spline.point(segment: 0, fraction: 0), [0])
        XCTAssertEqual(spline.point(segment: 0, fraction: 1), [10])
        // Segment 1 (10 → 0): tangents (0 − 0)/2 = 0 at both ends → Hermite midpoint is 5.
        XCTAssertEqual(spline.point(segment: 1, fraction: 0.5)[0], 5, accuracy: 1e-12)
        // Segment 0: tangent at 0 is (10 − 0)/2 = 5 (end duplicated), at 10 is (0 − 0)/2 = 0.
        // h00·0 + h10·5 + h01·10 + h11·0 at s = 0.5: 0.125·5 + 0.5·10 = 5.625
        XCTAssertEqual(spline.point(segment: 0, fraction: 0.5)[0], 5.625, accuracy: 1e-12)
    }

    func testTensionOneGivesZeroTangents() {
        let spline = KeyframeSpline(points: [[0], [10], [20]], tension: [1, 1, 1], continuity: nil, bias: nil)
        // Zero tangents: the Hermite basis alone, h01(0.25) = 0.15625.
        XCTAssertEqual(spline.point(segment: 0, fraction: 0.25)[0], 1.5625, accuracy: 1e-12)
    }

    func testSegmentLengthsOfAStraightSplineAreTheDistances() {
        let spline = KeyframeSpline(points: [[0, 0], [3, 4], [6, 8]], tension: nil, continuity: nil, bias: nil)
        let lengths = spline.segmentLengths
        XCTAssertEqual(lengths[0], 5, accuracy: 1e-9)
        XCTAssertEqual(lengths[1], 5, accuracy: 1e-9)
    }
}
