import UIKit

/// A pulsing dot repeated by a replicator, tinted by a system colour kept in a property, at the screen's scale.
final class PulseLayer: CAReplicatorLayer {
    private let dot = CALayer()
    var pulseColor: UIColor = .systemBlue {
        didSet { dot.backgroundColor = pulseColor.cgColor }
    }

    override init() {
        super.init()
        instanceCount = 3
        instanceDelay = 0.4
        dot.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
        dot.cornerRadius = 40
        dot.cornerCurve = .continuous
        dot.backgroundColor = UIColor.systemBlue.cgColor
        dot.opacity = 0
        addSublayer(dot)
        contentsScale = UIScreen.main.scale
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override init(layer: Any) { super.init(layer: layer) }

    func start() {
        let scale = CABasicAnimation(keyPath: "transform.scale.xy")
        scale.fromValue = 0.2
        scale.toValue = 1.0
        let fade = CAKeyframeAnimation(keyPath: #keyPath(CALayer.opacity))
        fade.values = [0.8, 0.4, 0]
        fade.keyTimes = [0, 0.3, 1]
        let group = CAAnimationGroup()
        group.animations = [scale, fade]
        group.duration = 1.2
        group.repeatCount = .infinity
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        dot.add(group, forKey: "pulse")
    }
}
