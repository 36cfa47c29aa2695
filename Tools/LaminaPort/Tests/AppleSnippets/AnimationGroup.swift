import UIKit

/// A pop-in that scales, fades and rises together, starting a little later.
final class PopInAnimator: NSObject, CAAnimationDelegate {
    private(set) var finished = false

    func popIn(_ layer: CALayer) {
        let scale = CABasicAnimation(keyPath: "transform.scale")
        scale.fromValue = 0.3
        scale.toValue = 1
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        let rise = CABasicAnimation(keyPath: "position.y")
        rise.byValue = -20

        let group = CAAnimationGroup()
        group.animations = [scale, fade, rise]
        group.duration = 0.35
        group.beginTime = CACurrentMediaTime() + 0.2
        group.fillMode = .backwards
        group.isRemovedOnCompletion = true
        group.delegate = self
        group.setValue("popIn", forKey: "name")
        layer.add(group, forKey: "popIn")
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if anim.value(forKey: "name") as? String == "popIn" {
            finished = flag
        }
    }
}
