import UIKit
import CoreText

/// Text outlines gathered the Core Foundation way: runs read from the line's CFArray by index,
/// each run's font from its attribute dictionary.
func letterOutlines(of text: String, fontName: String, size: CGFloat) -> CGPath {
    let letters = CGMutablePath()
    let font = CTFontCreateWithName(fontName as CFString, size, nil)
    let attributed = NSAttributedString(string: text, attributes: [kCTFontAttributeName as NSAttributedString.Key: font])
    let line = CTLineCreateWithAttributedString(attributed)
    let runArray = CTLineGetGlyphRuns(line)
    for runIndex in 0..<CFArrayGetCount(runArray) {
        let run: CTRun = unsafeBitCast(CFArrayGetValueAtIndex(runArray, runIndex), to: CTRun.self)
        let dictRef: CFDictionary = CTRunGetAttributes(run)
        let dict: NSDictionary = dictRef as NSDictionary
        let runFont = dict[kCTFontAttributeName as String] as! CTFont
        for glyphIndex in 0..<CTRunGetGlyphCount(run) {
            let range = CFRangeMake(glyphIndex, 1)
            var glyph = CGGlyph()
            var position = CGPoint()
            CTRunGetGlyphs(run, range, &glyph)
            CTRunGetPositions(run, range, &position)
            if let letter = CTFontCreatePathForGlyph(runFont, glyph, nil) {
                letters.addPath(letter, transform: CGAffineTransform(translationX: position.x, y: position.y))
            }
        }
    }
    return letters
}

/// A paragraph built as a mutable CFAttributedString and drawn line by line.
final class CFParagraphLayer: CALayer {
    var text = "Core Foundation strings, drawn one line at a time."

    override func draw(in ctx: CGContext) {
        let attributed = CFAttributedStringCreateMutable(kCFAllocatorDefault, 0)!
        CFAttributedStringReplaceString(attributed, CFRangeMake(0, 0), text as CFString)
        let length = CFAttributedStringGetLength(attributed)
        let font = CTFontCreateWithName("Helvetica" as CFString, 14, nil)
        CFAttributedStringBeginEditing(attributed)
        CFAttributedStringSetAttribute(attributed, CFRangeMake(0, length), kCTFontAttributeName, font)
        CFAttributedStringSetAttribute(attributed, CFRangeMake(0, 4), kCTForegroundColorAttributeName, UIColor.red.cgColor)
        CFAttributedStringEndEditing(attributed)

        let framesetter = CTFramesetterCreateWithAttributedString(attributed)
        let path = CGMutablePath()
        path.addRect(bounds.insetBy(dx: 8, dy: 8))
        let frame = CTFramesetterCreateFrame(framesetter, CFRangeMake(0, 0), path, nil)

        ctx.textMatrix = .identity
        ctx.translateBy(x: 0, y: bounds.height)
        ctx.scaleBy(x: 1, y: -1)
        let lines = CTFrameGetLines(frame)
        let count = CFArrayGetCount(lines)
        var origins = [CGPoint](repeating: .zero, count: count)
        CTFrameGetLineOrigins(frame, CFRangeMake(0, 0), &origins)
        for index in 0..<count {
            let line = unsafeBitCast(CFArrayGetValueAtIndex(lines, index), to: CTLine.self)
            ctx.textPosition = origins[index]
            CTLineDraw(line, ctx)
        }
    }
}

/// The kern a run was given, read from its attributes as a Core Foundation number.
func kern(of run: CTRun) -> Double {
    let attributes = CTRunGetAttributes(run) as NSDictionary
    guard let number = attributes[kCTKernAttributeName as String] as? CFNumber else { return 0 }
    return number.doubleValue
}
