import UIKit
import CoreText

/// Text set round a circle glyph by glyph, each glyph's outline filled at its angle.

func drawCircularText(_ text: String, in ctx: CGContext, center: CGPoint, radius: CGFloat) {
    let font = CTFontCreateWithName("Helvetica-Bold" as CFString, 14, nil)
    let characters = Array(text.utf16)
    var glyphs = [CGGlyph](repeating: 0, count: characters.count)
    guard CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count) else { return }
    var advances = [CGSize](repeating: .zero, count: glyphs.count)
    let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, glyphs.count)
    var angle = CGFloat.pi / 2 + CGFloat(total) / radius / 2
    for (index, glyph) in glyphs.enumerated() {
        let advance = advances[index].width
        angle -= advance / radius / 2
        ctx.saveGState()
        ctx.translateBy(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
        ctx.rotate(by: angle - .pi / 2)
        if let path = CTFontCreatePathForGlyph(font, glyph, nil) {
            ctx.addPath(path)
            ctx.setFillColor(UIColor.black.cgColor)
            ctx.fillPath()
        }
        ctx.restoreGState()
        angle -= advance / radius / 2
    }
}
