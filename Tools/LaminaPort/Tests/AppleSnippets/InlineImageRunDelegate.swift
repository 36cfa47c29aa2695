import UIKit
import CoreText

/// Room for an inline image in Core Text: a run delegate sizes a placeholder character, and
/// the layer draws the image where the placeholder's run ends up.
struct ImageExtent {
    var ascent: CGFloat
    var descent: CGFloat
    var width: CGFloat
}

func placeholder(for size: CGSize, font: CTFont) -> NSAttributedString {
    let extentBuffer = UnsafeMutablePointer<ImageExtent>.allocate(capacity: 1)
    extentBuffer.initialize(to: ImageExtent(ascent: size.height, descent: 0, width: size.width))
    var callbacks = CTRunDelegateCallbacks(version: kCTRunDelegateVersion1, dealloc: { pointer in
        pointer.deallocate()
    }, getAscent: { pointer -> CGFloat in
        let extent = pointer.assumingMemoryBound(to: ImageExtent.self)
        return extent.pointee.ascent
    }, getDescent: { pointer -> CGFloat in
        return pointer.assumingMemoryBound(to: ImageExtent.self).pointee.descent
    }, getWidth: { pointer -> CGFloat in
        return pointer.assumingMemoryBound(to: ImageExtent.self).pointee.width
    })
    let delegate = CTRunDelegateCreate(&callbacks, extentBuffer)
    let attributes = [(kCTRunDelegateAttributeName as NSAttributedString.Key): (delegate as Any), .font: font]
    return NSAttributedString(string: "\u{FFFC}", attributes: attributes)
}

final class InlineImageTextLayer: CALayer {
    var text = NSAttributedString()
    var image: CGImage?

    override func draw(in ctx: CGContext) {
        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        let framesetter = CTFramesetterCreateWithAttributedString(text as CFAttributedString)
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), CGPath(rect: bounds, transform: nil), nil)
        CTFrameDraw(frame, ctx)

        let lines = CTFrameGetLines(frame) as NSArray
        var origins = [CGPoint](repeating: .zero, count: lines.count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        for (index, line) in lines.enumerated() {
            for run in CTLineGetGlyphRuns(line as! CTLine) as! [CTRun] {
                let attributes = CTRunGetAttributes(run) as NSDictionary
                guard attributes[kCTRunDelegateAttributeName] != nil, let image = image else { continue }
                var ascent: CGFloat = 0
                var descent: CGFloat = 0
                let width = CTRunGetTypographicBounds(run, CFRangeMake(0, 0), &ascent, &descent, nil)
                let x = CTLineGetOffsetForStringIndex(line as! CTLine, CTRunGetStringRange(run).location, nil)
                let rect = CGRect(x: origins[index].x + x, y: origins[index].y - descent, width: CGFloat(width), height: ascent + descent)
                ctx.draw(image, in: rect)
            }
        }
    }
}
