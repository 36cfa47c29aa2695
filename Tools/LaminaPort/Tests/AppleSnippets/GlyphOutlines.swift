import UIKit
import CoreText

/// The outlines of a string's glyphs as one path, drawn by a shape layer as if handwritten.
func glyphPath(for string: String, fontName: String, size: CGFloat) -> CGPath {
    let font = CTFontCreateWithName(fontName as CFString, size, nil)
    let attributed = NSAttributedString(string: string, attributes: [kCTFontAttributeName as NSAttributedString.Key: font])
    let line = CTLineCreateWithAttributedString(attributed)
    let runs = CTLineGetGlyphRuns(line) as! [CTRun]
    let letters = CGMutablePath()
    for run in runs {
        let attributes = CTRunGetAttributes(run) as NSDictionary
        let runFont = attributes[kCTFontAttributeName as String] as! CTFont
        for index in 0..<CTRunGetGlyphCount(run) {
            let range = CFRangeMake(index, 1)
            var glyph = CGGlyph()
            var position = CGPoint()
            CTRunGetGlyphs(run, range, &glyph)
            CTRunGetPositions(run, range, &position)
            if let letter = CTFontCreatePathForGlyph(runFont, glyph, nil) {
                let transform = CGAffineTransform(translationX: position.x, y: position.y)
                letters.addPath(letter, transform: transform)
            }
        }
    }
    return letters
}

func makeHandwritingLayer(text: String) -> CAShapeLayer {
    let path = glyphPath(for: text, fontName: "Georgia", size: 48)
    let layer = CAShapeLayer()
    layer.bounds = path.boundingBoxOfPath
    layer.isGeometryFlipped = true
    layer.path = path
    layer.strokeColor = CGColor(gray: 0, alpha: 1)
    layer.fillColor = nil
    layer.lineWidth = 1
    layer.lineJoin = .bevel
    let write = CABasicAnimation(keyPath: "strokeEnd")
    write.fromValue = 0
    write.toValue = 1
    write.duration = 3
    layer.add(write, forKey: "write")
    return layer
}

func lineWidth(of string: NSAttributedString) -> Double {
    let line = CTLineCreateWithAttributedString(string as CFAttributedString)
    var ascent: CGFloat = 0
    var descent: CGFloat = 0
    var leading: CGFloat = 0
    return CTLineGetTypographicBounds(line, &ascent, &descent, &leading)
}
