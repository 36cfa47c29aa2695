import Foundation
import QuartzCore
import TestSupport
import XCTest

// Animation helpers as iOS and macOS code writes them: free functions, a namespace of static
// factories and a static factory in an extension, all outside any actor.

/// A layer that swells by `scale` and back, forever.
func makePulse(scale: CGFloat = 1.2, duration: CFTimeInterval = 0.6) -> CABasicAnimation {
    let pulse = CABasicAnimation(keyPath: "transform.scale")
    pulse.fromValue = 1.0
    pulse.toValue = scale
    pulse.duration = duration
    pulse.autoreverses = true
    pulse.repeatCount = .infinity
    pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    return pulse
}

/// The "wrong password" shake: a horizontal wobble added to wherever the layer is.
func makeShake() -> CAKeyframeAnimation {
    let shake = CAKeyframeAnimation(keyPath: "position.x")
    shake.values = [0, 10, -10, 10, 0]
    shake.keyTimes = [0, 0.25, 0.5, 0.75, 1]
    shake.duration = 0.4
    shake.isAdditive = true
    return shake
}

/// Fades a layer in while it grows to `size`, and keeps the end state.
func makeFadeAndGrow(to size: CGSize, duration: CFTimeInterval) -> CAAnimationGroup {
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 0
    fade.toValue = 1
    fade.duration = duration
    let grow = CABasicAnimation(keyPath: "bounds.size")
    grow.fromValue = NSValue(cgSize: .zero)
    grow.toValue = NSValue(cgSize: size)
    grow.duration = duration
    let group = CAAnimationGroup()
    group.animations = [fade, grow]
    group.duration = duration
    group.fillMode = .forwards
    group.isRemovedOnCompletion = false
    return group
}

extension CASpringAnimation {
    /// A springy move of `keyPath` to `value` that lasts until the spring settles.
    static func bounce(_ keyPath: String, to value: Any, stiffness: CGFloat = 200, damping: CGFloat = 10) -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: keyPath)
        spring.toValue = value
        spring.mass = 1
        spring.stiffness = stiffness
        spring.damping = damping
        spring.initialVelocity = 0
        spring.duration = spring.settlingDuration
        return spring
    }
}

/// The app's animations in one place.
enum Animations {
    static let fadeDuration: CFTimeInterval = 0.3

    /// One full turn around the z axis every `period` seconds, forever.
    static func spin(period: CFTimeInterval = 1) -> CABasicAnimation {
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi * 2
        spin.duration = period
        spin.repeatCount = HUGE
        spin.isRemovedOnCompletion = false
        return spin
    }

    /// Fades to transparent and stays so, tagged so a delegate can tell it apart.
    static func fadeOut() -> CABasicAnimation {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.toValue = 0
        fade.duration = fadeDuration
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        fade.setValue("fadeOut", forKey: "name")
        return fade
    }
}

/// Nonisolated code calls the factories and adds their animations to layers; a window
/// shows them at exact moments.
final class AnimationFactoryTests: XCTestCase {
    func testAFreeFunctionBuildsAPulse() {
        let pulse = makePulse()
        XCTAssertEqual(pulse.keyPath, "transform.scale")
        XCTAssertEqual(pulse.fromValue as? Double, 1.0)
        XCTAssertEqual(pulse.toValue as? CGFloat, 1.2)
        XCTAssertEqual(pulse.duration, 0.6)
        XCTAssertTrue(pulse.autoreverses)
        XCTAssertEqual(pulse.repeatCount, .infinity)
        XCTAssertEqual(pulse.timingFunction, CAMediaTimingFunction(name: .easeInEaseOut))
    }

    func testStaticFactoriesBuildTheirAnimations() {
        let spin = Animations.spin(period: 2)
        XCTAssertEqual(spin.keyPath, "transform.rotation.z")
        XCTAssertEqual(spin.toValue as? CGFloat, 2 * .pi)
        XCTAssertEqual(spin.duration, 2)
        XCTAssertEqual(spin.repeatCount, Float.greatestFiniteMagnitude)
        let fade = Animations.fadeOut()
        XCTAssertEqual(fade.duration, 0.3)
        XCTAssertEqual(fade.fillMode, .forwards)
        XCTAssertEqual(fade.value(forKey: "name") as? String, "fadeOut")
        let group = makeFadeAndGrow(to: CGSize(width: 80, height: 40), duration: 2)
        XCTAssertEqual(group.animations?.count, 2)
        XCTAssertEqual((group.animations?.last as? CABasicAnimation)?.toValue as? NSValue, NSValue(cgSize: CGSize(width: 80, height: 40)))
    }

    func testAddedAnimationsAreFoundUnderTheirKeysAsCopies() {
        let layer = CALayer()
        let pulse = makePulse()
        layer.add(pulse, forKey: "pulse")
        layer.add(makeShake(), forKey: "shake")
        pulse.duration = 5
        XCTAssertEqual(layer.animationKeys(), ["pulse", "shake"])
        XCTAssertEqual(layer.animation(forKey: "pulse")?.duration, 0.6, "the layer keeps a copy")
        XCTAssertFalse(layer.animation(forKey: "pulse") === pulse)
        XCTAssertEqual((layer.animation(forKey: "shake") as? CAKeyframeAnimation)?.values?.count, 5)
        layer.removeAnimation(forKey: "pulse")
        XCTAssertEqual(layer.animationKeys(), ["shake"])
        layer.removeAllAnimations()
        XCTAssertNil(layer.animationKeys())
    }

    func testTheShakeIsAddedToWhereTheLayerIs() {
        let window = WindowStandIn()
        defer { window.close() }
        let field = CALayer()
        CATransaction.begin()
        field.frame = CGRect(x: 50, y: 20, width: 100, height: 30)  // position.x = 100
        window.rootLayer.addSublayer(field)
        field.add(makeShake(), forKey: "shake")
        CATransaction.commit()
        // Key times 0, 0.1, 0.2 s: values 0, 10, -10; at 0.05 s halfway from 0 to 10.
        window.advance(by: 0.05)
        XCTAssertEqual(field.presentation()?.position.x ?? 0, 105, accuracy: 1e-9)
        window.advance(by: 0.1)
        XCTAssertEqual(field.presentation()?.position.x ?? 0, 100, accuracy: 1e-9)
        window.advance(by: 0.05)
        XCTAssertEqual(field.presentation()?.position.x ?? 0, 90, accuracy: 1e-9)
        XCTAssertEqual(field.position.x, 100, "the model does not move")
    }

    func testAGroupRunsItsAnimationsTogetherAndStaysWhenNotRemoved() {
        let window = WindowStandIn()
        defer { window.close() }
        let card = CALayer()
        CATransaction.begin()
        card.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        window.rootLayer.addSublayer(card)
        let group = makeFadeAndGrow(to: CGSize(width: 80, height: 40), duration: 2)
        group.timingFunction = CAMediaTimingFunction(name: .linear)
        card.add(group, forKey: "appear")
        CATransaction.commit()
        window.advance(by: 1)
        XCTAssertEqual(card.presentation()?.opacity, 0.5)
        XCTAssertEqual(card.presentation()?.bounds.size, CGSize(width: 40, height: 20))
        window.advance(by: 5)
        XCTAssertEqual(card.animationKeys(), ["appear"], "not removed on completion")
        XCTAssertEqual(card.bounds.size, CGSize(width: 10, height: 10), "the model is unchanged")
    }

    func testASpringFollowsTheDampedOscillatorAndSettles() {
        let window = WindowStandIn()
        defer { window.close() }
        let ball = CALayer()
        CATransaction.begin()
        ball.position = CGPoint(x: 0, y: 0)
        window.rootLayer.addSublayer(ball)
        CATransaction.commit()
        let bounce = CASpringAnimation.bounce("position.x", to: 100)
        bounce.fromValue = 0
        ball.add(bounce, forKey: "bounce")
        CATransaction.flush()
        // m = 1, k = 200, c = 10: ω₀ = √200, ζ = c / (2√(km)), ω_d = ω₀√(1 − ζ²);
        // x(t) = 1 − e^(−ζω₀t) (cos ω_d t + ζω₀/ω_d sin ω_d t) of the distance.
        let omega0 = 200.0.squareRoot()
        let zeta = 10 / (2 * omega0)
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        func expected(_ t: Double) -> Double {
            100 * (1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t)))
        }
        window.advance(by: 0.1)
        XCTAssertEqual(Double(ball.presentation()?.position.x ?? -1), expected(0.1), accuracy: 1e-9)
        window.advance(by: 0.2)
        XCTAssertEqual(Double(ball.presentation()?.position.x ?? -1), expected(0.3), accuracy: 1e-9)
        XCTAssertGreaterThan(expected(0.3), 100, "it overshoots")
        window.advance(by: bounce.duration)
        XCTAssertNil(ball.animation(forKey: "bounce"), "removed once settled")
    }
}
