import UIKit

/// Tag labels styled by a theme struct that keeps a font and colours, given to each text
/// layer it styles.
struct TagLabelTheme {
    var font: UIFont
    var color: UIColor
    var background: UIColor

    static let standard = TagLabelTheme(font: .boldSystemFont(ofSize: 14), color: .white, background: .systemIndigo)
    static let quiet = TagLabelTheme(font: .systemFont(ofSize: 12), color: .darkGray, background: .systemGray6)

    func apply(to layer: CATextLayer) {
        layer.font = font
        layer.fontSize = font.pointSize
        layer.foregroundColor = color.cgColor
        layer.backgroundColor = background.cgColor
        layer.alignmentMode = .center
        layer.cornerRadius = 6
    }
}

func makeTagLabel(_ text: String, theme: TagLabelTheme = .standard) -> CATextLayer {
    let tag = CATextLayer()
    tag.string = text
    theme.apply(to: tag)
    tag.frame = CGRect(x: 0, y: 0, width: 80, height: 24)
    return tag
}
