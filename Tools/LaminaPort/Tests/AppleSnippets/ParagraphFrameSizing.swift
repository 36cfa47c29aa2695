import UIKit
import CoreText

/// A centred, kerned paragraph sized by a framesetter before a text layer shows it.

func makeParagraphLayer(text: String, width: CGFloat) -> CATextLayer {
    let paragraph = NSMutableParagraphStyle()
    paragraph.alignment = .center
    paragraph.lineBreakMode = .byWordWrapping
    paragraph.lineSpacing = 4

    let string = NSMutableAttributedString(string: text)
    let whole = NSRange(location: 0, length: string.length)
    string.addAttribute(.font, value: UIFont.boldSystemFont(ofSize: 24), range: whole)
    string.addAttributes([.paragraphStyle: paragraph, .kern: 1.5], range: NSMakeRange(0, string.length))
    string.addAttribute(.foregroundColor, value: UIColor.white.cgColor, range: whole)

    let framesetter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
    let size = CTFramesetterSuggestFrameSizeWithConstraints(framesetter, CFRangeMake(0, 0), nil, CGSize(width: width, height: .greatestFiniteMagnitude), nil)

    let layer = CATextLayer()
    layer.frame = CGRect(origin: .zero, size: CGSize(width: width, height: ceil(size.height)))
    layer.string = string
    layer.isWrapped = true
    layer.contentsScale = UIScreen.main.scale
    return layer
}
