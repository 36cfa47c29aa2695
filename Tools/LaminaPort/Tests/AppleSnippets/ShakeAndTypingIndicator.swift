import UIKit

/// A horizontal shake by keyframes, and a replicated three-dot typing indicator.

func shake(_ layer: CALayer) {
    let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
    animation.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.linear)
    animation.duration = 0.6
    animation.values = [-20.0, 20.0, -20.0, 20.0, -10.0, 10.0, -5.0, 5.0, 0.0]
    layer.add(animation, forKey: "shake")
}

func makeTypingIndicator() -> CAReplicatorLayer {
    let replicator = CAReplicatorLayer()
    replicator.frame = CGRect(x: 0, y: 0, width: 60, height: 20)

    let dot = CALayer()
    dot.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
    dot.cornerRadius = 5
    dot.backgroundColor = UIColor.lightGray.cgColor
    replicator.addSublayer(dot)
    replicator.instanceCount = 3
    replicator.instanceTransform = CATransform3DMakeTranslation(18, 0, 0)
    replicator.instanceDelay = 0.2

    let bounce = CABasicAnimation(keyPath: "transform.scale")
    bounce.fromValue = 1.0
    bounce.toValue = 0.5
    bounce.duration = 0.6
    bounce.autoreverses = true
    bounce.repeatCount = .infinity
    dot.add(bounce, forKey: nil)
    return replicator
}
