import Foundation
import QuartzCore
import TestSupport
import XCTest

// Animation helpers in the Swift 5 style of many iOS apps: a class of class-method
// factories, and convenience methods on CALayer that add animations to the layer itself.

class AnimationFactory {
    static var defaultDuration: CFTimeInterval = 0.3

    class func pulse(toScale scale: CGFloat = 1.1) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "transform.scale")
        animation.fromValue = 1
        animation.toValue = scale
        animation.duration = defaultDuration
        animation.autoreverses = true
        animation.repeatCount = HUGE
        return animation
    }

    class func slide(from start: CGPoint, to end: CGPoint) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.values = [NSValue(cgPoint: start), NSValue(cgPoint: end)]
        animation.duration = defaultDuration
        animation.calculationMode = .linear
        return animation
    }

    class func popIn() -> CAAnimationGroup {
        let scale = CAKeyframeAnimation(keyPath: "transform.scale")
        scale.values = [0.5, 1.2, 1.0]
        scale.keyTimes = [0, 0.5, 1]
        scale.duration = 0.4
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.2
        let group = CAAnimationGroup()
        group.animations = [scale, fade]
        group.duration = 0.4
        return group
    }

    class func wobble() -> CASpringAnimation {
        let spring = CASpringAnimation(keyPath: "transform.rotation.z")
        spring.fromValue = CGFloat.pi / 8
        spring.toValue = 0
        spring.damping = 5
        spring.initialVelocity = 10
        spring.duration = spring.settlingDuration
        return spring
    }
}

extension CALayer {
    func shake(distance: CGFloat = 8) {
        let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
        animation.values = [0, -distance, distance, -distance, distance, 0]
        animation.duration = 0.5
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        add(animation, forKey: "shake")
    }

    func startSpinning(period: CFTimeInterval = 1) {
        let animation = CABasicAnimation(keyPath: "transform.rotation")
        animation.toValue = Double.pi * 2
        animation.duration = period
        animation.repeatCount = .infinity
        animation.isRemovedOnCompletion = false
        add(animation, forKey: "spin")
    }

    func stopSpinning() {
        removeAnimation(forKey: "spin")
    }

    func fade(to value: Float, duration: CFTimeInterval, completion: (() -> Void)? = nil) {
        CATransaction.begin()
        CATransaction.setCompletionBlock(completion)
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = presentation()?.opacity ?? opacity
        animation.toValue = value
        animation.duration = duration
        opacity = value
        add(animation, forKey: "fade")
        CATransaction.commit()
    }
}

class LayerAnimationHelperTests: XCTestCase {
    var window: WindowStandIn!

    override func setUp() {
        super.setUp()
        window = WindowStandIn()
    }

    override func tearDown() {
        window.close()
        window = nil
        super.tearDown()
    }

    func makeCommittedLayer() -> CALayer {
        let layer = CALayer()
        CATransaction.begin()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        window.rootLayer.addSublayer(layer)
        CATransaction.commit()
        return layer
    }

    func testClassMethodsBuildTheAnimations() {
        let pulse = AnimationFactory.pulse()
        XCTAssertEqual(pulse.keyPath, "transform.scale")
        XCTAssertEqual(pulse.toValue as? CGFloat, 1.1)
        XCTAssertEqual(pulse.duration, 0.3)
        XCTAssertEqual(pulse.repeatCount, MAXFLOAT)
        let popIn = AnimationFactory.popIn()
        XCTAssertEqual(popIn.animations?.compactMap { ($0 as? CAPropertyAnimation)?.keyPath }, ["transform.scale", "opacity"])
        let wobble = AnimationFactory.wobble()
        XCTAssertEqual(wobble.damping, 5)
        XCTAssertEqual(wobble.duration, wobble.settlingDuration)
    }

    func testAChangedStaticDefaultAppliesToLaterAnimations() {
        let saved = AnimationFactory.defaultDuration
        AnimationFactory.defaultDuration = 2
        defer { AnimationFactory.defaultDuration = saved }
        XCTAssertEqual(AnimationFactory.slide(from: .zero, to: CGPoint(x: 10, y: 0)).duration, 2)
    }

    func testAKeyframeSlideMovesThroughBoxedPoints() {
        let layer = makeCommittedLayer()
        let slide = AnimationFactory.slide(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 60, y: 30))
        slide.duration = 1
        layer.add(slide, forKey: "slide")
        CATransaction.flush()
        window.advance(by: 0.25)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 15, y: 7.5))
    }

    func testTheShakeHelperWobblesTheTranslation() {
        let layer = makeCommittedLayer()
        layer.shake()
        CATransaction.flush()
        XCTAssertEqual(layer.animationKeys(), ["shake"])
        // Six values over 0.5 s: one segment every 0.1 s. At 0.05 s halfway from 0 to −8; at
        // 0.175 s three quarters of the way from −8 to 8.
        window.advance(by: 0.05)
        let translation = layer.presentation()?.value(forKeyPath: "transform.translation.x") as? CGFloat
        XCTAssertEqual(Double(translation ?? 0), -4, accuracy: 1e-9)
        window.advance(by: 0.125)
        let next = layer.presentation()?.value(forKeyPath: "transform.translation.x") as? CGFloat
        XCTAssertEqual(Double(next ?? 0), 4, accuracy: 1e-9)
    }

    func testSpinningStopsWhenAsked() {
        let layer = makeCommittedLayer()
        layer.startSpinning(period: 4)
        CATransaction.flush()
        window.advance(by: 1)
        let angle = layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat
        XCTAssertEqual(Double(angle ?? 0), Double.pi / 2, accuracy: 1e-9)
        layer.stopSpinning()
        CATransaction.flush()
        XCTAssertNil(layer.animationKeys())
    }

    func testFadeSetsTheModelAndCallsBackWhenDone() {
        let layer = makeCommittedLayer()
        var finished = false
        layer.fade(to: 0.2, duration: 1) {
            finished = true
        }
        XCTAssertEqual(layer.opacity, 0.2)
        window.advance(by: 0.5)
        XCTAssertEqual(layer.presentation()?.opacity ?? 0, 0.6, accuracy: 1e-6)
        XCTAssertFalse(finished)
        window.advance(by: 0.5)
        XCTAssertTrue(finished)
        XCTAssertEqual(layer.presentation()?.opacity, 0.2)
    }
}
