import QuartzCore
import TestSupport
import XCTest

/// CASpringAnimation's curve against an independent numerical integration of
/// m·x'' + c·x' + k·(x − 1) = 0 (RK4, 10 µs steps).
final class SpringSolutionTests: XCTestCase {
    private func integrate(_ spring: CASpringSolution, until end: Double) -> [(Double, Double)] {
        var x = 0.0, v = spring.initialVelocity, t = 0.0
        let dt = 1e-5
        var samples: [(Double, Double)] = []
        func acceleration(_ x: Double, _ v: Double) -> Double {
            (-spring.stiffness * (x - 1) - spring.damping * v) / spring.mass
        }
        var nextSample = 0.0
        while t <= end + dt / 2 {
            if t >= nextSample - dt / 2 {
                samples.append((t, x))
                nextSample += 0.05
            }
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + k1v * dt / 2, k2v = acceleration(x + k1x * dt / 2, v + k1v * dt / 2)
            let k3x = v + k2v * dt / 2, k3v = acceleration(x + k2x * dt / 2, v + k2v * dt / 2)
            let k4x = v + k3v * dt, k4v = acceleration(x + k3x * dt, v + k3v * dt)
            x += (k1x + 2 * k2x + 2 * k3x + k4x) * dt / 6
            v += (k1v + 2 * k2v + 2 * k3v + k4v) * dt / 6
            t += dt
        }
        return samples
    }

    private func assertMatchesIntegration(_ spring: CASpringSolution, line: UInt = #line) {
        for (time, expected) in integrate(spring, until: 2) {
            XCTAssertEqual(spring.value(at: time), expected, accuracy: 1e-6, "t = \(time)", line: line)
        }
    }

    func testUnderDamped() {
        let spring = CASpringSolution(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        XCTAssertEqual(spring.dampingRatio, 0.5, accuracy: 1e-12)
        assertMatchesIntegration(spring)
        XCTAssertGreaterThan((0..<200).map { spring.value(at: Double($0) / 100) }.max()!, 1, "it overshoots")
    }

    func testCriticallyDamped() {
        let spring = CASpringSolution(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        XCTAssertEqual(spring.dampingRatio, 1, accuracy: 1e-12)
        assertMatchesIntegration(spring)
    }

    func testOverDampedWithInitialVelocity() {
        assertMatchesIntegration(CASpringSolution(mass: 2, stiffness: 50, damping: 40, initialVelocity: 3))
    }

    func testUnderDampedWithNegativeVelocityAndHeavyMass() {
        assertMatchesIntegration(CASpringSolution(mass: 3, stiffness: 200, damping: 4, initialVelocity: -5))
    }

    func testStartsAtZero() {
        XCTAssertEqual(CASpringSolution(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0).value(at: 0), 0)
    }

    func testSettlingDurationIsWhenItStaysWithinTolerance() {
        for spring in [
            CASpringSolution(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0),
            CASpringSolution(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),
            CASpringSolution(mass: 1, stiffness: 100, damping: 60, initialVelocity: 2),
        ] {
            let settle = spring.settlingDuration
            XCTAssertGreaterThan(settle, 0)
            for step in 0...2000 {
                let time = settle + Double(step) / 200
                XCTAssertLessThanOrEqual(abs(spring.value(at: time) - 1), CASpringSolution.settlingTolerance + 1e-12, "after settling, t = \(time)")
            }
        }
        // Apple's default spring (mass 1, stiffness 100, damping 10): ζ = 0.5, ω₀ = 10.
        let standard = CASpringSolution(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        let amplitude = (1 + pow(5 / (10 * 0.75.squareRoot()), 2)).squareRoot()
        XCTAssertEqual(standard.settlingDuration, log(amplitude / 0.001) / 5, accuracy: 1e-12)
    }

    func testBadParametersFallBackWithADiagnostic() {
        var messages: [String] = []
        let spring = CASpringSolution(mass: 0, stiffness: -1, damping: .nan, initialVelocity: .infinity) { messages.append($0) }
        XCTAssertEqual([spring.mass, spring.stiffness, spring.damping, spring.initialVelocity], [1, 100, 10, 0])
        XCTAssertEqual(messages.count, 4)
        XCTAssertTrue(messages[0].contains("mass"))
    }
}
