import CoreGraphics
import CoreText

// Reading glyphs back, for tests that compare a line's glyphs with a font's own.

extension CTLine {
    /// The glyphs of the line's runs, in order.
    var glyphsOfRuns: [CGGlyph] {
        (CTLineGetGlyphRuns(self) as? [CTRun] ?? []).flatMap { run -> [CGGlyph] in
            var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
            CTRunGetGlyphs(run, CFRange(), &glyphs)
            return glyphs
        }
    }
}

extension CTFont {
    /// The glyph the font's character map gives the UTF-16 unit `scalar`; 0 where it gives none.
    func mappedGlyph(_ scalar: UInt16) -> CGGlyph {
        var character = scalar
        var glyph: CGGlyph = 0
        return CTFontGetGlyphsForCharacters(self, &character, &glyph, 1) ? glyph : 0
    }
}
