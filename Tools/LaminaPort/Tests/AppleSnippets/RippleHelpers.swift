import UIKit

/// Helpers that add a fading ripple ring to any view and dim it, called from a view controller
/// on its own view.

func addRippleRing(to referenceView: UIView, color: UIColor) {
    let ripple = CAShapeLayer()
    ripple.path = UIBezierPath(ovalIn: referenceView.bounds).cgPath
    ripple.fillColor = UIColor.clear.cgColor
    ripple.strokeColor = color.cgColor
    ripple.lineWidth = 2
    ripple.bounds = referenceView.bounds
    ripple.position = CGPoint(x: referenceView.bounds.midX, y: referenceView.bounds.midY)
    referenceView.layer.addSublayer(ripple)

    let grow = CABasicAnimation(keyPath: "transform.scale")
    grow.fromValue = 1
    grow.toValue = 2
    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0
    let group = CAAnimationGroup()
    group.animations = [grow, fade]
    group.duration = 0.7
    group.repeatCount = .infinity
    ripple.add(group, forKey: "ripple")
    dimRippleHost(referenceView)
}

func dimRippleHost(_ target: UIView) {
    target.alpha = 0.9
}

final class RippleDemoViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        addRippleRing(to: view, color: .systemBlue)
    }
}
