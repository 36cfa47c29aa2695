import UIKit

/// A spinner: twelve dots fading in turn around a circle.
final class SpinnerLayer: CAReplicatorLayer {
    private let dot = CALayer()
    private let dotCount = 12

    override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 60, height: 60)
        dot.bounds = CGRect(x: 0, y: 0, width: 6, height: 6)
        dot.position = CGPoint(x: 30, y: 5)
        dot.cornerRadius = 3
        dot.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        dot.opacity = 0
        addSublayer(dot)
        instanceCount = dotCount
        let angle = 2 * CGFloat.pi / CGFloat(dotCount)
        instanceTransform = CATransform3DMakeRotation(angle, 0, 0, 1)
        instanceDelay = 1.0 / Double(dotCount)
        instanceColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        instanceAlphaOffset = -0.02
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startAnimating() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.repeatCount = .greatestFiniteMagnitude
        dot.add(fade, forKey: "fade")
    }

    func stopAnimating() {
        dot.removeAllAnimations()
    }
}
