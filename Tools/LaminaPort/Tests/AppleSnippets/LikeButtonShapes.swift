import UIKit

/// A like button: a heart made by a path extension's initializer, sparkles from its static
/// function, and a count label in a named font bound with `if let`.

extension UIBezierPath {
    convenience init(likeHeartIn rect: CGRect) {
        self.init()
        let lobe = rect.width / 4
        move(to: CGPoint(x: rect.midX, y: rect.maxY))
        addQuadCurve(to: CGPoint(x: rect.minX, y: rect.minY + lobe), controlPoint: CGPoint(x: rect.minX, y: rect.midY + lobe))
        addArc(withCenter: CGPoint(x: rect.minX + lobe, y: rect.minY + lobe), radius: lobe, startAngle: .pi, endAngle: 0, clockwise: true)
        addArc(withCenter: CGPoint(x: rect.maxX - lobe, y: rect.minY + lobe), radius: lobe, startAngle: .pi, endAngle: 0, clockwise: true)
        addQuadCurve(to: CGPoint(x: rect.midX, y: rect.maxY), controlPoint: CGPoint(x: rect.maxX, y: rect.midY + lobe))
        close()
    }

    static func likeSparkles(around center: CGPoint, radius: CGFloat, count: Int = 8) -> UIBezierPath {
        let path = UIBezierPath()
        for i in 0..<count {
            let angle = CGFloat(i) / CGFloat(count) * 2 * .pi
            path.move(to: CGPoint(x: center.x + cos(angle) * radius * 0.8, y: center.y + sin(angle) * radius * 0.8))
            path.addLine(to: CGPoint(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius))
        }
        return path
    }
}

final class LikeButtonLayer: CALayer {
    private let heart = CAShapeLayer()
    private let sparkles = CAShapeLayer()
    private let count = CATextLayer()

    var likes = 0 { didSet { count.string = "\(likes)" } }

    override init() {
        super.init()
        heart.fillColor = UIColor.systemPink.cgColor
        sparkles.strokeColor = UIColor.systemPink.cgColor
        sparkles.lineWidth = 2
        sparkles.lineCap = .round
        sparkles.opacity = 0
        if let font = UIFont(name: "AvenirNext-Bold", size: 14) {
            count.font = font
            count.fontSize = font.pointSize
        }
        count.foregroundColor = UIColor.darkGray.cgColor
        count.contentsScale = UIScreen.main.scale
        [heart, sparkles, count].forEach(addSublayer)
    }

    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSublayers() {
        super.layoutSublayers()
        let side = min(bounds.width, bounds.height) * 0.6
        let box = CGRect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
        heart.frame = bounds
        heart.path = UIBezierPath(likeHeartIn: box).cgPath
        sparkles.frame = bounds
        sparkles.path = UIBezierPath.likeSparkles(around: CGPoint(x: bounds.midX, y: bounds.midY), radius: side).cgPath
        count.frame = CGRect(x: bounds.maxX + 4, y: bounds.midY - 9, width: 40, height: 18)
    }

    func like() {
        likes += 1
        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        pop.values = [1, 1.3, 0.9, 1]
        pop.duration = 0.4
        heart.add(pop, forKey: "pop")
        let flash = CABasicAnimation(keyPath: #keyPath(CALayer.opacity))
        flash.fromValue = 1
        flash.toValue = 0
        flash.duration = 0.5
        sparkles.add(flash, forKey: "flash")
    }
}
