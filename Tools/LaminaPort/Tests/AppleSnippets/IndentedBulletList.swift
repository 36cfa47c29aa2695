import UIKit
import CoreText

/// A bulleted list drawn with Core Text: hanging indents and a tab after each bullet.
final class BulletListLayer: CALayer {
    var items: [String] = [] {
        didSet { setNeedsDisplay() }
    }

    private var attributedText: NSAttributedString {
        let style = NSMutableParagraphStyle()
        style.firstLineHeadIndent = 0
        style.headIndent = 18
        style.tailIndent = -8
        style.tabStops = [NSTextTab(textAlignment: .left, location: 18, options: [:])]
        style.defaultTabInterval = 18
        style.paragraphSpacing = 6
        let font = CTFontCreateWithName("Helvetica" as CFString, 15, nil)
        return NSAttributedString(
            string: items.map { "\u{2022}\t\($0)" }.joined(separator: "\n"),
            attributes: [.font: font, .paragraphStyle: style, .foregroundColor: UIColor.darkGray.cgColor])
    }

    override func draw(in ctx: CGContext) {
        let framesetter = CTFramesetterCreateWithAttributedString(attributedText as CFAttributedString)
        let frame = CTFramesetterCreateFrame(
            framesetter, CFRange(location: 0, length: 0), CGPath(rect: bounds, transform: nil), nil)
        ctx.saveGState()
        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        CTFrameDraw(frame, ctx)
        ctx.restoreGState()
    }

    func preferredHeight(forWidth width: CGFloat) -> CGFloat {
        let framesetter = CTFramesetterCreateWithAttributedString(attributedText as CFAttributedString)
        let size = CTFramesetterSuggestFrameSizeWithConstraints(
            framesetter, CFRange(location: 0, length: 0), nil, CGSize(width: width, height: .greatestFiniteMagnitude), nil)
        return ceil(size.height)
    }
}
