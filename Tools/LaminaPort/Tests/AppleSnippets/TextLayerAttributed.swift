import UIKit
import CoreText

/// A centred two-style title in a text layer.
func makeTitleLayer(frame: CGRect, title: String, subtitle: String) -> CATextLayer {
    let bold = CTFontCreateWithName("Helvetica-Bold" as CFString, 22, nil)
    let regular = CTFontCreateWithName("Helvetica" as CFString, 14, nil)
    let paragraph = NSMutableParagraphStyle()
    paragraph.alignment = .center
    paragraph.lineSpacing = 4

    let text = NSMutableAttributedString(
        string: title + "\n",
        attributes: [
            .font: bold,
            .foregroundColor: CGColor(gray: 0.1, alpha: 1),
            .paragraphStyle: paragraph,
            .kern: 1.5,
        ])
    text.append(NSAttributedString(
        string: subtitle,
        attributes: [
            NSAttributedString.Key(kCTFontAttributeName as String): regular,
            NSAttributedString.Key(kCTForegroundColorAttributeName as String): CGColor(gray: 0.4, alpha: 1),
        ]))

    let layer = CATextLayer()
    layer.frame = frame
    layer.string = text
    layer.isWrapped = true
    layer.truncationMode = .end
    layer.alignmentMode = .center
    layer.contentsScale = 2
    return layer
}

func makeCounterLayer() -> CATextLayer {
    let layer = CATextLayer()
    layer.string = "0"
    layer.font = "Menlo-Regular" as CFTypeRef
    layer.fontSize = 17
    layer.foregroundColor = CGColor(red: 1, green: 0.2, blue: 0.2, alpha: 1)
    layer.alignmentMode = CATextLayerAlignmentMode.right
    return layer
}
