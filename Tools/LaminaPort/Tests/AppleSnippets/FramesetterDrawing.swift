import UIKit
import CoreText

/// A layer that lays out an attributed string in its bounds with a framesetter.
final class ParagraphLayer: CALayer {
    var attributedText = NSAttributedString(string: "") {
        didSet { setNeedsDisplay() }
    }

    override func draw(in ctx: CGContext) {
        ctx.saveGState()
        ctx.textMatrix = .identity
        if contentsAreFlipped() {
            ctx.translateBy(x: 0, y: bounds.height)
            ctx.scaleBy(x: 1.0, y: -1.0)
        }
        let framesetter = CTFramesetterCreateWithAttributedString(attributedText as CFAttributedString)
        let path = CGMutablePath()
        path.addRect(bounds.insetBy(dx: 8, dy: 8))
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, attributedText.length), path, nil)
        CTFrameDraw(frame, ctx)
        ctx.restoreGState()
    }

    func fittingHeight(forWidth width: CGFloat) -> CGFloat {
        let framesetter = CTFramesetterCreateWithAttributedString(attributedText)
        var fitRange = CFRange()
        let size = CTFramesetterSuggestFrameSizeWithConstraints(
            framesetter, CFRange(location: 0, length: 0), nil,
            CGSize(width: width - 16, height: .greatestFiniteMagnitude), &fitRange)
        return ceil(size.height) + 16
    }

    func lineCount() -> Int {
        let framesetter = CTFramesetterCreateWithAttributedString(attributedText)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), CGPath(rect: bounds, transform: nil), nil)
        let lines = CTFrameGetLines(frame) as! [CTLine]
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        return lines.count
    }
}
