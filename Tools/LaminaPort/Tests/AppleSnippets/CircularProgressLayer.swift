import UIKit

/// A circular progress layer with a managed progress property it animates and displays itself.
class CircularProgressLayer: CALayer {
    private let trackLayer = CAShapeLayer()
    private let progressLayer = CAShapeLayer()
    @NSManaged var progress: CGFloat
    var trackColor: UIColor? = .lightGray {
        didSet { trackLayer.strokeColor = trackColor?.cgColor }
    }

    override init() {
        super.init()
        setup()
    }
    override init(layer: Any) {
        super.init(layer: layer)
    }
    required init?(coder: NSCoder) { fatalError() }

    private func setup() {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let circularPath = UIBezierPath(arcCenter: center, radius: 50, startAngle: -CGFloat.pi / 2, endAngle: 2 * CGFloat.pi, clockwise: true)
        trackLayer.path = circularPath.cgPath
        trackLayer.strokeColor = UIColor.lightGray.cgColor
        trackLayer.lineWidth = 10
        trackLayer.fillColor = UIColor.clear.cgColor
        trackLayer.lineCap = CAShapeLayerLineCap.round
        addSublayer(trackLayer)
        progressLayer.path = circularPath.cgPath
        progressLayer.strokeColor = UIColor.systemGreen.cgColor
        progressLayer.lineWidth = 10
        progressLayer.fillColor = UIColor.clear.cgColor
        progressLayer.lineCap = .round
        progressLayer.strokeEnd = 0
        addSublayer(progressLayer)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == #keyPath(progress) || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == #keyPath(progress) {
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.value(forKey: event)
            animation.duration = 0.3
            return animation
        }
        return super.action(forKey: event)
    }

    override func display() {
        progressLayer.strokeEnd = presentation()?.progress ?? progress
    }

    func animate(to value: CGFloat) {
        let basicAnimation = CABasicAnimation(keyPath: "strokeEnd")
        basicAnimation.toValue = value
        basicAnimation.duration = 2
        basicAnimation.fillMode = CAMediaTimingFillMode.forwards
        basicAnimation.isRemovedOnCompletion = false
        progressLayer.add(basicAnimation, forKey: "urSoBasic")
    }
}
