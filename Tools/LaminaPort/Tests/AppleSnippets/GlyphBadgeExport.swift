import UIKit
import CoreText
import ImageIO
import MobileCoreServices

/// A badge drawn glyph by glyph and written to a PNG file, in the terse style of C-era Core
/// Text code: results that only confirm success are not read.
enum GlyphBadgeExport {
    static func registerBundledFont(named name: String) {
        guard let url = Bundle.main.url(forResource: name, withExtension: "ttf") else { return }
        CTFontManagerRegisterFontsForURL(url as CFURL, .process, nil)
    }

    static func drawBadge(_ text: String, in context: CGContext, size: CGFloat) {
        let font = CTFontCreateWithName("Helvetica-Bold" as CFString, size, nil)
        let characters = Array(text.utf16)
        var glyphs = [CGGlyph](repeating: 0, count: characters.count)
        CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count)
        var advances = [CGSize](repeating: .zero, count: glyphs.count)
        CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, glyphs.count)
        var positions: [CGPoint] = []
        var x: CGFloat = 4
        for advance in advances {
            positions.append(CGPoint(x: x, y: 4 + CTFontGetDescent(font)))
            x += advance.width
        }
        context.setFillColor(UIColor.white.cgColor)
        CTFontDrawGlyphs(font, glyphs, positions, glyphs.count, context)

        var ascent: CGFloat = 0
        var descent: CGFloat = 0
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: font]))
        CTLineGetTypographicBounds(line, &ascent, &descent, nil)
        context.setStrokeColor(UIColor.white.cgColor)
        context.stroke(CGRect(x: 2, y: 2, width: x, height: ascent + descent + 4))
    }

    static func writePNG(_ image: CGImage, to url: URL) {
        guard let destination = CGImageDestinationCreateWithURL(url as CFURL, kUTTypePNG, 1, nil) else { return }
        CGImageDestinationAddImage(destination, image, nil)
        CGImageDestinationFinalize(destination)
    }
}
