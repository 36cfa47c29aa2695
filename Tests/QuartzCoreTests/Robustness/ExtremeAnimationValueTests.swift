import Foundation
import QuartzCore
import TestSupport
import XCTest

/// Springs, timing functions and keyframes with extreme parameters: the exact physics (or a
/// documented limit), never a trap, never a NaN progress from finite parameters.
final class ExtremeAnimationValueTests: XCTestCase {
    func testUndampedSpringOscillatesForever() {
        // m = 1, k = 100: ω₀ = 10; with c = 0, x(t) = 1 − cos(10 t).
        let spring = CASpringSolution(mass: 1, stiffness: 100, damping: 0, initialVelocity: 0)
        XCTAssertEqual(spring.value(at: .pi / 10), 2, accuracy: 1e-12)
        XCTAssertEqual(spring.value(at: .pi / 20), 1, accuracy: 1e-12)
        XCTAssertEqual(spring.settlingDuration, 3600, "never settles: capped")
    }

    func testTinyMassSpringFollowsTheSlowRoot() {
        // m → 0: m·x'' is negligible, c·x' + k·(x − 1) = 0 gives x(t) = 1 − exp(−k t / c).
        let spring = CASpringSolution(mass: 1e-300, stiffness: 100, damping: 10, initialVelocity: 0)
        XCTAssertEqual(spring.value(at: 0.1), 1 - exp(-1), accuracy: 1e-9)
        XCTAssertEqual(spring.value(at: 0.5), 1 - exp(-5), accuracy: 1e-9)
        // Settled within 0.001 when exp(−10 t) = 0.001.
        XCTAssertEqual(spring.settlingDuration, log(1000) / 10, accuracy: 0.002)
    }

    func testHugeStiffnessSpringStaysInsideItsEnvelope() {
        // m = 1, c = 10, k = 1e300: ζ ≈ 5e-150, x(t) = 1 − e^(−5t)·cos(ω t) up to 1e-150.
        let spring = CASpringSolution(mass: 1, stiffness: 1e300, damping: 10, initialVelocity: 0)
        for t in [0.01, 0.1, 0.5, 1] {
            let value = spring.value(at: t)
            XCTAssertLessThanOrEqual(abs(value - 1), exp(-5 * t) + 1e-12, "t = \(t)")
        }
        XCTAssertEqual(spring.settlingDuration, log(1000) / 5, accuracy: 1e-9)
    }

    func testInfinitelyStiffSpringIsAtTheEndAtOnce() {
        // k/m overflows: ω₀ = +∞. The spring reaches its end immediately and stays there.
        let spring = CASpringSolution(mass: 1e-300, stiffness: 1e300, damping: 10, initialVelocity: 0)
        XCTAssertEqual(spring.value(at: 0), 0)
        XCTAssertEqual(spring.value(at: 1e-9), 1)
        XCTAssertEqual(spring.value(at: 1), 1)
        XCTAssertEqual(spring.settlingDuration, 0)
    }

    func testTimingFunctionWithHugeControlPointsIsFinite() {
        let function = CAMediaTimingFunction(controlPoints: 0, .greatestFiniteMagnitude, 1, -.greatestFiniteMagnitude)
        // x(t) = 3(1−t)t² + t³ = 0.5 at t = 0.5; y(0.5) = 3·0.125·(M − M) + 0.125.
        XCTAssertEqual(function.evaluate(0.5), 0.125, accuracy: 1e-6 * Double(Float.greatestFiniteMagnitude))
        XCTAssertTrue(function.evaluate(0.3).isFinite)
        XCTAssertEqual(function.evaluate(1), 1)
    }

    @MainActor
    func testKeyframesWithBadArraysAndNaNValuesPresentSomething() async {
        let world = AnimationWorld(test: self, start: 0, displayed: true)
        let clock = world.clock, root = world.root
        guard let context = world.context else { return XCTFail("a displayed world has a context") }
        CATransaction.flush()
        let cases: [([Any], [Double]?)] = [
            // Too few keyTimes: even spacing, so a quarter of the way is 5. Key times not
            // increasing or outside 0…1 are used as given, as Apple's renders of lottie's
            // keyframes show; by hand, at 0.25: 10 × 0.25 / 0.9 and 10 × (0.25 + 5) / 5.5.
            ([0.0, 10.0, 20.0], [0, 1]),
            ([0.0, 10.0, 20.0], [0, 0.9, 0.2]),
            ([0.0, 10.0, 20.0], [-5, 0.5, 7]),
            ([0.0, Double.nan, 20.0], nil),
            ([0.0, Double.infinity, 20.0], nil),
            ([0.0, 1e308, -1e308], nil),
        ]
        for mode in [CAAnimationCalculationMode.linear, .discrete, .paced, .cubic, .cubicPaced] {
            for (index, (values, keyTimes)) in cases.enumerated() {
                let animation = CAKeyframeAnimation(keyPath: "position.x")
                animation.values = values
                animation.keyTimes = keyTimes?.map { NSNumber(value: $0) }
                animation.calculationMode = mode
                animation.duration = 1
                animation.beginTime = clock.now()
                root.add(animation, forKey: "k")
                CATransaction.flush()
                clock.advance(by: 0.25)
                context.advanceAnimations(to: clock.now())
                let x = root.presentation()?.position.x
                if index < 3 && (mode == .linear) {
                    let expected = [5, 10 * 0.25 / 0.9, 10 * 5.25 / 5.5][index]
                    XCTAssertEqual(x ?? -1, expected, accuracy: 1e-9, "\(mode) case \(index) a quarter of the way")
                }
                _ = context.makeRenderTree(at: clock.now())
                root.removeAllAnimations()
            }
        }
    }

    @MainActor
    func testKeyframePathWithHugeCoordinatesReturnsPromptly() async {
        let clock = useManualMediaClock(start: 0)
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        CATransaction.flush()
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        // Squared lengths overflow to +∞: the arc length cannot be refined.
        path.addCurve(to: CGPoint(x: 1e300, y: 0), control1: CGPoint(x: 0, y: 1e300), control2: CGPoint(x: 1e300, y: -1e300))
        for mode in [CAAnimationCalculationMode.linear, .paced, .cubicPaced] {
            let animation = CAKeyframeAnimation(keyPath: "position")
            animation.path = path
            animation.calculationMode = mode
            animation.duration = 1
            animation.fillMode = .both
            animation.beginTime = clock.now()
            root.add(animation, forKey: "move")
            CATransaction.flush()
            context.advanceAnimations(to: clock.now())
            XCTAssertEqual(root.presentation()?.position, CGPoint(x: 0, y: 0), "\(mode): at the start of the path")
            clock.advance(by: 0.5)
            _ = root.presentation()?.position
            _ = context.makeRenderTree(at: clock.now())
            root.removeAllAnimations()
        }
    }
}
