import UIKit

/// A loading dot and a badge styled with UIKit's colours and paths, as iOS samples do.
func makeBadge(in bounds: CGRect) -> CAShapeLayer {
    let badge = CAShapeLayer()
    badge.frame = bounds
    badge.path = UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).cgPath
    badge.fillColor = UIColor.red.cgColor
    badge.strokeColor = UIColor.white.cgColor
    badge.lineWidth = 2
    badge.shadowColor = UIColor.black.withAlphaComponent(0.3).cgColor
    badge.shadowPath = UIBezierPath(rect: bounds).cgPath
    badge.backgroundColor = UIColor.clear.cgColor

    let pulse = CABasicAnimation(keyPath: "fillColor")
    pulse.fromValue = UIColor.red.cgColor
    pulse.toValue = UIColor(red: 1, green: 0.4, blue: 0.4, alpha: 1).cgColor
    pulse.duration = 0.6
    pulse.autoreverses = true
    pulse.repeatCount = .infinity
    badge.add(pulse, forKey: "pulse")

    let ring = CALayer()
    ring.frame = bounds
    ring.borderColor = UIColor(white: 0.8, alpha: 1).cgColor
    ring.borderWidth = 1
    ring.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 6).cgPath
    badge.addSublayer(ring)
    return badge
}
