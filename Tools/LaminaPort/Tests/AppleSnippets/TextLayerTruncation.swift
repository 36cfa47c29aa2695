import UIKit

/// A single-line title text layer that truncates, in a named font with kerning.

func makeTitleLayer(_ title: String, width: CGFloat) -> CATextLayer {
    let text = CATextLayer()
    text.frame = CGRect(x: 0, y: 0, width: width, height: 44)
    text.font = CTFontCreateWithName("Avenir-Heavy" as CFString, 20, nil)
    text.fontSize = 20
    text.truncationMode = .end
    text.isWrapped = false
    text.alignmentMode = .natural
    text.string = NSAttributedString(string: title, attributes: [
        .font: UIFont(name: "Avenir-Heavy", size: 20)!,
        .foregroundColor: UIColor.label.cgColor,
        .kern: 0.4,
    ])
    text.contentsScale = UIScreen.main.scale
    text.allowsFontSubpixelQuantization = true
    return text
}
