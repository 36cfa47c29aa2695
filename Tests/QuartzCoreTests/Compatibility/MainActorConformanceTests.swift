import QuartzCore
import TestSupport
import XCTest

/// A controller isolated to the main actor, as view controllers are, conforming to the
/// layer protocols with isolated conformances (`@MainActor CALayerDelegate`): the
/// one-word edit Swift 6 asks of such classes, since the protocols are not main-actor
/// isolated.
@MainActor
private final class MainActorController: @MainActor CALayerDelegate, @MainActor CAAnimationDelegate {
    var drawn = 0
    var stops: [Bool] = []

    func draw(_ layer: CALayer, in ctx: CGContext) {
        drawn += 1
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        stops.append(flag)
    }
}

@MainActor
final class MainActorConformanceTests: XCTestCase {
    func testAMainActorDelegateDrawsTheLayerAndHearsItsAnimationsStop() async {
        let world = AnimationWorld(test: self, displayed: true)
        let controller = MainActorController()
        let layer = world.committedSublayer()
        layer.delegate = controller
        layer.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(controller.drawn, 1, "the display pass asked the delegate to draw")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.duration = 1
        fade.delegate = controller
        layer.add(fade, forKey: "fade")
        CATransaction.flush()
        world.advance(to: 102)
        XCTAssertEqual(controller.stops, [true], "told once, finished")
    }
}
