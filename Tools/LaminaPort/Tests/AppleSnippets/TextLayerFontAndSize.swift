import UIKit

/// A badge whose text layer takes its font and size from fonts kept in a property and a local.
final class FontBadgeLayer: CALayer {
    let textLayer = CATextLayer()
    var titleFont: UIFont = .boldSystemFont(ofSize: 13)

    func configure(text: String) {
        let font = UIFont.systemFont(ofSize: 20)
        textLayer.font = font
        textLayer.fontSize = font.pointSize
        textLayer.string = NSAttributedString(string: text, attributes: [.font: titleFont])
        textLayer.fontSize = titleFont.pointSize
        _ = font.fontName
    }
}
