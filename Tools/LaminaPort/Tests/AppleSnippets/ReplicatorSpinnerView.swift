import UIKit

/// A spinner view made square by a convenience initializer: a replicator repeats one dot
/// around a circle, each copy fading in turn.

final class ReplicatorSpinnerView: UIView {
    private lazy var replicatorLayer: CAReplicatorLayer = {
        let replicator = CAReplicatorLayer()
        return replicator
    }()

    private lazy var dotLayer: CAShapeLayer = {
        let dot = CAShapeLayer()
        dot.fillColor = UIColor.systemBlue.cgColor
        return dot
    }()

    private let fadeKey = "fade"

    convenience init(squareLength: CGFloat) {
        self.init(frame: CGRect(x: 0, y: 0, width: squareLength, height: squareLength))
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(replicatorLayer)
        replicatorLayer.addSublayer(dotLayer)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let side = min(bounds.width, bounds.height) / 8
        dotLayer.path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: side, height: side)).cgPath
        replicatorLayer.frame = bounds
        dotLayer.position = CGPoint(x: bounds.midX, y: side)
    }

    func startAnimating(copies: Int, delay: TimeInterval) {
        replicatorLayer.instanceCount = copies
        replicatorLayer.instanceDelay = delay
        replicatorLayer.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(copies), 0, 0, 1)
        dotLayer.opacity = 0
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0.1
        fade.duration = Double(copies) * delay
        fade.repeatCount = .infinity
        dotLayer.add(fade, forKey: fadeKey)
    }
}
