import UIKit

/// A ripple grown and faded by an animation group its delegate cleans up, and a cube transition.

final class RippleLayer: CAShapeLayer, CAAnimationDelegate {
    func ripple(at point: CGPoint, in host: CALayer) {
        let ring = CAShapeLayer()
        ring.path = UIBezierPath(ovalIn: CGRect(x: -20, y: -20, width: 40, height: 40)).cgPath
        ring.position = point
        ring.fillColor = UIColor.systemTeal.withAlphaComponent(0.3).cgColor
        host.addSublayer(ring)

        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 0.2
        grow.toValue = 3
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [grow, fade]
        group.duration = 0.6
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        group.delegate = self
        group.setValue(ring, forKey: "ring")
        ring.add(group, forKey: "ripple")
        ring.opacity = 0
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        (anim.value(forKey: "ring") as? CALayer)?.removeFromSuperlayer()
    }
}

func crossfade(_ layer: CALayer, to image: CGImage) {
    let transition = CATransition()
    transition.type = CATransitionType(rawValue: "cube")
    transition.subtype = .fromRight
    transition.duration = 0.5
    layer.add(transition, forKey: kCATransition)
    layer.contents = image
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.5)
    CATransaction.setCompletionBlock { layer.removeAllAnimations() }
    layer.backgroundColor = UIColor.systemIndigo.cgColor
    CATransaction.commit()
    CATransaction.flush()
    print(layer.animationKeys() ?? [])
    if let angle = layer.presentation()?.value(forKeyPath: "transform.rotation") as? CGFloat { print(angle) }
    let local = layer.convert(CGPoint(x: 5, y: 5), to: layer.superlayer)
    _ = layer.hitTest(local)
    _ = layer.contains(CGPoint(x: 1, y: 1))
}
