import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// A font's file (kCTFontURLAttribute) is the one fontconfig matches (`fc-match -f '%{file}'`),
// and its glyph names are the font's own: DejaVu Sans (6253 glyphs, `post` format 2) names
// glyph 36 "A", 102 "currency" and 5042 "fi" (fontTools, `TTFont('DejaVuSans.ttf').getGlyphOrder()`).
final class CTFontFileAndGlyphNameTests: XCTestCase {
    func testAFontsURLIsTheFileFontconfigMatches() throws {
        for name in ["DejaVu Sans", "Helvetica", "Lato"] {
            let expected = try fcMatch(name, format: "%{file}")
            let font = CTFontCreateWithName(name as CFString, 12, nil)
            let url = try XCTUnwrap(CTFontCopyAttribute(font, kCTFontURLAttribute) as? URL, name)
            XCTAssertEqual(url.path, expected, name)
            let described = CTFontDescriptorCopyAttribute(CTFontCopyFontDescriptor(font), kCTFontURLAttribute) as? URL
            XCTAssertEqual(described?.path, expected, name)
        }
    }

    func testGlyphNamesAreTheFontsOwn() throws {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 12, nil)
        let names: [(CGGlyph, String)] = [(36, "A"), (102, "currency"), (5042, "fi")]
        for (glyph, name) in names {
            XCTAssertEqual(CTFontCopyNameForGlyph(font, glyph) as String?, name)
            XCTAssertEqual(CTFontGetGlyphWithName(font, name as CFString), glyph, "the name finds the glyph back")
        }
        XCTAssertNil(CTFontCopyNameForGlyph(font, 6253), "past the font's glyphs")
    }
}
