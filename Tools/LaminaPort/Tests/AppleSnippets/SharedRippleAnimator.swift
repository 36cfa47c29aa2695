import UIKit

/// A ripple animator shared by the app, with settings kept as static state (Swift 5 style).
final class SharedRippleAnimator {
    static let shared = SharedRippleAnimator()
    static var rippleDuration: CFTimeInterval = 0.6
    static var rippleColor = UIColor.white.withAlphaComponent(0.4).cgColor
    private static var activeRipples = 0

    func ripple(in layer: CALayer, at point: CGPoint) {
        SharedRippleAnimator.activeRipples += 1
        let ring = CAShapeLayer()
        ring.path = UIBezierPath(ovalIn: CGRect(x: -20, y: -20, width: 40, height: 40)).cgPath
        ring.position = point
        ring.fillColor = nil
        ring.strokeColor = SharedRippleAnimator.rippleColor
        layer.addSublayer(ring)
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            ring.removeFromSuperlayer()
            SharedRippleAnimator.activeRipples -= 1
        }
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.fromValue = 1
        grow.toValue = 4
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [grow, fade]
        group.duration = SharedRippleAnimator.rippleDuration
        ring.add(group, forKey: "ripple")
        ring.opacity = 0
        CATransaction.commit()
    }
}
