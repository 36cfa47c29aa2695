import QuartzCore
import TestSupport
import XCTest

/// The circle: `progress` redraws the layer whenever it changes, including when an
/// animation attached to the layer changes it.
private final class ProgressCircleLayer: CALayer {
    nonisolated(unsafe) static var drawn: [CGFloat] = []
    @CAManaged("progress") var progress: CGFloat = 0

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" ? true : super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ProgressCircleLayer.drawn.append(progress)
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setLineWidth(4)
        ctx.addArc(center: CGPoint(x: 20, y: 20), radius: 14, startAngle: 0, endAngle: 2 * .pi * progress, clockwise: false)
        ctx.strokePath()
    }
}

/// The layer animation API: add / look up / remove, copies, begin times at commit, several
/// animations on one key path, delegates, removal on completion, and the redraw.
@MainActor
final class LayerAnimationTests: XCTestCase {
    func testAddTakesACopy() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let animation = linearAnimation("zPosition", from: 0, to: 10)
        layer.add(animation, forKey: "z")
        animation.toValue = 1000
        animation.duration = 1
        CATransaction.flush()
        let attached = try XCTUnwrap(layer.animation(forKey: "z") as? CABasicAnimation)
        XCTAssertFalse(attached === animation, "the layer keeps its own copy")
        XCTAssertEqual(attached.toValue as? Int, 10)
        world.clock.set(105)
        XCTAssertEqual(layer.presentation()?.zPosition, 5, "later mutation of the object changes nothing on screen")
    }

    func testKeysRemovalAndReplacement() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        XCTAssertNil(layer.animationKeys())
        layer.add(linearAnimation("opacity", from: Float(0), to: Float(1)), forKey: "a")
        layer.add(linearAnimation("zPosition", from: 0, to: 1), forKey: nil)
        layer.add(linearAnimation("position.x", from: 0, to: 1), forKey: "b")
        XCTAssertEqual(layer.animationKeys(), ["a", "b"], "nil-keyed animations are attached but not listed")
        layer.add(linearAnimation("cornerRadius", from: 0, to: 1), forKey: "a")
        XCTAssertEqual(layer.animationKeys(), ["b", "a"], "the same key replaces the old animation")
        XCTAssertEqual((layer.animation(forKey: "a") as? CABasicAnimation)?.keyPath, "cornerRadius")
        layer.removeAnimation(forKey: "b")
        XCTAssertEqual(layer.animationKeys(), ["a"])
        layer.removeAnimation(forKey: "missing")
        layer.removeAllAnimations()
        XCTAssertNil(layer.animationKeys())
        XCTAssertNil(layer.animation(forKey: "a"))
        CATransaction.flush()
        world.clock.set(105)
        XCTAssertEqual(layer.presentation()?.zPosition, 0, "removeAllAnimations removes nil-keyed ones too")
    }

    func testTransitionsUseTheTransitionKey() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(CATransition(), forKey: "mine")
        XCTAssertEqual(layer.animationKeys(), [kCATransition])
    }

    func testAnimationStartsWhenItsTransactionCommits() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(linearAnimation("zPosition", from: 0, to: 10), forKey: "z")
        world.clock.set(101)
        XCTAssertEqual(layer.presentation()?.zPosition, 0, "not part of the presentation before the commit")
        CATransaction.flush()
        XCTAssertEqual(layer.animation(forKey: "z")?.beginTime, 101, "beginTime 0 becomes the layer time of the commit")
        world.clock.set(103)
        XCTAssertEqual(layer.presentation()?.zPosition, 2)
    }

    func testBadAnimationsAreRefused() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let bad = linearAnimation("zPosition", from: 0, to: 1)
        bad.beginTime = .nan
        let diagnostics = capturingDiagnostics {
            layer.add(bad, forKey: "bad")
            layer.presentation()?.add(linearAnimation("zPosition", from: 0, to: 1), forKey: "p")
            layer.add(linearAnimation("position.nonsense", from: 0, to: 1), forKey: "path")
        }
        XCTAssertEqual(diagnostics.map(\.code), [.nonFiniteValue, .invalidValue, .invalidKeyPath])
        XCTAssertEqual(layer.animationKeys(), ["path"], "an unresolvable key path is reported but kept, as Apple keeps it")
        CATransaction.flush()
        world.clock.set(105)
        let silent = capturingDiagnostics { _ = layer.presentation() }
        XCTAssertEqual(silent.count, 0, "evaluating it is silent")
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 50, y: 50))
    }

    func testAnimationsOnOneKeyPathCombineInOrder() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(linearAnimation("position.x", from: 0, to: 100), forKey: "base")
        let additive = linearAnimation("position.x", from: 0, to: 10)
        additive.isAdditive = true
        layer.add(additive, forKey: "wiggle")
        let vertical = linearAnimation("position.y", from: 0, to: 20)
        layer.add(vertical, forKey: "y")
        CATransaction.flush()
        world.clock.set(105)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 55, y: 10), "50 from the first, +5 from the additive one")
        let override = linearAnimation("position.x", from: 1000, to: 1000)
        layer.add(override, forKey: "last")
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.position.x, 1000, "a later absolute animation replaces the value")
    }

    func testSubKeyPaths() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(linearAnimation("bounds.size", from: CGSize(width: 0, height: 0), to: CGSize(width: 40, height: 20)), forKey: "size")
        layer.add(linearAnimation("transform.rotation.z", from: 0, to: CGFloat.pi), forKey: "spin")
        layer.add(linearAnimation("transform.scale", from: 1, to: 3), forKey: "grow")
        CATransaction.flush()
        world.clock.set(105)
        let presentation = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presentation.bounds, CGRect(x: 0, y: 0, width: 20, height: 10))
        let t = presentation.transform
        // rotation π/2 then uniform scale 2: m11 = 2 cos, m12 = 2 sin.
        XCTAssertEqual(t.m11, 0, accuracy: 1e-9)
        XCTAssertEqual(t.m12, 2, accuracy: 1e-9)
        XCTAssertEqual(t.m21, -2, accuracy: 1e-9)
        XCTAssertEqual(t.m33, 2, accuracy: 1e-9)
        XCTAssertEqual(layer.transform, CATransform3DIdentity)
    }

    func testPresentationLayersAreUpdatedInPlace() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(linearAnimation("opacity", from: Float(0), to: Float(1)), forKey: "fade")
        CATransaction.flush()
        let first = try XCTUnwrap(layer.presentation())
        world.clock.set(102.5)
        let second = try XCTUnwrap(layer.presentation())
        XCTAssertTrue(first === second)
        XCTAssertEqual(second.opacity, 0.25)
        XCTAssertTrue(world.root.presentation()?.sublayers?.first === second)
    }

    func testDelegateIsToldOnceEachInOrder() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let delegate = RecordingAnimationDelegate()
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 2, begin: 0)
        animation.delegate = delegate
        layer.add(animation, forKey: "z")
        CATransaction.flush()
        XCTAssertEqual(delegate.events, [])
        XCTAssertTrue(try XCTUnwrap(world.context).hasRunningAnimations)
        world.advance(to: 100.5)
        XCTAssertEqual(delegate.events, ["start"])
        world.advance(to: 101)
        XCTAssertEqual(delegate.events, ["start"])
        world.advance(to: 102)
        XCTAssertEqual(delegate.events, ["start", "stop finished"])
        XCTAssertNil(layer.animationKeys(), "removed on completion")
        XCTAssertFalse(try XCTUnwrap(world.context).hasRunningAnimations)
        world.advance(to: 110)
        XCTAssertEqual(delegate.events, ["start", "stop finished"], "never again")
        XCTAssertFalse(delegate.stopped.first?.0 === animation, "delegates get the layer's copy, as on Apple platforms")
    }

    func testStartIsToldBeforeStopWhenBothFallInOneUpdate() async {
        // A 0.5 s animation committed at 100; one update at 101 both starts and ends it.
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let delegate = RecordingAnimationDelegate()
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 0.5)
        animation.delegate = delegate
        layer.add(animation, forKey: "z")
        CATransaction.flush()
        XCTAssertEqual(delegate.events, [])
        world.advance(to: 101)
        XCTAssertEqual(delegate.events, ["start", "stop finished"])
        world.advance(to: 102)
        XCTAssertEqual(delegate.events, ["start", "stop finished"], "each once")
    }

    func testDelayedAnimationStartsLate() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let delegate = RecordingAnimationDelegate()
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 2, begin: CACurrentMediaTime() + 5)
        animation.delegate = delegate
        layer.add(animation, forKey: "z")
        CATransaction.flush()
        world.advance(to: 104)
        XCTAssertEqual(delegate.events, [])
        XCTAssertEqual(layer.presentation()?.zPosition, 0, "model value before a delayed begin (fill mode removed)")
        world.advance(to: 105)
        XCTAssertEqual(delegate.events, ["start"])
    }

    func testRemovingARunningAnimationStopsItUnfinished() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let delegate = RecordingAnimationDelegate()
        let animation = linearAnimation("zPosition", from: 0, to: 10)
        animation.delegate = delegate
        layer.add(animation, forKey: "z")
        CATransaction.flush()
        world.advance(to: 101)
        layer.removeAnimation(forKey: "z")
        XCTAssertEqual(delegate.events, ["start"], "told after the transaction, not inside the call")
        CATransaction.flush()
        XCTAssertEqual(delegate.events, ["start", "stop unfinished"])
        XCTAssertEqual(layer.presentation()?.zPosition, 0)
        world.advance(to: 200)
        XCTAssertEqual(delegate.events, ["start", "stop unfinished"])
    }

    func testAddingAndRemovingBeforeTheCommitTellsNothing() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let delegate = RecordingAnimationDelegate()
        let animation = linearAnimation("zPosition", from: 0, to: 10)
        animation.delegate = delegate
        layer.add(animation, forKey: "z")
        layer.removeAnimation(forKey: "z")
        CATransaction.flush()
        world.advance(to: 200)
        XCTAssertEqual(delegate.events, [])
    }

    func testNotRemovedOnCompletionHoldsTheFinalValue() async {
        // fillMode forwards + removedOnCompletion NO keeps the final state; the
        // delegate's animationDidStop removes it and sets the model value.
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        final class Seed004Delegate: CAAnimationDelegate {
            weak var layer: CALayer?
            var calls = 0
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                calls += 1
                layer?.removeAnimation(forKey: "circle")
                CATransaction.setDisableActions(true)  // the key has no implicit action
                layer?.zPosition = 10
            }
        }
        let delegate = Seed004Delegate()
        delegate.layer = layer
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 3)
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        animation.delegate = delegate
        layer.add(animation, forKey: "circle")
        CATransaction.flush()
        world.advance(to: 101.5)
        XCTAssertEqual(layer.presentation()?.zPosition, 5)
        world.advance(to: 103)
        XCTAssertEqual(delegate.calls, 1)
        XCTAssertNil(layer.animationKeys(), "the delegate removed it")
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.zPosition, 10)
        XCTAssertEqual(delegate.calls, 1, "removing a stopped animation does not stop it again")
    }

    func testKeptAnimationStaysListedAfterItEnds() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 1)
        animation.isRemovedOnCompletion = false
        animation.fillMode = .forwards
        layer.add(animation, forKey: "z")
        CATransaction.flush()
        world.advance(to: 150)
        XCTAssertEqual(layer.animationKeys(), ["z"])
        XCTAssertEqual(layer.presentation()?.zPosition, 10)
        XCTAssertFalse(world.context?.hasRunningAnimations ?? true, "nothing changes any more: no frames needed")
    }

    func testSeed004AnimatedProgressRedrawsThePresentationLayer() async throws {
        let world = AnimationWorld(test: self)
        let circle = ProgressCircleLayer()
        _ = world.committedSublayer(circle)
        circle.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        CATransaction.flush()
        let animation = CAKeyframeAnimation(keyPath: "progress")
        animation.values = (1...180).map { CGFloat($0) / 180 }
        animation.duration = 3
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        circle.add(animation, forKey: "circle")
        CATransaction.flush()
        ProgressCircleLayer.drawn = []
        let modelContents = circle.contents as AnyObject?
        world.clock.set(101.5)
        let presentation = try XCTUnwrap(circle.presentation())
        // 180 evenly spaced keyframes: halfway is 89.5 segments in, between 90/180 and 91/180.
        XCTAssertEqual(presentation.progress, 90.5 / 180, accuracy: 1e-9)
        XCTAssertEqual(ProgressCircleLayer.drawn.count, 1, "drawn once for this frame")
        XCTAssertEqual(ProgressCircleLayer.drawn.last ?? -1, presentation.progress, accuracy: 1e-12)
        XCTAssertFalse(presentation.contents as AnyObject? === modelContents, "the presentation layer has its own drawing")
        _ = circle.presentation()
        XCTAssertEqual(ProgressCircleLayer.drawn.count, 1, "asking again at the same time draws nothing new")
        world.clock.set(102.25)
        XCTAssertGreaterThan(circle.presentation()?.progress ?? 0, 0.74)
        XCTAssertEqual(ProgressCircleLayer.drawn.count, 2)
        XCTAssertEqual(circle.progress, 0, "the model is untouched")
        let image = try XCTUnwrap(circle.presentation()?.contents as? CGImage)
        // The arc has reached the top-left quadrant at 75 %: the stroke at angle 200° is drawn.
        let p = CGPoint(x: 20 + 14 * cos(200 * CGFloat.pi / 180), y: 20 + 14 * sin(200 * CGFloat.pi / 180))
        XCTAssertGreaterThan(image.pixel(x: Int(p.x), y: Int(p.y))?.alpha ?? 0, 0)
    }

    func testSpringAnimationFollowsTheClosedForm() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 100
        spring.duration = spring.settlingDuration
        layer.add(spring, forKey: "spring")
        CATransaction.flush()
        // mass 1, stiffness 100, damping 10: ω0 = 10, ζ = 0.5, under-damped, at rest at t = 0.
        let omega0 = 10.0, zeta = 0.5
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        for t in [0.05, 0.3, 0.6, 1.2] {
            world.clock.set(100 + t)
            let expected = 100 * (1 - exp(-zeta * omega0 * t) * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t)))
            XCTAssertEqual(Double(try XCTUnwrap(layer.presentation()).position.x), expected, accuracy: 1e-9, "t = \(t)")
        }
    }

    func testGroupChildrenRunInTheGroupsTime() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.zPosition = 50
        CATransaction.flush()
        let late = linearAnimation("zPosition", from: 0, to: 10, duration: 2, begin: 1)
        let whole = linearAnimation("opacity", from: Float(0), to: Float(1), duration: 4)
        let group = CAAnimationGroup()
        group.animations = [late, whole]
        group.duration = 4
        group.speed = 2
        layer.add(group, forKey: "group")
        CATransaction.flush()
        world.clock.set(100.25)  // group time 0.5: the late child has not begun
        XCTAssertEqual(layer.presentation()?.zPosition, 50)
        XCTAssertEqual(layer.presentation()?.opacity, 0.125)
        world.clock.set(101)  // group time 2: the late child is halfway
        XCTAssertEqual(layer.presentation()?.zPosition, 5)
        XCTAssertEqual(layer.presentation()?.opacity, 0.5)
        world.clock.set(102.5)  // the group is over
        XCTAssertEqual(layer.presentation()?.zPosition, 50)
        XCTAssertEqual(layer.presentation()?.opacity, 1)
    }

    func testAGroupHoldingItsEndKeepsTheEndValuesOfTheChildrenThatEndWithIt() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.zPosition = 50
        CATransaction.flush()
        // The children keep the default fill mode (removed); only the group holds its end.
        let short = linearAnimation("zPosition", from: 0, to: 10, duration: 1)
        let whole = linearAnimation("opacity", from: Float(1), to: Float(0.25), duration: 2)
        let group = CAAnimationGroup()
        group.animations = [short, whole]
        group.duration = 2
        group.fillMode = .forwards
        group.isRemovedOnCompletion = false
        layer.add(group, forKey: "group")
        CATransaction.flush()
        world.clock.set(101.5)  // group time 1.5: the short child is over, the whole one at 3/4
        XCTAssertEqual(layer.presentation()?.zPosition, 50, "a child that ended inside the group leaves")
        XCTAssertEqual(layer.presentation()?.opacity, 0.4375)
        world.clock.set(105)  // long after the group's end
        XCTAssertEqual(layer.presentation()?.opacity, 0.25, "the child that ends with the group keeps its end value")
        XCTAssertEqual(layer.presentation()?.zPosition, 50)
    }

    func testBooleansChangeDiscretely() async {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(linearAnimation("hidden", from: false, to: true, duration: 2), forKey: "hide")
        CATransaction.flush()
        world.clock.set(100.9)
        XCTAssertEqual(layer.presentation()?.isHidden, false)
        world.clock.set(101.1)
        XCTAssertEqual(layer.presentation()?.isHidden, true, "switches halfway, never a number")
    }
}
