import UIKit

/// A centred, wrapped text layer at the screen's scale, and an attributed string with paragraph style and kerning.
func makeLabel(_ text: String) -> CATextLayer {
    let layer = CATextLayer()
    layer.string = text
    layer.font = UIFont(name: "AvenirNext-DemiBold", size: 17) ?? UIFont.boldSystemFont(ofSize: 17)
    layer.fontSize = 17
    layer.foregroundColor = UIColor.black.cgColor
    layer.alignmentMode = .center
    layer.isWrapped = true
    layer.truncationMode = .end
    layer.contentsScale = UIScreen.main.scale
    layer.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
    return layer
}

func attributed(_ text: String) -> NSAttributedString {
    let paragraph = NSMutableParagraphStyle()
    paragraph.alignment = .center
    paragraph.lineSpacing = 4
    return NSAttributedString(string: text, attributes: [
        .font: UIFont(name: "Avenir-Book", size: 14) ?? .systemFont(ofSize: 14),
        .foregroundColor: UIColor.white,
        .paragraphStyle: paragraph,
        .kern: 1.5,
    ])
}
