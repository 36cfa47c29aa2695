import QuartzCore
import TestSupport
import XCTest

/// The hierarchical timing model on layers — each layer maps its superlayer's time
/// to its own (`t = (tp − begin) × speed + offset`), for itself and every animation beneath.
/// All values at chosen media times of a manual clock; no sleeping.
@MainActor
final class LayerTimingTests: XCTestCase {
    func testLayerTimingDefaults() async {
        let layer = CALayer()
        XCTAssertEqual(layer.beginTime, 0)
        XCTAssertEqual(layer.timeOffset, 0)
        XCTAssertEqual(layer.repeatCount, 0)
        XCTAssertEqual(layer.repeatDuration, 0)
        XCTAssertEqual(layer.duration, 0)
        XCTAssertEqual(layer.speed, 1)
        XCTAssertFalse(layer.autoreverses)
        XCTAssertEqual(layer.fillMode, .removed)
        XCTAssertEqual(layer.value(forKey: "speed") as? Float, 1)
        layer.setValue(2.5, forKey: "speed")
        XCTAssertEqual(layer.speed, 2.5)
    }

    func testConvertTimeThroughTheHierarchy() async {
        // t = (tp − begin) × speed + offset, layer by layer.
        let root = CALayer(), child = CALayer(), grandchild = CALayer(), sibling = CALayer()
        root.addSublayer(child)
        root.addSublayer(sibling)
        child.addSublayer(grandchild)
        child.beginTime = 1
        child.speed = 2
        child.timeOffset = 0.5
        grandchild.speed = 0.5
        sibling.beginTime = 4
        XCTAssertEqual(root.convertTime(10, from: nil), 10)
        XCTAssertEqual(child.convertTime(10, from: nil), 18.5)  // (10 − 1) × 2 + 0.5
        XCTAssertEqual(grandchild.convertTime(10, from: nil), 9.25)  // 18.5 × 0.5
        XCTAssertEqual(grandchild.convertTime(9.25, to: nil), 10, accuracy: 1e-12)
        XCTAssertEqual(child.convertTime(9.25, from: grandchild), 18.5, accuracy: 1e-12)
        XCTAssertEqual(sibling.convertTime(18.5, from: child), 6, accuracy: 1e-12)  // media 10 − 4
        XCTAssertEqual(child.convertTime(6, to: sibling), -0.25, accuracy: 1e-12)  // media (6 − 0.5) / 2 + 1 = 3.75
    }

    func testBadLayerTimingIsRefused() async {
        let layer = CALayer()
        let diagnostics = capturingDiagnostics {
            layer.speed = .nan
            layer.beginTime = .infinity
            layer.duration = -1
            layer.repeatCount = -2
        }
        XCTAssertEqual(diagnostics.count, 4)
        XCTAssertEqual(layer.speed, 1)
        XCTAssertEqual(layer.beginTime, 0)
        XCTAssertEqual(layer.duration, 0)
        XCTAssertEqual(layer.repeatCount, 0)
    }

    /// A committed standalone layer with an explicit animation of `zPosition` (model 50).
    private func animatedLayer(_ world: AnimationWorld, _ configure: (CABasicAnimation) -> Void) -> CALayer {
        clock = world.clock
        let layer = world.committedSublayer()
        layer.zPosition = 50
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 2, begin: 105)
        configure(animation)
        layer.add(animation, forKey: "z")
        CATransaction.flush()
        return layer
    }

    /// The clock of the world the latest ``animatedLayer(_:_:)`` was made in.
    private var clock: CAManualMediaClock?

    private func z(_ layer: CALayer, at time: CFTimeInterval) -> CGFloat? {
        clock?.set(time)
        return layer.presentation()?.zPosition
    }

    func testEveryFillModeBeforeDuringAndAfter() async {
        // Removed / forwards / backwards / both, outside the active period.
        let expectations: [(CAMediaTimingFillMode, before: CGFloat, after: CGFloat)] = [
            (.removed, 50, 50), (.forwards, 50, 10), (.backwards, 0, 50), (.both, 0, 10),
        ]
        for (mode, before, after) in expectations {
            let world = AnimationWorld(test: self)
            let layer = animatedLayer(world) { $0.fillMode = mode }
            XCTAssertEqual(z(layer, at: 104), before, "\(mode.rawValue) before")
            XCTAssertEqual(z(layer, at: 105), 0, "\(mode.rawValue) at begin")
            XCTAssertEqual(z(layer, at: 106), 5, "\(mode.rawValue) midway")
            XCTAssertEqual(z(layer, at: 108), after, "\(mode.rawValue) after")
            XCTAssertEqual(layer.zPosition, 50, "the model never changes")
        }
    }

    func testFractionalRepeatCount() async {
        let world = AnimationWorld(test: self)
        let layer = animatedLayer(world) {
            $0.repeatCount = 1.5
            $0.fillMode = .forwards
        }
        XCTAssertEqual(z(layer, at: 106.5), 7.5)
        XCTAssertEqual(z(layer, at: 107.5), 2.5, "second iteration restarts from the start")
        XCTAssertEqual(z(layer, at: 108), 5, "ends halfway through the second iteration and holds")
        XCTAssertEqual(z(layer, at: 200), 5)
    }

    func testInfiniteRepeatAndRepeatDuration() async {
        let world = AnimationWorld(test: self)
        let forever = animatedLayer(world) { $0.repeatCount = .infinity }
        XCTAssertEqual(z(forever, at: 105 + 2 * 1000 + 0.5), 2.5)
        let world2 = AnimationWorld(test: self)
        let limited = animatedLayer(world2) { $0.repeatDuration = 3 }
        XCTAssertEqual(z(limited, at: 107.5), 2.5)
        XCTAssertEqual(z(limited, at: 108.5), 50, "repeatDuration 3 s is over; fill mode removed")
    }

    func testAutoreverses() async {
        let world = AnimationWorld(test: self)
        let layer = animatedLayer(world) {
            $0.autoreverses = true
            $0.fillMode = .forwards
        }
        XCTAssertEqual(z(layer, at: 106), 5)
        XCTAssertEqual(z(layer, at: 107), 10)
        XCTAssertEqual(z(layer, at: 108), 5, "on the way back")
        XCTAssertEqual(z(layer, at: 109), 0, "ends where it started")
        XCTAssertEqual(z(layer, at: 120), 0)
    }

    func testAnimationSpeedAndTimeOffset() async {
        let world = AnimationWorld(test: self)
        let layer = animatedLayer(world) {
            $0.speed = 2
            $0.timeOffset = 0.5
            $0.fillMode = .forwards
        }
        // local = (t − 105) × 2 + 0.5, wrapped within the 2 s active duration (Apple's
        // wrap-around of an offset, seen in its renders): the run starts a quarter in, reaches
        // the end at 105.75, starts over and stops at 106 where it started.
        XCTAssertEqual(z(layer, at: 105), 2.5)
        XCTAssertEqual(z(layer, at: 105.5), 7.5)
        XCTAssertEqual(z(layer, at: 105.75), 0)
        XCTAssertEqual(z(layer, at: 105.875), 1.25)
        // Held after the end where the run stopped (Apple documents no value here; this is the
        // one a continuous run reaches).
        XCTAssertEqual(z(layer, at: 107), 2.5)
    }

    func testAnOffsetAnimationUnderAPausedAncestorWrapsWithinItsActiveDuration() async {
        // Apple's render: a 1 s animation with timeOffset 0.5, 0.8 s into its active time under
        // an ancestor paused by speed 0 and timeOffset, shows 0.3 of the way.
        let world = AnimationWorld(test: self)
        let parent = world.committedSublayer()
        parent.speed = 0
        parent.timeOffset = 0.8
        let child = CALayer()
        child.zPosition = 50
        parent.addSublayer(child)
        CATransaction.flush()
        let animation = linearAnimation("zPosition", from: 0, to: 10, duration: 1, begin: -1e-9)
        animation.timeOffset = 0.5
        animation.fillMode = .both
        child.add(animation, forKey: "z")
        CATransaction.flush()
        XCTAssertEqual(Double(child.presentation()?.zPosition ?? -1), 3, accuracy: 1e-6)
        parent.timeOffset = 0.2
        CATransaction.flush()
        XCTAssertEqual(Double(child.presentation()?.zPosition ?? -1), 7, accuracy: 1e-6)
        // The offset does not move the active span: with its fill removed, the animation is
        // over 1 s after it began, although its local time would only reach 1 at 0.5.
        animation.fillMode = .removed
        child.add(animation, forKey: "z")
        parent.timeOffset = 1.2
        CATransaction.flush()
        XCTAssertEqual(child.presentation()?.zPosition, 50)
    }

    func testLayerSpeedScalesEveryAnimationBeneath() async {
        let world = AnimationWorld(test: self)
        let parent = world.committedSublayer()
        parent.speed = 2
        parent.beginTime = 100  // parent local time = (t − 100) × 2
        let child = CALayer()
        parent.addSublayer(child)
        CATransaction.flush()
        // beginTime 0: starts at the commit, in the child's local time ((100 − 100) × 2 = 0).
        child.add(linearAnimation("opacity", from: Float(0), to: Float(1), duration: 4), forKey: "fade")
        CATransaction.flush()
        XCTAssertEqual(child.animation(forKey: "fade")?.beginTime, 0)
        world.clock.set(101)
        XCTAssertEqual(child.presentation()?.opacity, 0.5, "1 s of media time is 2 s of the parent's time")
        world.clock.set(101.5)
        XCTAssertEqual(child.presentation()?.opacity, 0.75)
    }

    func testPausingAndResumingASubtree() async {
        // speed 0 with a suitable timeOffset pauses a layer and everything beneath.
        let world = AnimationWorld(test: self)
        let parent = world.committedSublayer()
        let child = CALayer()
        parent.addSublayer(child)
        CATransaction.flush()
        child.add(linearAnimation("zPosition", from: 0, to: 100, duration: 10), forKey: "z")
        CATransaction.flush()
        world.clock.set(103)
        XCTAssertEqual(child.presentation()?.zPosition, 30)

        let pausedTime = parent.convertTime(CACurrentMediaTime(), from: nil)
        parent.speed = 0
        parent.timeOffset = pausedTime
        CATransaction.flush()
        world.clock.set(110)
        XCTAssertEqual(child.presentation()?.zPosition, 30, "paused")

        // Apple's resume recipe.
        parent.speed = 1
        parent.timeOffset = 0
        parent.beginTime = 0
        parent.beginTime = parent.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        CATransaction.flush()
        XCTAssertEqual(child.presentation()?.zPosition, 30)
        world.clock.set(112)
        XCTAssertEqual(child.presentation()?.zPosition, 50)
    }

    func testLayerWithADurationLoopsItsSubtreeTime() async {
        let world = AnimationWorld(test: self)
        let parent = world.committedSublayer()
        parent.beginTime = 100
        parent.duration = 2
        parent.repeatCount = .infinity
        let child = CALayer()
        parent.addSublayer(child)
        CATransaction.flush()
        child.add(linearAnimation("zPosition", from: 0, to: 10, duration: 2, begin: 0), forKey: "z")
        CATransaction.flush()
        world.clock.set(101)
        XCTAssertEqual(child.presentation()?.zPosition, 5)
        world.clock.set(105.5)
        XCTAssertEqual(child.presentation()?.zPosition, 7.5, "the parent's time repeats every 2 s")
    }
}

/// A frame or an input event is handled at one media time: inside
/// `CARenderContext.withPresentationTime(_:_:)` every `presentation()` shows the tree at that
/// time, however the clock moves meanwhile.
@MainActor
final class PinnedPresentationTimeTests: XCTestCase {
    func testPresentationInsideAnEventIsEvaluatedAtTheEventsTime() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 0
        move.toValue = 100
        move.duration = 10
        layer.add(move, forKey: "move")
        CATransaction.flush()  // begins at 100 (the world's start time)
        guard let context = world.context else { return XCTFail("a displayed world has a context") }
        context.withPresentationTime(102) {
            XCTAssertEqual(layer.presentation()?.position.x ?? .nan, 20, accuracy: 1e-9, "2 s of 10: a fifth of the way")
            world.clock.set(105)
            XCTAssertEqual(layer.presentation()?.position.x ?? .nan, 20, accuracy: 1e-9, "still the event's time")
            context.withPresentationTime(104) {
                XCTAssertEqual(layer.presentation()?.position.x ?? .nan, 40, accuracy: 1e-9, "the innermost time wins")
            }
            XCTAssertEqual(layer.presentation()?.position.x ?? .nan, 20, accuracy: 1e-9)
        }
        XCTAssertEqual(layer.presentation()?.position.x ?? .nan, 50, accuracy: 1e-9, "outside: the clock's time (105)")
    }
}
