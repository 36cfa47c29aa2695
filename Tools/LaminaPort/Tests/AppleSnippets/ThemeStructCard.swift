import UIKit

/// A card styled by a theme struct of colours and a title font, its light and dark values made
/// memberwise.
struct CardTheme {
    let background: UIColor
    let accent: UIColor
    let titleFont: UIFont

    static let light = CardTheme(background: .white, accent: .systemBlue, titleFont: .boldSystemFont(ofSize: 17))
    static let dark = CardTheme(background: .black, accent: .systemOrange, titleFont: .boldSystemFont(ofSize: 17))
}

final class ThemedCardLayer: CALayer {
    private let titleLayer = CATextLayer()
    var theme: CardTheme = .light {
        didSet { apply(theme) }
    }

    override init() {
        super.init()
        addSublayer(titleLayer)
        apply(theme)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { fatalError() }

    private func apply(_ theme: CardTheme) {
        backgroundColor = theme.background.cgColor
        borderColor = theme.accent.cgColor
        titleLayer.font = theme.titleFont
        titleLayer.fontSize = theme.titleFont.pointSize
        titleLayer.foregroundColor = theme.accent.cgColor
    }
}
