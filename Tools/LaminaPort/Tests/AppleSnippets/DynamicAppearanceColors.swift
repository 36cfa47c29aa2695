import UIKit

/// Colours that follow the appearance — a provider closure, `UIColor(dynamicProvider:)` — styling a card.
extension UIColor {
    static let dynamicCardBackground = UIColor { traits in
        traits.userInterfaceStyle == .dark ? UIColor(white: 0.12, alpha: 1) : .white
    }
}

final class AppearanceCardLayer: CALayer {
    let stroke = UIColor(dynamicProvider: { $0.userInterfaceStyle == .dark ? .systemGray : .systemGray4 })
    override init() {
        super.init()
        backgroundColor = UIColor.dynamicCardBackground.cgColor
        borderColor = stroke.cgColor
        shadowColor = UIColor { traits in
            if traits.userInterfaceStyle == .dark {
                return .black
            } else {
                return UIColor(red: 0.1, green: 0.1, blue: 0.3, alpha: 1)
            }
        }.cgColor
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}
