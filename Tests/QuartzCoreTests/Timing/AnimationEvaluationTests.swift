import QuartzCore
import TestSupport
import XCTest

/// Animation objects evaluated at chosen parent times, without a layer: the value each one
/// gives for a key path over a base (model) value.
@MainActor
final class AnimationEvaluationTests: XCTestCase {
    private func value(_ animation: CAAnimation, at time: CFTimeInterval, base: Any? = nil, key: String = "k") -> Any? {
        var result: Any? = nil
        animation.makeEvaluator()?.apply(atParentTime: time, read: { _ in base }, write: { written, value in
            if written == key { result = value }
        })
        return result
    }

    private func number(_ animation: CAAnimation, at time: CFTimeInterval, base: CGFloat = 0) -> CGFloat? {
        value(animation, at: time, base: base) as? CGFloat
    }

    private func basic(from: Any? = nil, to: Any? = nil, by: Any? = nil) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "k")
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 1
        return animation
    }

    func testDefaults() async {
        let animation = CABasicAnimation()
        XCTAssertEqual(animation.duration, 0)
        XCTAssertEqual(animation.timingParameters.duration, 0.25, "duration 0 means 0.25 s")
        XCTAssertTrue(animation.isRemovedOnCompletion)
        XCTAssertNil(animation.timingFunction)
        XCTAssertEqual(animation.fillMode, .removed)
        XCTAssertFalse(animation.isAdditive)
        XCTAssertFalse(animation.isCumulative)
        XCTAssertNil(animation.keyPath)
        let spring = CASpringAnimation()
        XCTAssertEqual([spring.mass, spring.stiffness, spring.damping, spring.initialVelocity], [1, 100, 10, 0])
        XCTAssertEqual(CAKeyframeAnimation().calculationMode, .linear)
        XCTAssertEqual(CATransition().type, .fade)
        XCTAssertEqual(CATransition().endProgress, 1)
    }

    func testFromToByCombinations() async {
        XCTAssertEqual(number(basic(from: CGFloat(10), to: CGFloat(20)), at: 0.5, base: 99), 15, "from + to")
        XCTAssertEqual(number(basic(from: CGFloat(10), by: CGFloat(4)), at: 0.5, base: 99), 12, "from + by → from … from+by")
        XCTAssertEqual(number(basic(to: CGFloat(20), by: CGFloat(4)), at: 0.5, base: 99), 18, "by + to → to−by … to")
        XCTAssertEqual(number(basic(from: CGFloat(10)), at: 0.5, base: 30), 20, "from alone → towards the current value")
        XCTAssertEqual(number(basic(to: CGFloat(20)), at: 0.25, base: 0), 5, "to alone → from the current value")
        XCTAssertEqual(number(basic(by: CGFloat(8)), at: 0.5, base: 100), 104, "by alone → current … current+by")
        XCTAssertEqual(number(basic(), at: 0.5, base: 7), 7, "no values: no change")
    }

    func testInactiveAnimationsWriteNothingAndFillModesHold() async {
        let animation = basic(from: CGFloat(0), to: CGFloat(10))
        animation.beginTime = 1
        XCTAssertNil(number(animation, at: 0.5))
        XCTAssertNil(number(animation, at: 2.5))
        animation.fillMode = .both
        XCTAssertEqual(number(animation, at: 0.5), 0)
        XCTAssertEqual(number(animation, at: 2.5), 10)
    }

    func testTimingFunctionEasesProgress() async {
        let animation = basic(from: CGFloat(0), to: CGFloat(100))
        animation.timingFunction = CAMediaTimingFunction(name: .easeIn)
        // Apple's easeIn is the Bézier (0.42, 0), (1, 1); solved independently by bisection.
        let expected = 100 * cubicBezierTiming(0.42, 0, 1, 1, at: 0.3)
        XCTAssertEqual(expected, 12.9577, accuracy: 1e-4, "the oracle agrees with a separate bisection")
        XCTAssertEqual(Double(number(animation, at: 0.3)!), expected, accuracy: 1e-5)
    }

    func testAutoreverseRepeatAndSpeed() async {
        let animation = basic(from: CGFloat(0), to: CGFloat(10))
        animation.autoreverses = true
        animation.repeatCount = 2
        animation.speed = 2
        // local = 2·tp: tp 0.25 → 0.5; tp 0.75 → 1.5 (on the way back: 5); tp 1.1 → 2.2 (second iteration: 2)
        XCTAssertEqual(number(animation, at: 0.25)!, 5, accuracy: 1e-12)
        XCTAssertEqual(number(animation, at: 0.75)!, 5, accuracy: 1e-12)
        XCTAssertEqual(number(animation, at: 1.1)!, 2, accuracy: 1e-12)
        XCTAssertNil(number(animation, at: 2.01))
    }

    func testCumulativeRepeatsBuildOnEachOther() async {
        let animation = basic(from: CGFloat(0), to: CGFloat(10))
        animation.isCumulative = true
        animation.repeatCount = 3
        XCTAssertEqual(number(animation, at: 2.5)!, 25, accuracy: 1e-12)
    }

    func testAdditiveAddsToTheCurrentValue() async {
        let animation = basic(from: CGFloat(0), to: CGFloat(10))
        animation.isAdditive = true
        XCTAssertEqual(number(animation, at: 0.5, base: 100), 105)
        let point = basic(from: CGPoint(x: -5, y: 0), to: CGPoint(x: 5, y: 0))
        point.isAdditive = true
        XCTAssertEqual(value(point, at: 0.25, base: CGPoint(x: 50, y: 60)) as? CGPoint, CGPoint(x: 47.5, y: 60))
    }

    func testValueFunctionRotatesThroughAFullTurn() async {
        let animation = basic(from: 0.0, to: 2 * Double.pi)
        animation.valueFunction = CAValueFunction(name: .rotateZ)
        let half = value(animation, at: 0.5, base: CATransform3DIdentity) as? CATransform3D
        XCTAssertEqual(half?.m11 ?? 0, -1, accuracy: 1e-12, "half of a full turn is 180°, which matrices could not express")
        let scale = basic(from: [1.0, 1.0, 1.0], to: [3.0, 5.0, 1.0])
        scale.valueFunction = CAValueFunction(name: .scale)
        let mid = value(scale, at: 0.5, base: CATransform3DIdentity) as? CATransform3D
        XCTAssertEqual(mid?.m11, 2)
        XCTAssertEqual(mid?.m22, 3)
        XCTAssertNil(CAValueFunction(name: CAValueFunctionName(rawValue: "twist")))
    }

    func testSpringPacesByTheClosedForm() async {
        let spring = CASpringAnimation(keyPath: "k")
        spring.fromValue = CGFloat(0)
        spring.toValue = CGFloat(100)
        spring.duration = spring.settlingDuration
        // Defaults m = 1, k = 100, c = 10: ζ = c / (2√(km)) = 0.5, ω₀ = √(k/m) = 10,
        // ω_d = ω₀√(1 − ζ²). Starting at rest at 0 towards 1:
        // x(t) = 1 − e^(−ζω₀t) (cos ω_d t + ζω₀/ω_d sin ω_d t).
        let zeta = 0.5, omega0 = 10.0
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        for time in [0.05, 0.1, 0.2, 0.4, 0.8] {
            let x = 1 - exp(-zeta * omega0 * time) * (cos(omegaD * time) + zeta * omega0 / omegaD * sin(omegaD * time))
            XCTAssertEqual(Double(number(spring, at: time)!), 100 * x, accuracy: 1e-9, "t = \(time)")
        }
    }

    func testKeyframeModes() async {
        let keyframes = CAKeyframeAnimation(keyPath: "k")
        keyframes.values = [CGFloat(0), CGFloat(10), CGFloat(40)]
        keyframes.duration = 1
        XCTAssertEqual(number(keyframes, at: 0.25), 5, "linear, even key times")
        keyframes.keyTimes = [0, 0.8, 1]
        XCTAssertEqual(number(keyframes, at: 0.9), 25)
        keyframes.calculationMode = .discrete
        XCTAssertEqual(number(keyframes, at: 0.9), 10, "discrete with n key times: value 1 from 0.8")
        keyframes.calculationMode = .paced
        // distances 10 and 30 → key times 0, 0.25, 1
        XCTAssertEqual(number(keyframes, at: 0.625), 25)
        keyframes.calculationMode = .cubic
        keyframes.keyTimes = nil
        XCTAssertEqual(number(keyframes, at: 0.5), 10, "the spline passes through every keyframe")
        keyframes.calculationMode = .cubicPaced
        XCTAssertNil(number(keyframes, at: 1), "fill mode removed: over at the end")
        keyframes.fillMode = .forwards
        XCTAssertEqual(number(keyframes, at: 1), 40)
    }

    func testKeyframesOfDiscreteTypesStep() async {
        let keyframes = CAKeyframeAnimation(keyPath: "k")
        keyframes.values = [true, false, true]
        keyframes.duration = 1
        XCTAssertEqual(value(keyframes, at: 0.5, base: false) as? Bool, false)
        XCTAssertEqual(value(keyframes, at: 0.1, base: false) as? Bool, true)
    }

    func testDiscreteKeyframesOfOneValueChangeNothing() async {
        // Not documented by Apple; Apple's renders of lottie's held keyframes show it: a
        // discrete animation of one value with key times [0, 1] (which is what lottie makes of a
        // held keyframe followed by a linear one) leaves the layer's own value showing.
        let held = CAKeyframeAnimation(keyPath: "k")
        held.values = [CGFloat(0)]
        held.keyTimes = [0, 1]
        held.calculationMode = .discrete
        held.duration = 1
        XCTAssertNil(number(held, at: 0, base: 1), "nothing written at the start")
        XCTAssertNil(number(held, at: 0.5, base: 1), "nothing written half-way")
        // In a group with the linear animation that follows it, the group's time before the
        // linear one begins shows the base value, then the linear values.
        let linear = CAKeyframeAnimation(keyPath: "k")
        linear.values = [CGFloat(1), CGFloat(0)]
        linear.keyTimes = [0, 1]
        linear.beginTime = 1
        linear.duration = 1
        let group = CAAnimationGroup()
        group.animations = [held, linear]
        group.duration = 2
        XCTAssertNil(number(group, at: 0.5, base: 1))
        // Half-way through the linear segment from 1 to 0: 0.5 (by hand).
        XCTAssertEqual(number(group, at: 1.5, base: 1), 0.5)
        held.values = [CGFloat(0), CGFloat(1)]
        held.keyTimes = [0, 0.5, 1]
        XCTAssertEqual(number(held, at: 0.25, base: 1), 0, "two discrete values still step")
    }

    func testKeyTimesOutsideZeroToOneAreUsedInArrayOrder() async {
        // The key times lottie writes for keyframes before an animation's start: a 0 it adds,
        // then the keyframes' own times, the first of them negative. Apple's renders of such
        // animations follow the key times as given; by hand, at 0.1 the value is between the
        // second and third values, (0.1 + 0.1) / (0.3 + 0.1) = 0.5 of the way: 15.
        let keyframes = CAKeyframeAnimation(keyPath: "k")
        keyframes.values = [CGFloat(10), CGFloat(10), CGFloat(20), CGFloat(40)]
        keyframes.keyTimes = [0, -0.1, 0.3, 1]
        keyframes.duration = 1
        XCTAssertEqual(Double(number(keyframes, at: 0.1) ?? -1), 15, accuracy: 1e-9)
        // (0.65 − 0.3) / (1 − 0.3) = 0.5 of the way from 20 to 40.
        XCTAssertEqual(Double(number(keyframes, at: 0.65) ?? -1), 30, accuracy: 1e-9)
        // A fade-in that ended before the start: at 0 the segment from −0.2 to 1 (from 1 to 1)
        // is under way, so the layer shows 1, not the first value 0.
        let fadedIn = CAKeyframeAnimation(keyPath: "k")
        fadedIn.values = [CGFloat(0), CGFloat(0), CGFloat(1), CGFloat(1)]
        fadedIn.keyTimes = [0, -0.3, -0.2, 1]
        fadedIn.duration = 1
        XCTAssertEqual(number(fadedIn, at: 0), 1)
    }

    func testMismatchedKeyframeArraysDoNotCrash() async {
        let keyframes = CAKeyframeAnimation(keyPath: "k")
        keyframes.values = [CGFloat(0), CGFloat(10)]
        keyframes.keyTimes = [0, 0.5, 0.7, 1]
        keyframes.timingFunctions = [CAMediaTimingFunction(name: .linear), CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .easeOut)]
        keyframes.tensionValues = [1]
        keyframes.duration = 1
        XCTAssertEqual(number(keyframes, at: 0.5), 5, "wrong-length key times are ignored")
        keyframes.values = [CGFloat(1), CGPoint.zero]
        XCTAssertNotNil(value(keyframes, at: 0.5, base: CGFloat(0)), "incompatible values step instead of crashing")
        keyframes.values = []
        XCTAssertNil(value(keyframes, at: 0.5))
    }

    func testGroupChildrenRunInTheGroupsTime() async {
        let child = basic(from: CGFloat(0), to: CGFloat(10))
        child.beginTime = 0.5
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 2
        group.beginTime = 1
        XCTAssertNil(number(group, at: 1.25), "the child starts 0.5 s into the group")
        XCTAssertEqual(number(group, at: 2), 5)
        XCTAssertNil(number(group, at: 3.5), "the group ended")
    }

    func testAGroupChildShowsItsEndValueAtTheInstantItEnds() async {
        // Apple's renders of lottie's paused animations show it: shown at the frame where the
        // last keyframe segment of a group ends (the group itself runs one frame longer), the
        // layer has that segment's end value, although the segment does not fill forwards.
        let fade = CAKeyframeAnimation(keyPath: "k")
        fade.values = [CGFloat(1), CGFloat(0)]
        fade.beginTime = 1
        fade.duration = 1
        let group = CAAnimationGroup()
        group.animations = [fade]
        group.duration = 4
        XCTAssertEqual(number(group, at: 1.5, base: 1), 0.5)
        XCTAssertEqual(number(group, at: 2, base: 1), 0, "the end value at the end's instant")
        XCTAssertNil(number(group, at: 2.5, base: 1), "after it, nothing: the child does not fill forwards")
        // A next segment beginning at that instant shows its start there, as it comes later.
        let next = CAKeyframeAnimation(keyPath: "k")
        next.values = [CGFloat(7), CGFloat(9)]
        next.beginTime = 2
        next.duration = 1
        group.animations = [fade, next]
        XCTAssertEqual(number(group, at: 2, base: 1), 7)
    }

    func testCopiesAreIndependent() async {
        let original = basic(from: CGFloat(0), to: CGFloat(10))
        let copy = original.copy() as? CABasicAnimation
        original.toValue = CGFloat(1000)
        XCTAssertEqual(copy?.toValue as? CGFloat, 10)
        let evaluator = original.makeEvaluator()
        original.duration = 100
        XCTAssertEqual(evaluator?.timing.duration, 1, "an evaluator is a snapshot")
    }

    func testTransitionProgress() async throws {
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromTop
        transition.duration = 1
        transition.startProgress = 0.2
        transition.endProgress = 0.6
        let state = try XCTUnwrap(transition.makeEvaluator()?.transitionState(atParentTime: 0.5))
        XCTAssertEqual(state.type, .push)
        XCTAssertEqual(state.subtype, .fromTop)
        XCTAssertEqual(state.progress, 0.4, accuracy: 1e-7, "Float progress bounds")
    }
}
