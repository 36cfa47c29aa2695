import UIKit

/// A progress ring written as a view that only hosts layers, as tutorials write it: a track
/// and a ring built once, laid out in `layoutSubviews()`, the ring's stroke end animated.
class ProgressRingView: UIView {
    private let trackLayer = CAShapeLayer()
    private let ringLayer = CAShapeLayer()
    var lineWidth: CGFloat = 8
    var progress: CGFloat = 0 {
        didSet { ringLayer.strokeEnd = progress }
    }

    init(frame: CGRect, ringColor: UIColor = .systemPink) {
        super.init(frame: frame)
        backgroundColor = .clear
        trackLayer.fillColor = UIColor.clear.cgColor
        trackLayer.strokeColor = UIColor.lightGray.cgColor
        ringLayer.fillColor = nil
        ringLayer.strokeColor = ringColor.cgColor
        ringLayer.lineCap = .round
        ringLayer.strokeEnd = 0
        layer.addSublayer(trackLayer)
        layer.addSublayer(ringLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2
        let path = UIBezierPath(
            arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius, startAngle: -.pi / 2,
            endAngle: 1.5 * .pi, clockwise: true)
        for shape in [trackLayer, ringLayer] {
            shape.frame = bounds
            shape.lineWidth = lineWidth
            shape.path = path.cgPath
        }
    }

    func setProgress(_ value: CGFloat, animated: Bool) {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = ringLayer.presentation()?.strokeEnd ?? progress
        animation.toValue = value
        animation.duration = animated ? 0.4 : 0
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        progress = value
        ringLayer.add(animation, forKey: "progress")
    }
}

/// A view whose layer is a gradient, its colours set through a typed accessor.
final class GradientBackgroundView: UIView {
    override class var layerClass: AnyClass {
        CAGradientLayer.self
    }

    private var gradientLayer: CAGradientLayer {
        layer as! CAGradientLayer
    }

    func apply(top: UIColor, bottom: UIColor) {
        gradientLayer.colors = [top.cgColor, bottom.cgColor]
        gradientLayer.startPoint = CGPoint(x: 0.5, y: 0)
        gradientLayer.endPoint = CGPoint(x: 0.5, y: 1)
        clipsToBounds = true
    }
}
