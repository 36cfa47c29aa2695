import QuartzCore
import TestSupport
import XCTest

/// A test's animation world: a manual media clock (restored to the system clock when the
/// test ends) and, when asked for, a displayed tree (a root with a render context).
@MainActor
final class AnimationWorld {
    let clock: CAManualMediaClock
    let root = CALayer()
    private(set) var context: CARenderContext?

    init(test: XCTestCase, start: CFTimeInterval = 100, displayed: Bool = false) {
        CATransaction.flush()
        clock = test.useManualMediaClock(start: start)
        root.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        if displayed { context = CARenderContext(rootLayer: root) }
        test.addTeardownBlock { @MainActor in CATransaction.flush() }
    }

    /// A committed sublayer of the root.
    func committedSublayer(_ layer: CALayer = CALayer()) -> CALayer {
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 50, y: 50)
        root.addSublayer(layer)
        CATransaction.flush()
        return layer
    }

    /// Moves the clock to `time` and advances the displayed tree's animations there.
    func advance(to time: CFTimeInterval) {
        clock.set(time)
        context?.advanceAnimations(to: time)
    }
}

/// Records the calls an animation delegate receives.
final class RecordingAnimationDelegate: CAAnimationDelegate {
    var events: [String] = []
    var stopped: [(CAAnimation, Bool)] = []
    let name: String
    var log: ((String) -> Void)?

    init(_ name: String = "animation", log: ((String) -> Void)? = nil) {
        self.name = name
        self.log = log
    }

    func animationDidStart(_ anim: CAAnimation) {
        events.append("start")
        log?("\(name) start")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append(flag ? "stop finished" : "stop unfinished")
        stopped.append((anim, flag))
        log?("\(name) stop \(flag)")
    }
}

/// A linear basic animation of `keyPath` from `from` to `to` lasting `duration` seconds.
@MainActor
func linearAnimation(_ keyPath: String, from: Any?, to: Any?, duration: CFTimeInterval = 10, begin: CFTimeInterval = 0) -> CABasicAnimation {
    let animation = CABasicAnimation(keyPath: keyPath)
    animation.fromValue = from
    animation.toValue = to
    animation.duration = duration
    animation.beginTime = begin
    return animation
}
