import UIKit

/// Three pulsing dots from a replicator, and badges made by helpers that take their colour
/// without an argument label.
final class LoadingDotsLayer: CAReplicatorLayer {
    private let dot = CALayer()
    var dotColor: UIColor = .systemBlue {
        didSet { dot.backgroundColor = dotColor.cgColor }
    }

    override init() {
        super.init()
        let size: CGFloat = 10
        dot.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        dot.cornerRadius = size / 2
        dot.backgroundColor = dotColor.cgColor
        dot.position = CGPoint(x: size, y: size)
        addSublayer(dot)
        instanceCount = 3
        instanceTransform = CATransform3DMakeTranslation(size * 2, 0, 0)
        instanceDelay = 0.2

        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.fromValue = 1
        pulse.toValue = 0.3
        pulse.duration = 0.6
        pulse.autoreverses = true
        pulse.repeatCount = .infinity
        pulse.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        dot.add(pulse, forKey: "pulse")
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

func shade(_ color: UIColor, alpha: CGFloat) -> CGColor {
    return color.withAlphaComponent(alpha).cgColor
}

func makeBadge(_ color: UIColor) -> CALayer {
    let badge = CALayer()
    badge.backgroundColor = color.cgColor
    badge.borderColor = UIColor.white.cgColor
    badge.borderWidth = 2
    badge.cornerRadius = 6
    return badge
}

func loadingScene() -> [CALayer] {
    let dots = LoadingDotsLayer()
    dots.dotColor = .systemPink
    let brand = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
    let backdrop = CALayer()
    backdrop.backgroundColor = shade(.black, alpha: 0.3)
    return [dots, makeBadge(.systemRed), makeBadge(brand), backdrop]
}
