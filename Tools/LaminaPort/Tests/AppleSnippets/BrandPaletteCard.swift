import UIKit

/// A card styled from an app's colour palette: a UIColor extension with an RGB initializer and static brand colours, used across the layer.

extension UIColor {
    convenience init(rgb: UInt32, alpha: CGFloat = 1) {
        let red = CGFloat((rgb >> 16) & 0xFF) / 255
        let green = CGFloat((rgb >> 8) & 0xFF) / 255
        let blue = CGFloat(rgb & 0xFF) / 255
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    static let brandBlue = UIColor(rgb: 0x3366FF)
    static var hairlineGray: UIColor { return UIColor(white: 0.9, alpha: 1) }
    static let accentOrange: UIColor = .orange
}

final class BrandCardLayer: CALayer {
    var tint: UIColor = .brandBlue

    override init() {
        super.init()
        cornerRadius = 12
        backgroundColor = UIColor.white.cgColor
        borderWidth = 1
        borderColor = UIColor.hairlineGray.cgColor
        shadowColor = UIColor.accentOrange.withAlphaComponent(0.5).cgColor
        shadowOpacity = 1
        let stripe = CALayer()
        stripe.frame = CGRect(x: 0, y: 0, width: 6, height: 60)
        stripe.backgroundColor = tint.cgColor
        addSublayer(stripe)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}
