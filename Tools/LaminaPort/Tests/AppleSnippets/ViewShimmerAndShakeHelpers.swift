import UIKit

/// Shimmer and shake helpers written as a `UIView` extension, as blog posts and gists carry
/// them: each works only on the view's layer and bounds.
extension UIView {
    func startShimmeringEffect() {
        let light = UIColor.white.cgColor
        let alpha = UIColor(red: 206 / 255, green: 10 / 255, blue: 10 / 255, alpha: 0.7).cgColor
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: -self.bounds.size.width, y: 0, width: 3 * self.bounds.size.width, height: self.bounds.size.height)
        gradient.colors = [light, alpha, light]
        gradient.startPoint = CGPoint(x: 0.0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1.0, y: 0.525)
        gradient.locations = [0.35, 0.50, 0.65]
        self.layer.mask = gradient
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [0.0, 0.1, 0.2]
        animation.toValue = [0.8, 0.9, 1.0]
        animation.duration = 1.5
        animation.repeatCount = .infinity
        gradient.add(animation, forKey: "shimmer")
    }

    func stopShimmeringEffect() {
        self.layer.mask = nil
    }

    func shake(count: Float = 4, duration: TimeInterval = 0.3, withTranslation translation: CGFloat = 5) {
        let animation = CABasicAnimation(keyPath: "transform.translation.x")
        animation.timingFunction = CAMediaTimingFunction(name: .linear)
        animation.repeatCount = count
        animation.duration = duration / TimeInterval(animation.repeatCount)
        animation.autoreverses = true
        animation.byValue = translation
        layer.add(animation, forKey: "shake")
    }

    func roundCorners(radius: CGFloat, borderWidth: CGFloat = 0) {
        layer.cornerRadius = radius
        layer.borderWidth = borderWidth
        clipsToBounds = true
    }

    func pulse(around point: CGPoint? = nil) {
        let ring = CAShapeLayer()
        ring.path = CGPath(ellipseIn: bounds, transform: nil)
        ring.position = point ?? center
        ring.bounds = bounds
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemBlue.cgColor
        layer.superlayer?.insertSublayer(ring, below: layer)
        let grow = CABasicAnimation(keyPath: "transform.scale")
        grow.toValue = 1.6
        grow.duration = 0.6
        ring.add(grow, forKey: nil)
    }
}
