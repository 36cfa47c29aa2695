import UIKit

/// Helper functions taking the paths they shape and animate, called with paths built in place
/// and with shapes made in the call.
func makeShapeLayer(path: UIBezierPath, fill: UIColor) -> CAShapeLayer {
    let shape = CAShapeLayer()
    shape.path = path.cgPath
    shape.bounds = path.bounds
    shape.fillColor = fill.cgColor
    return shape
}

func animatePath(of shape: CAShapeLayer, to path: UIBezierPath, duration: CFTimeInterval) {
    let animation = CABasicAnimation(keyPath: "path")
    animation.fromValue = shape.path
    animation.toValue = path.cgPath
    animation.duration = duration
    animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    shape.path = path.cgPath
    shape.add(animation, forKey: "path")
}

func pulsingBadge() -> CAShapeLayer {
    let small = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 20, height: 20))
    let badge = makeShapeLayer(path: small, fill: .systemRed)
    animatePath(of: badge, to: UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 40, height: 40)), duration: 0.5)
    return badge
}
