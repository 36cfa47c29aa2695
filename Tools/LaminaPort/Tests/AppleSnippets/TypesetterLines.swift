import UIKit
import CoreText

/// Text broken into lines by hand with a typesetter, each line drawn where it is wanted.
final class ColumnTextLayer: CALayer {
    var text = NSAttributedString(string: "")

    override func draw(in ctx: CGContext) {
        ctx.textMatrix = CGAffineTransform.identity
        ctx.translateBy(x: 0, y: bounds.size.height)
        ctx.scaleBy(x: 1, y: -1)

        let typesetter = CTTypesetterCreateWithAttributedString(text as CFAttributedString)
        let width = Double(bounds.width)
        var start = 0
        var y = bounds.height
        while start < text.length {
            let count = CTTypesetterSuggestLineBreak(typesetter, start, width)
            let line = CTTypesetterCreateLine(typesetter, CFRangeMake(start, count))
            var ascent: CGFloat = 0
            var descent: CGFloat = 0
            var leading: CGFloat = 0
            _ = CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
            y -= ascent
            let flush = CTLineGetPenOffsetForFlush(line, 0.5, width)
            ctx.textPosition = CGPoint(x: flush, y: y)
            CTLineDraw(line, ctx)
            y -= descent + leading
            start += count
        }
    }

    func clusterBreak(after index: Int, width: Double) -> Int {
        let typesetter = CTTypesetterCreateWithAttributedString(text)
        return CTTypesetterSuggestClusterBreak(typesetter, index, width)
    }

    func indentedLine(from index: Int, count: Int) -> CTLine {
        let typesetter = CTTypesetterCreateWithAttributedString(text)
        return CTTypesetterCreateLineWithOffset(typesetter, CFRange(location: index, length: count), 20)
    }
}
