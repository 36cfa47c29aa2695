import UIKit

/// Loading animations behind a protocol that hands each one a colour, drawn with a shape enum
/// whose path is built in a switch, and a keyframe path read from UIKit's point strings.

protocol LoaderAnimation {
    func setUp(in layer: CALayer, size: CGSize, color: UIColor)
}

enum LoaderShape {
    case dot, bar, ring

    func layer(size: CGSize, color: UIColor) -> CALayer {
        let layer = CAShapeLayer()
        var path: UIBezierPath = UIBezierPath()
        switch self {
        case .dot:
            path.addArc(withCenter: CGPoint(x: size.width / 2, y: size.height / 2), radius: size.width / 2,
                        startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            layer.fillColor = color.cgColor
        case .bar:
            path = UIBezierPath(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: size.width / 2)
            layer.fillColor = color.cgColor
        case .ring:
            path.addArc(withCenter: CGPoint(x: size.width / 2, y: size.height / 2), radius: size.width / 2,
                        startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            layer.fillColor = nil
            layer.strokeColor = color.cgColor
            layer.lineWidth = 2
        }
        layer.backgroundColor = nil
        layer.path = path.cgPath
        layer.frame = CGRect(origin: .zero, size: size)
        return layer
    }
}

final class LoaderPulseAnimation: LoaderAnimation {
    func setUp(in layer: CALayer, size: CGSize, color: UIColor) {
        let dot = LoaderShape.dot.layer(size: size, color: color)
        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 0.2
        pulse.toValue = 1
        pulse.duration = 0.9
        pulse.repeatCount = .infinity
        dot.add(pulse, forKey: "pulse")
        layer.addSublayer(dot)
    }
}

final class LoaderTriangleAnimation: LoaderAnimation {
    func setUp(in layer: CALayer, size: CGSize, color: UIColor) {
        let ring = LoaderShape.ring.layer(size: CGSize(width: size.width / 4, height: size.height / 4), color: color)
        let travel = CAKeyframeAnimation(keyPath: "transform")
        travel.values = ["{0,0}", "{0.5,-1}", "{1,0}", "{0,0}"].map { raw -> NSValue in
            let point = NSCoder.cgPoint(for: raw)
            return NSValue(caTransform3D: CATransform3DMakeTranslation(point.x * size.width, point.y * size.height, 0))
        }
        travel.duration = 2
        travel.repeatCount = .infinity
        ring.add(travel, forKey: "travel")
        layer.addSublayer(ring)
    }
}

final class LoaderBarsAnimation: LoaderAnimation {
    func setUp(in layer: CALayer, size: CGSize, color: UIColor) {
        for index in 0..<3 {
            let bar = LoaderShape.bar.layer(size: CGSize(width: size.width / 5, height: size.height), color: color)
            bar.frame.origin.x = CGFloat(index) * size.width / 2.5
            let stretch = CABasicAnimation(keyPath: "transform.scale.y")
            stretch.fromValue = 0.4
            stretch.toValue = 1
            stretch.beginTime = CACurrentMediaTime() + Double(index) * 0.12
            stretch.duration = 0.5
            stretch.autoreverses = true
            stretch.repeatCount = .infinity
            bar.add(stretch, forKey: "stretch")
            layer.addSublayer(bar)
        }
    }
}
