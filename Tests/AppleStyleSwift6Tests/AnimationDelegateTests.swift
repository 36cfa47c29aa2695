import Foundation
import QuartzCore
import TestSupport
import XCTest

// Animation delegates as iOS and macOS code writes them: an object that logs starts and
// stops and tells animations apart by a tag set with key-value coding, and a controller
// that removes a layer once its fade-out ends.

/// Records what its animations report, in order.
final class AnimationLog: NSObject, CAAnimationDelegate {
    private(set) var events: [String] = []

    func animationDidStart(_ anim: CAAnimation) {
        events.append("start \(anim.value(forKey: "name") as? String ?? "?")")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        events.append("stop \(anim.value(forKey: "name") as? String ?? "?") \(flag ? "finished" : "removed")")
    }
}

/// Fades a layer out and takes it off screen when the fade has finished.
final class DismissController: NSObject, CAAnimationDelegate {
    private let layer: CALayer
    private let onDismissed: () -> Void

    init(layer: CALayer, onDismissed: @escaping () -> Void) {
        self.layer = layer
        self.onDismissed = onDismissed
    }

    func dismiss() {
        let fade = Animations.fadeOut()
        fade.delegate = self
        layer.add(fade, forKey: "dismiss")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag else { return }
        layer.removeFromSuperlayer()
        onDismissed()
    }
}

/// Tells its two animations apart by comparing the one that started with the layer's
/// animation for each key, as `NSObject`'s `isEqual(_:)` does.
final class ShrinkThenExpand: NSObject, CAAnimationDelegate {
    private let layer: CALayer
    private(set) var events: [String] = []

    init(layer: CALayer) {
        self.layer = layer
    }

    func animationDidStart(_ anim: CAAnimation) {
        if anim.isEqual(layer.animation(forKey: "shrink")) {
            events.append("shrink started")
        } else if anim.isEqual(layer.animation(forKey: "expand")) {
            events.append("expand started")
        } else {
            events.append("unknown started")
        }
    }
}

/// The delegates are called on the main thread, where a main-actor test reads what they saw.
@MainActor
final class AnimationDelegateTests: XCTestCase {
    func testTheDelegateHearsTheStartThenTheStop() async {
        let window = WindowStandIn()
        defer { window.close() }
        let log = AnimationLog()
        let layer = CALayer()
        let pulse = makePulse()
        pulse.repeatCount = 1
        pulse.autoreverses = false
        pulse.setValue("pulse", forKey: "name")
        pulse.delegate = log
        CATransaction.begin()
        window.rootLayer.addSublayer(layer)
        layer.add(pulse, forKey: "pulse")
        CATransaction.commit()
        XCTAssertEqual(log.events, [])
        window.advance(by: 0)
        XCTAssertEqual(log.events, ["start pulse"])
        window.advance(by: 0.5)
        XCTAssertEqual(log.events, ["start pulse"])
        window.advance(by: 0.1)
        XCTAssertEqual(log.events, ["start pulse", "stop pulse finished"])
        XCTAssertNil(layer.animation(forKey: "pulse"))
    }

    func testRemovingAnAnimationStopsItUnfinished() async {
        let window = WindowStandIn()
        defer { window.close() }
        let log = AnimationLog()
        let layer = CALayer()
        let spin = Animations.spin()
        spin.setValue("spin", forKey: "name")
        spin.delegate = log
        CATransaction.begin()
        window.rootLayer.addSublayer(layer)
        layer.add(spin, forKey: "spin")
        CATransaction.commit()
        window.advance(by: 10)
        CATransaction.begin()
        layer.removeAnimation(forKey: "spin")
        CATransaction.commit()
        XCTAssertEqual(log.events, ["start spin", "stop spin removed"])
    }

    func testADelegateRemovesItsLayerWhenTheFadeEnds() async {
        let window = WindowStandIn()
        defer { window.close() }
        let toast = CALayer()
        CATransaction.begin()
        window.rootLayer.addSublayer(toast)
        CATransaction.commit()
        let dismissed = expectation(description: "dismissed")
        let controller = DismissController(layer: toast) { dismissed.fulfill() }
        CATransaction.begin()
        controller.dismiss()
        CATransaction.commit()
        window.advance(by: 0.2)
        XCTAssertEqual(window.rootLayer.sublayers?.count, 1, "still fading")
        XCTAssertEqual(toast.presentation()?.opacity ?? -1, 1 - 0.2 / 0.3, accuracy: 1e-5)
        window.advance(by: 0.1)
        await fulfillment(of: [dismissed], timeout: 10)
        XCTAssertNil(toast.superlayer)
        XCTAssertEqual(window.rootLayer.sublayers?.count ?? 0, 0)
    }

    func testADelegateTellsItsAnimationsApartWithIsEqual() async {
        let window = WindowStandIn()
        defer { window.close() }
        let button = CALayer()
        let delegate = ShrinkThenExpand(layer: button)
        let shrink = CABasicAnimation(keyPath: "cornerRadius")
        shrink.toValue = 4
        shrink.duration = 0.2
        shrink.delegate = delegate
        let expand = CABasicAnimation(keyPath: "bounds.size.width")
        expand.toValue = 200
        expand.beginTime = CACurrentMediaTime() + 0.5
        expand.duration = 0.2
        expand.delegate = delegate
        CATransaction.begin()
        window.rootLayer.addSublayer(button)
        button.add(shrink, forKey: "shrink")
        button.add(expand, forKey: "expand")
        CATransaction.commit()
        window.advance(by: 0)
        XCTAssertEqual(delegate.events, ["shrink started"])
        window.advance(by: 0.6)
        XCTAssertEqual(delegate.events, ["shrink started", "expand started"])
        XCTAssertFalse(shrink.isEqual(button.animation(forKey: "shrink")), "the layer keeps a copy")
    }
}
