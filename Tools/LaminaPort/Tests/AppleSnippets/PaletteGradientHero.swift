import UIKit

/// A palette enum whose gradient is an array of its own colours, styling a radial gradient layer.
enum HeroPalette {
    static let primary = UIColor(red: 0.36, green: 0.31, blue: 0.91, alpha: 1)
    static let accent = UIColor.systemPink
    static let gradient: [UIColor] = [primary, accent]
}

final class PaletteHeroLayer: CAGradientLayer {
    override init() {
        super.init()
        colors = HeroPalette.gradient.map { $0.cgColor }
        type = .radial
        startPoint = CGPoint(x: 0.5, y: 0.5)
        endPoint = CGPoint(x: 1, y: 1)
        borderColor = HeroPalette.accent.cgColor
        shadowColor = HeroPalette.primary.withAlphaComponent(0.4).cgColor
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}
