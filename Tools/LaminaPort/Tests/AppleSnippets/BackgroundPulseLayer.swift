import UIKit

/// A pulse whose animation group is built on a background queue and added on the main one.
final class BackgroundPulseLayer: CAReplicatorLayer {
    private var animationGroup = CAAnimationGroup()
    private let radius: CGFloat

    init(radius: CGFloat, position: CGPoint) {
        self.radius = radius
        super.init()
        self.backgroundColor = UIColor.systemBlue.cgColor
        self.opacity = 0
        self.position = position
        self.bounds = CGRect(x: 0, y: 0, width: radius * 2, height: radius * 2)
        self.cornerRadius = radius

        DispatchQueue.global(qos: .default).async {
            self.setupAnimationGroup()
            DispatchQueue.main.async {
                self.add(self.animationGroup, forKey: "pulse")
            }
        }
    }

    override init(layer: Any) {
        radius = (layer as? BackgroundPulseLayer)?.radius ?? 0
        super.init(layer: layer)
    }

    required init?(coder aDecoder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setupAnimationGroup() {
        let scale = CABasicAnimation(keyPath: "transform.scale.xy")
        scale.fromValue = 0
        scale.toValue = 1
        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [0.45, 0.45, 0]
        fade.keyTimes = [0, 0.2, 1]
        animationGroup.animations = [scale, fade]
        animationGroup.duration = 2
        animationGroup.repeatCount = .infinity
        animationGroup.timingFunction = CAMediaTimingFunction(name: .default)
    }
}
