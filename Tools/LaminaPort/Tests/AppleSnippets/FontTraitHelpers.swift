import UIKit

/// The font helpers much iOS code carries — traits through the font's descriptor, a scaled copy,
/// a brand font with a fallback — giving a card's title and subtitle their fonts.
extension UIFont {
    func withTraits(traits: UIFontDescriptor.SymbolicTraits...) -> UIFont {
        let descriptor = fontDescriptor.withSymbolicTraits(UIFontDescriptor.SymbolicTraits(traits))
        return UIFont(descriptor: descriptor!, size: 0)
    }

    func bold() -> UIFont {
        return withTraits(traits: .traitBold)
    }

    func boldItalic() -> UIFont {
        return withTraits(traits: .traitBold, .traitItalic)
    }

    var isBold: Bool {
        return fontDescriptor.symbolicTraits.contains(.traitBold)
    }

    func scaled(by factor: CGFloat) -> UIFont {
        return UIFont(descriptor: fontDescriptor.withSymbolicTraits(fontDescriptor.symbolicTraits)!, size: pointSize * factor)
    }

    static func brand(ofSize size: CGFloat) -> UIFont {
        return UIFont(name: "AvenirNext-DemiBold", size: size) ?? .boldSystemFont(ofSize: size)
    }
}

final class TitleCardLayer: CALayer {
    private let title = CATextLayer()
    private let subtitle = CATextLayer()
    var titleFont = UIFont.systemFont(ofSize: 18).bold()

    override init() {
        super.init()
        title.font = titleFont
        title.fontSize = titleFont.pointSize
        title.string = "Lamina"
        let subtitleFont = UIFont.brand(ofSize: 13)
        subtitle.string = NSAttributedString(string: "Core Animation on Linux", attributes: [
            .font: subtitleFont.boldItalic(),
            .foregroundColor: UIColor.secondaryLabel,
        ])
        addSublayer(title)
        addSublayer(subtitle)
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}
