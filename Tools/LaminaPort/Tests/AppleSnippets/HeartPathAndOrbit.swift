import UIKit

/// A heart drawn with UIBezierPath curves and arcs, a layer orbiting along an ellipse, and a path morph.
func heartPath(in rect: CGRect) -> CGPath {
    let path = UIBezierPath()
    path.move(to: CGPoint(x: rect.midX, y: rect.maxY))
    path.addCurve(to: CGPoint(x: rect.minX, y: rect.height / 4),
                  controlPoint1: CGPoint(x: rect.midX, y: rect.height * 3 / 4),
                  controlPoint2: CGPoint(x: rect.minX, y: rect.midY))
    path.addArc(withCenter: CGPoint(x: rect.width / 4, y: rect.height / 4), radius: rect.width / 4,
                startAngle: .pi, endAngle: 0, clockwise: true)
    path.addArc(withCenter: CGPoint(x: rect.width * 3 / 4, y: rect.height / 4), radius: rect.width / 4,
                startAngle: .pi, endAngle: 0, clockwise: true)
    path.addCurve(to: CGPoint(x: rect.midX, y: rect.maxY),
                  controlPoint1: CGPoint(x: rect.maxX, y: rect.midY),
                  controlPoint2: CGPoint(x: rect.midX, y: rect.height * 3 / 4))
    path.close()
    return path.cgPath
}

func followPath(_ layer: CALayer) {
    let orbit = CAKeyframeAnimation(keyPath: "position")
    orbit.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 200, height: 200), transform: nil)
    orbit.duration = 4
    orbit.calculationMode = .paced
    orbit.rotationMode = .rotateAuto
    orbit.repeatCount = .infinity
    layer.add(orbit, forKey: "orbit")
}

func morph(_ shape: CAShapeLayer, to rect: CGRect) {
    let animation = CABasicAnimation(keyPath: "path")
    animation.fromValue = shape.path
    animation.toValue = UIBezierPath(roundedRect: rect, cornerRadius: 20).cgPath
    animation.duration = 0.5
    shape.path = UIBezierPath(roundedRect: rect, cornerRadius: 20).cgPath
    shape.add(animation, forKey: "path")
}
