import UIKit
import CoreText

/// A title drawn as a Core Text line and frame, its runs' glyphs drawn as paths, and a text layer with an attributed string.
func drawTitle(_ text: String, in ctx: CGContext, rect: CGRect) {
    let font = CTFontCreateWithName("Helvetica-Bold" as CFString, 24, nil)
    let attributes: [NSAttributedString.Key: Any] = [
        .font: font,
        .foregroundColor: UIColor.darkText,
    ]
    let string = NSAttributedString(string: text, attributes: attributes)
    let line = CTLineCreateWithAttributedString(string)
    let bounds = CTLineGetBoundsWithOptions(line, .useOpticalBounds)
    ctx.textMatrix = .identity
    ctx.textPosition = CGPoint(x: rect.midX - bounds.width / 2, y: rect.midY)
    CTLineDraw(line, ctx)
    let setter = CTFramesetterCreateWithAttributedString(string as CFAttributedString)
    let size = CTFramesetterSuggestFrameSizeWithConstraints(setter, CFRange(location: 0, length: 0), nil,
                                                            CGSize(width: rect.width, height: .greatestFiniteMagnitude), nil)
    let path = CGPath(rect: CGRect(origin: rect.origin, size: size), transform: nil)
    let frame = CTFramesetterCreateFrame(setter, CFRangeMake(0, 0), path, nil)
    CTFrameDraw(frame, ctx)
    let lines = CTFrameGetLines(frame) as! [CTLine]
    var origins = [CGPoint](repeating: .zero, count: lines.count)
    CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
    for run in CTLineGetGlyphRuns(line) as! [CTRun] {
        let count = CTRunGetGlyphCount(run)
        var glyphs = [CGGlyph](repeating: 0, count: count)
        CTRunGetGlyphs(run, CFRange(location: 0, length: count), &glyphs)
        var positions = [CGPoint](repeating: .zero, count: count)
        CTRunGetPositions(run, CFRange(location: 0, length: count), &positions)
        let runFont = (CTRunGetAttributes(run) as NSDictionary)[kCTFontAttributeName] as! CTFont
        for (glyph, position) in zip(glyphs, positions) {
            if let glyphPath = CTFontCreatePathForGlyph(runFont, glyph, nil) {
                ctx.saveGState()
                ctx.translateBy(x: position.x, y: position.y)
                ctx.addPath(glyphPath)
                ctx.fillPath()
                ctx.restoreGState()
            }
        }
    }
}

func textLayer() -> CATextLayer {
    let layer = CATextLayer()
    let string = NSMutableAttributedString(string: "Hello, world")
    string.addAttribute(.foregroundColor, value: UIColor.red.cgColor, range: NSRange(location: 0, length: 5))
    string.addAttribute(.font, value: UIFont.systemFont(ofSize: 20), range: NSRange(location: 0, length: string.length))
    string.addAttribute(.underlineStyle, value: NSUnderlineStyle.single.rawValue, range: NSRange(location: 7, length: 5))
    layer.string = string
    layer.frame = CGRect(x: 0, y: 0, width: 300, height: 40)
    return layer
}
