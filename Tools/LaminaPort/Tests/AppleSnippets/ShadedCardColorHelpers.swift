import UIKit

/// The colour helpers much iOS code carries — lighter and darker shades, an inverse, a blend and
/// a brightness test, each reading the colour's components — styling a card layer.
extension UIColor {
    func lighter(by percentage: CGFloat = 30.0) -> UIColor? {
        return self.adjust(by: abs(percentage))
    }

    func darker(by percentage: CGFloat = 30.0) -> UIColor? {
        return self.adjust(by: -1 * abs(percentage))
    }

    func adjust(by percentage: CGFloat = 30.0) -> UIColor? {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        if self.getRed(&red, green: &green, blue: &blue, alpha: &alpha) {
            return UIColor(red: min(red + percentage / 100, 1.0),
                           green: min(green + percentage / 100, 1.0),
                           blue: min(blue + percentage / 100, 1.0),
                           alpha: alpha)
        } else {
            return nil
        }
    }

    var inverted: UIColor {
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        getRed(&r, green: &g, blue: &b, alpha: &a)
        return UIColor(red: 1 - r, green: 1 - g, blue: 1 - b, alpha: a)
    }

    func blended(with other: UIColor, fraction: CGFloat) -> UIColor {
        var r1: CGFloat = 0, g1: CGFloat = 0, b1: CGFloat = 0, a1: CGFloat = 0
        var r2: CGFloat = 0, g2: CGFloat = 0, b2: CGFloat = 0, a2: CGFloat = 0
        getRed(&r1, green: &g1, blue: &b1, alpha: &a1)
        other.getRed(&r2, green: &g2, blue: &b2, alpha: &a2)
        return UIColor(red: r1 + (r2 - r1) * fraction,
                       green: g1 + (g2 - g1) * fraction,
                       blue: b1 + (b2 - b1) * fraction,
                       alpha: a1 + (a2 - a1) * fraction)
    }

    func withBrightness(_ factor: CGFloat) -> UIColor {
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0, a: CGFloat = 0
        guard getHue(&h, saturation: &s, brightness: &v, alpha: &a) else { return self }
        return UIColor(hue: h, saturation: s, brightness: max(0, min(1, v * factor)), alpha: a)
    }

    var isLight: Bool {
        var white: CGFloat = 0
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        white = 0.299 * red + 0.587 * green + 0.114 * blue
        return white > 0.6
    }
}

final class ShadedCardLayer: CAGradientLayer {
    private let titleLayer = CATextLayer()

    var tint: UIColor = .systemIndigo {
        didSet { applyTint() }
    }

    override init() {
        super.init()
        cornerRadius = 12
        borderWidth = 1
        shadowOpacity = 0.3
        shadowRadius = 6
        titleLayer.string = "Shaded"
        titleLayer.fontSize = 17
        titleLayer.alignmentMode = .center
        addSublayer(titleLayer)
        applyTint()
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        titleLayer.frame = bounds.insetBy(dx: 8, dy: (bounds.height - 22) / 2)
    }

    private func applyTint() {
        colors = [tint.lighter(by: 15)!.cgColor, tint.cgColor, tint.darker()!.cgColor]
        borderColor = tint.darker(by: 40)?.cgColor
        shadowColor = tint.blended(with: .black, fraction: 0.6).cgColor
        titleLayer.foregroundColor = tint.isLight ? UIColor.black.cgColor : UIColor.white.cgColor
        titleLayer.backgroundColor = tint.inverted.withAlphaComponent(0.1).cgColor
        backgroundColor = UIColor.systemGray6.withBrightness(0.95).cgColor
    }
}
