import UIKit
import Combine

/// A sonar pulse: one circle repeated by a replicator, each copy growing and fading a moment
/// after the one before, in a colour the caller may change before it starts.
class SonarPulseView: UIView {
    var isPulsing = false

    var circle = CAShapeLayer()
    var circleColor = UIColor.systemTeal
    var replicator = CAReplicatorLayer()
    var copies: Int = 6
    var delay: CFTimeInterval = 0.8

    lazy var pulse: CAAnimationGroup = {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0.4
        fade.toValue = 0
        let grow = CABasicAnimation(keyPath: "transform")
        grow.fromValue = CATransform3DMakeScale(0.1, 0.1, 1)
        grow.toValue = CATransform3DIdentity
        let group = CAAnimationGroup()
        group.animations = [fade, grow]
        group.duration = delay * CFTimeInterval(copies)
        group.repeatCount = .infinity
        return group
    }()

    override init(frame: CGRect) {
        super.init(frame: frame)
        circle.frame = bounds
        circle.path = UIBezierPath(ovalIn: bounds).cgPath
        circle.opacity = 0
        replicator.frame = bounds
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

extension SonarPulseView {
    func configure(color: UIColor? = nil, copies: Int? = nil, delay: CFTimeInterval? = nil) {
        if let color = color { self.circleColor = color }
        if let copies = copies { self.copies = copies }
        if let delay = delay { self.delay = delay }
    }

    func start() {
        guard !isPulsing else { return }
        circle.fillColor = circleColor.cgColor
        replicator.instanceCount = copies
        replicator.instanceDelay = delay
        circle.add(pulse, forKey: "pulse")
        replicator.addSublayer(circle)
        layer.addSublayer(replicator)
        isPulsing = true
    }

    func stop() {
        replicator.removeFromSuperlayer()
        isPulsing = false
    }
}

func makeSonar() -> SonarPulseView {
    let sonar = SonarPulseView(frame: CGRect(x: 0, y: 0, width: 120, height: 120))
    sonar.configure(color: .systemPink, copies: 4)
    sonar.start()
    return sonar
}
