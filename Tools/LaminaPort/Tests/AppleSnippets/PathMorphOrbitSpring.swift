import UIKit

/// A shape's path morphed, a layer sent round a circle rotating with it, and a spring pop.

func morphToCapsule(_ shape: CAShapeLayer, in rect: CGRect) {
    let morph = CABasicAnimation(keyPath: "path")
    morph.fromValue = shape.path
    morph.toValue = UIBezierPath(roundedRect: rect, cornerRadius: rect.height / 2).cgPath
    morph.duration = 0.4
    morph.timingFunction = CAMediaTimingFunction(controlPoints: 0.2, 0.8, 0.4, 1)
    morph.fillMode = CAMediaTimingFillMode.both
    morph.isRemovedOnCompletion = false
    shape.add(morph, forKey: "morph")
}

func orbit(_ satellite: CALayer, around center: CGPoint, radius: CGFloat) {
    let orbit = CAKeyframeAnimation(keyPath: "position")
    orbit.path = UIBezierPath(arcCenter: center, radius: radius, startAngle: 0, endAngle: .pi * 2, clockwise: true).cgPath
    orbit.calculationMode = .paced
    orbit.rotationMode = .rotateAuto
    orbit.duration = 4
    orbit.repeatCount = .infinity
    satellite.add(orbit, forKey: "orbit")
}

func springPop(_ layer: CALayer) {
    let spring = CASpringAnimation(keyPath: "transform.scale")
    spring.fromValue = 0.6
    spring.toValue = 1
    spring.damping = 8
    spring.stiffness = 120
    spring.mass = 1
    spring.initialVelocity = 4
    spring.duration = spring.settlingDuration
    layer.add(spring, forKey: nil)
}
