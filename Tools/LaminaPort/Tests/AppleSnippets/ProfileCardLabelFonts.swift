import UIKit

/// A profile card built from text layers made by one helper, given fonts the card keeps in a
/// property and in locals.
final class ProfileCardLayer: CALayer {
    private let detailFont = UIFont.systemFont(ofSize: 12, weight: .regular)

    static func textLayer(_ text: String, font: UIFont, color: UIColor, frame: CGRect) -> CATextLayer {
        let layer = CATextLayer()
        layer.string = text
        layer.font = font
        layer.fontSize = font.pointSize
        layer.foregroundColor = color.cgColor
        layer.frame = frame
        layer.isWrapped = true
        return layer
    }

    func configure(name: String, role: String, city: String) {
        sublayers?.forEach { $0.removeFromSuperlayer() }
        let nameFont = UIFont.boldSystemFont(ofSize: 20)
        let width = bounds.width - 32
        addSublayer(Self.textLayer(name, font: nameFont, color: .label, frame: CGRect(x: 16, y: 16, width: width, height: 26)))
        addSublayer(Self.textLayer(role, font: .systemFont(ofSize: 15, weight: .medium), color: .secondaryLabel, frame: CGRect(x: 16, y: 46, width: width, height: 20)))
        addSublayer(Self.textLayer(city, font: detailFont, color: .tertiaryLabel, frame: CGRect(x: 16, y: 70, width: width, height: 16)))
    }
}
