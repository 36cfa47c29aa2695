import UIKit

/// A heart outline built by a type's `path(in:)` — the name of the shape layer's own property —
/// nudged with `apply(_:)`, and a keyframed beat.
enum HeartOutline {
    static func path(in rect: CGRect) -> UIBezierPath {
        let path = UIBezierPath()
        let w = rect.width, h = rect.height
        path.move(to: CGPoint(x: rect.midX, y: rect.maxY))
        path.addCurve(to: CGPoint(x: rect.minX, y: rect.minY + h * 0.3),
                      controlPoint1: CGPoint(x: rect.midX - w * 0.1, y: rect.maxY - h * 0.15),
                      controlPoint2: CGPoint(x: rect.minX, y: rect.midY))
        path.addArc(withCenter: CGPoint(x: rect.minX + w * 0.25, y: rect.minY + h * 0.3), radius: w * 0.25,
                    startAngle: .pi, endAngle: 0, clockwise: true)
        path.addArc(withCenter: CGPoint(x: rect.maxX - w * 0.25, y: rect.minY + h * 0.3), radius: w * 0.25,
                    startAngle: .pi, endAngle: 0, clockwise: true)
        path.addCurve(to: CGPoint(x: rect.midX, y: rect.maxY),
                      controlPoint1: CGPoint(x: rect.maxX, y: rect.midY),
                      controlPoint2: CGPoint(x: rect.midX + w * 0.1, y: rect.maxY - h * 0.15))
        path.close()
        return path
    }
}

final class BeatingHeartLayer: CAShapeLayer {
    override init() {
        super.init()
        fillColor = UIColor.systemRed.cgColor
        strokeColor = UIColor.white.cgColor
        lineWidth = 2
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }

    override func layoutSublayers() {
        super.layoutSublayers()
        let heart = HeartOutline.path(in: bounds.insetBy(dx: 4, dy: 4))
        heart.apply(CGAffineTransform(translationX: 0, y: 2))
        path = heart.cgPath
    }

    func beat() {
        let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
        pulse.values = [1.0, 1.2, 0.95, 1.1, 1.0]
        pulse.keyTimes = [0, 0.2, 0.4, 0.6, 1]
        pulse.duration = 0.8
        add(pulse, forKey: "beat")
    }
}
