import UIKit

/// Shapes made by functions that return a UIBezierPath — a star, a speech bubble, a row of
/// stars — used as shape layer paths, a shadow path, a morph's end value and a hit test.
enum ShapeFactory {
    static func star(in rect: CGRect, points: Int = 5, innerRatio: CGFloat = 0.45) -> UIBezierPath {
        let path = UIBezierPath()
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let outer = min(rect.width, rect.height) / 2
        for i in 0..<points * 2 {
            let radius = i.isMultiple(of: 2) ? outer : outer * innerRatio
            let angle = CGFloat(i) * .pi / CGFloat(points) - .pi / 2
            let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if i == 0 {
                path.move(to: point)
            } else {
                path.addLine(to: point)
            }
        }
        path.close()
        return path
    }

    static func bubble(in rect: CGRect, tail: CGFloat = 12) -> UIBezierPath {
        let body = CGRect(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height - tail)
        let path = UIBezierPath(roundedRect: body, cornerRadius: 10)
        path.move(to: CGPoint(x: rect.midX - tail, y: body.maxY))
        path.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.midX + tail, y: body.maxY))
        path.close()
        return path
    }
}

final class RatingLayer: CALayer {
    private let stars = CAShapeLayer()
    private let bubble = CAShapeLayer()
    var highlighted = false

    override init() {
        super.init()
        stars.fillColor = UIColor.systemYellow.cgColor
        stars.strokeColor = UIColor.orange.cgColor
        bubble.fillColor = UIColor.white.cgColor
        bubble.shadowOpacity = 0.25
        addSublayer(stars)
        addSublayer(bubble)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private var starRow: UIBezierPath {
        let row = UIBezierPath()
        for i in 0..<5 {
            let box = CGRect(x: CGFloat(i) * bounds.height, y: 0, width: bounds.height, height: bounds.height)
            row.append(ShapeFactory.star(in: box.insetBy(dx: 2, dy: 2)))
        }
        return row
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        stars.frame = bounds
        stars.path = starRow.cgPath
        bubble.path = ShapeFactory.bubble(in: CGRect(x: 0, y: -44, width: 64, height: 40)).cgPath
        bubble.shadowPath = bubble.path
        let first = ShapeFactory.star(in: CGRect(x: 0, y: 0, width: bounds.height, height: bounds.height))
        highlighted = first.contains(CGPoint(x: bounds.height / 2, y: bounds.height / 2))
    }

    func morphFirstStar() {
        let morph = CABasicAnimation(keyPath: "path")
        morph.toValue = ShapeFactory.star(in: bounds, points: 6, innerRatio: 0.6).cgPath
        morph.duration = 0.4
        morph.autoreverses = true
        stars.add(morph, forKey: "morph")
    }
}
