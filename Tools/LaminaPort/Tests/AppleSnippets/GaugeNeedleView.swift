import UIKit

/// A tuner's gauge: a conic gradient masked by an arc, and a needle turned by a keyframe
/// animation in a transaction; its value is private(set), written the Swift 5 way.

class GaugeNeedleView: UIView {
    var needleColor = UIColor.lightGray {
        didSet {
            needleLayer.fillColor = needleColor.cgColor
        }
    }

    private (set) var value: Float = 0

    let dialLayer = CAShapeLayer()
    let gradientLayer = CAGradientLayer()
    let needleLayer = CAShapeLayer()

    init() {
        super.init(frame: CGRect.zero)
        commonInit()
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        commonInit()
    }

    private func commonInit() {
        layer.addSublayer(gradientLayer)
        layer.addSublayer(dialLayer)
        layer.addSublayer(needleLayer)
        gradientLayer.type = .conic
        gradientLayer.colors = [UIColor.red.cgColor, UIColor.yellow.cgColor, UIColor.green.cgColor, UIColor.yellow.cgColor, UIColor.red.cgColor]
        gradientLayer.mask = dialLayer
        dialLayer.fillColor = UIColor.clear.cgColor
        dialLayer.strokeColor = UIColor.red.cgColor
        needleLayer.fillColor = needleColor.cgColor
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        gradientLayer.frame = bounds
        gradientLayer.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 0.5, y: 0)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 8
        dialLayer.lineWidth = 16
        dialLayer.path = UIBezierPath(arcCenter: center, radius: radius, startAngle: .pi * 0.75, endAngle: .pi * 2.25, clockwise: true).cgPath
        needleLayer.frame = CGRect(x: center.x - 2, y: center.y - radius, width: 4, height: radius)
        needleLayer.anchorPoint = CGPoint(x: 0.5, y: 1)
        needleLayer.path = UIBezierPath(rect: needleLayer.bounds).cgPath
    }

    func setValue(_ newValue: Float, animated: Bool) {
        let angle = CGFloat(newValue - 0.5) * .pi * 1.5
        CATransaction.begin()
        CATransaction.setDisableActions(!animated)
        if animated {
            let turn = CAKeyframeAnimation(keyPath: "transform.rotation.z")
            turn.values = [CGFloat(value - 0.5) * .pi * 1.5, angle]
            turn.duration = 0.4
            turn.timingFunction = CAMediaTimingFunction(name: .easeOut)
            needleLayer.add(turn, forKey: "turn")
        }
        needleLayer.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        CATransaction.commit()
        value = newValue
    }
}
