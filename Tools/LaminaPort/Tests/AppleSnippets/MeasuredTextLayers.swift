import UIKit

/// Text layers sized to their string by UIKit's measurement: one line, and a paragraph wrapped to a width.

func makeSizedLabel(_ text: String) -> CATextLayer {
    let font = UIFont.systemFont(ofSize: 15)
    let attributes: [NSAttributedString.Key: Any] = [.font: font]
    let size = (text as NSString).size(withAttributes: attributes)
    let layer = CATextLayer()
    layer.frame = CGRect(origin: .zero, size: CGSize(width: ceil(size.width), height: ceil(size.height)))
    layer.string = NSAttributedString(string: text, attributes: attributes)
    return layer
}

func makeWrappedLabel(_ text: String, width: CGFloat) -> CATextLayer {
    let attributes: [NSAttributedString.Key: Any] = [.font: UIFont.systemFont(ofSize: 13)]
    let bounds = (text as NSString).boundingRect(
        with: CGSize(width: width, height: .greatestFiniteMagnitude),
        options: [.usesLineFragmentOrigin, .usesFontLeading],
        attributes: attributes,
        context: nil)
    let layer = CATextLayer()
    layer.frame = CGRect(x: 0, y: 0, width: width, height: ceil(bounds.height))
    layer.isWrapped = true
    layer.string = NSAttributedString(string: text, attributes: attributes)
    return layer
}

/// A text layer sized to its attributed string, wrapped at a width.
func makeWrappedCaption(_ caption: NSAttributedString, width: CGFloat) -> CATextLayer {
    let layer = CATextLayer()
    layer.string = caption
    layer.isWrapped = true
    let rect = caption.boundingRect(
        with: CGSize(width: width, height: .greatestFiniteMagnitude), options: [.usesLineFragmentOrigin, .usesFontLeading],
        context: nil)
    layer.frame = CGRect(x: 0, y: 0, width: width, height: ceil(rect.height))
    return layer
}

/// A title and subtitle stacked one line height apart, the subtitle the title's font at half size.
func makeTitleStack(_ title: String, _ subtitle: String) -> CALayer {
    let font = UIFont(name: "Avenir-Heavy", size: 28)!
    let small = font.withSize(14)
    let stack = CALayer()
    let top = CATextLayer()
    top.font = font
    top.fontSize = font.pointSize
    top.string = title
    top.frame = CGRect(x: 0, y: 0, width: 240, height: ceil(font.lineHeight))
    let bottom = CATextLayer()
    bottom.font = small
    bottom.fontSize = 14
    bottom.string = subtitle
    bottom.frame = CGRect(x: 0, y: ceil(font.lineHeight), width: 240, height: ceil(font.ascender - font.descender))
    stack.addSublayer(top)
    stack.addSublayer(bottom)
    return stack
}
