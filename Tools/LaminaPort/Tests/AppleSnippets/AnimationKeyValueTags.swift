import UIKit

/// An animation tagged with key-value pairs that its delegate reads back when it stops.

final class FadeCoordinator: NSObject, CAAnimationDelegate {
    private let layer: CALayer

    init(layer: CALayer) {
        self.layer = layer
        super.init()
    }

    func fadeOut() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.35
        fade.timingFunction = CAMediaTimingFunction(name: .easeIn)
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        fade.delegate = self
        fade.setValue("fadeOut", forKey: "animationID")
        fade.setValue(layer, forKey: "targetLayer")
        layer.add(fade, forKey: "fade")
    }

    func animationDidStart(_ anim: CAAnimation) {}

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, let id = anim.value(forKey: "animationID") as? String, id == "fadeOut" else { return }
        if let target = anim.value(forKey: "targetLayer") as? CALayer {
            target.opacity = 0
            target.removeAnimation(forKey: "fade")
        }
    }
}
