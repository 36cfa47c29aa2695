import UIKit

/// A progress ring over a grey track, both stroking an arc kept in a path property that layout
/// replaces; progress animates its stroke end.
class ProgressRingLayer: CAShapeLayer {
    private var ringPath: UIBezierPath = UIBezierPath()
    private let track = CAShapeLayer()

    var progress: CGFloat = 0 {
        didSet { strokeEnd = progress }
    }

    override init() {
        super.init()
        fillColor = UIColor.clear.cgColor
        strokeColor = UIColor.systemGreen.cgColor
        lineWidth = 8
        lineCap = .round
        track.fillColor = nil
        track.strokeColor = UIColor.systemGray5.cgColor
        track.lineWidth = 8
        insertSublayer(track, at: 0)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { fatalError() }

    override func layoutSublayers() {
        super.layoutSublayers()
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - lineWidth / 2
        ringPath = UIBezierPath(arcCenter: center, radius: radius,
                                startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true)
        path = ringPath.cgPath
        track.frame = bounds
        track.path = ringPath.cgPath
    }

    func animate(to value: CGFloat) {
        let anim = CABasicAnimation(keyPath: #keyPath(CAShapeLayer.strokeEnd))
        anim.fromValue = progress
        anim.toValue = value
        anim.duration = 0.35
        anim.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.easeOut)
        progress = value
        add(anim, forKey: "progress")
    }
}
