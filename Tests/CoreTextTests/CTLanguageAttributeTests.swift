import CoreGraphics
import CoreText
import Foundation
import XCTest

// A run's language (Core Text's kCTLanguageAttributeName, documented by Apple as selecting
// "localized glyphs (if supported by the font)"). The expected glyphs are the fonts' own: their
// GSUB tables (read with fontTools) map, under the `locl` feature, DejaVu Sans's Cyrillic б
// (U+0431) to its Serbian form for the language system cyrl/SRB, which its character map also
// gives for U+F6C5, and Inter's Ş (U+015E) to Ș (U+0218) for latn/ROM.
final class CTLanguageAttributeTests: XCTestCase {
    private let dejaVu = CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil)
    private let inter = CTFontCreateWithName("Inter" as CFString, 24, nil)

    private func glyphs(_ text: String, font: CTFont, language: String?) -> [CGGlyph] {
        var attributes: [NSAttributedString.Key: Any] = [.font: font]
        if let language { attributes[NSAttributedString.Key(kCTLanguageAttributeName)] = language }
        return CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes)).glyphsOfRuns
    }

    private func mapped(_ scalar: UInt16, in font: CTFont) -> CGGlyph {
        let glyph = font.mappedGlyph(scalar)
        XCTAssertNotEqual(glyph, 0)
        return glyph
    }

    func testTheLanguageSelectsTheFontsLocalizedGlyphs() {
        let cyrillicBe = mapped(0x0431, in: dejaVu), serbianBe = mapped(0xF6C5, in: dejaVu)
        XCTAssertNotEqual(cyrillicBe, serbianBe)
        XCTAssertEqual(glyphs("б", font: dejaVu, language: nil), [cyrillicBe])
        XCTAssertEqual(glyphs("б", font: dejaVu, language: "ru"), [cyrillicBe], "Russian has no localized form")
        XCTAssertEqual(glyphs("б", font: dejaVu, language: "sr"), [serbianBe])
        XCTAssertEqual(glyphs("б", font: dejaVu, language: "sr_RS"), [serbianBe], "a locale identifier with its region")

        let cedilla = mapped(0x015E, in: inter), commaBelow = mapped(0x0218, in: inter)
        XCTAssertNotEqual(cedilla, commaBelow)
        XCTAssertEqual(glyphs("Ş", font: inter, language: "tr"), [cedilla])
        XCTAssertEqual(glyphs("Ş", font: inter, language: "ro-RO"), [commaBelow])
    }

    func testTheLanguageAppliesToItsRunOnly() {
        let text = NSMutableAttributedString(string: "бб", attributes: [.font: dejaVu])
        text.addAttribute(NSAttributedString.Key(kCTLanguageAttributeName), value: "sr", range: NSRange(location: 1, length: 1))
        let line = CTLineCreateWithAttributedString(text)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        XCTAssertEqual(line.glyphsOfRuns, [mapped(0x0431, in: dejaVu), mapped(0xF6C5, in: dejaVu)])
        XCTAssertEqual(runs.count, 2)
        XCTAssertEqual((CTRunGetAttributes(runs[1]) as NSDictionary)[kCTLanguageAttributeName] as? String, "sr")
    }

    func testValuesThatAreNotLanguagesAreIgnored() {
        let plain = glyphs("б", font: dejaVu, language: nil)
        for value: Any in ["", "   ", 42, CGColor.black] {
            let attributes: [NSAttributedString.Key: Any] = [.font: dejaVu, NSAttributedString.Key(kCTLanguageAttributeName): value]
            let line = CTLineCreateWithAttributedString(NSAttributedString(string: "б", attributes: attributes))
            let run = (CTLineGetGlyphRuns(line) as! [CTRun])[0]
            var glyph: CGGlyph = 0
            CTRunGetGlyphs(run, CFRange(location: 0, length: 1), &glyph)
            XCTAssertEqual([glyph], plain, "\(value)")
        }
        XCTAssertEqual(glyphs("б", font: dejaVu, language: "xx-nonsense"), plain, "a language the font has no forms for")
    }

    func testTheFontForAStringInALanguageIsTheFontItWouldBeDrawnIn() {
        // The current font when it has the characters; nil language is CTFontCreateForString.
        let latin = CTFontCreateForStringWithLanguage(dejaVu, "abc" as CFString, CFRange(location: 0, length: 3), "sr" as CFString)
        XCTAssertEqual(CTFontCopyPostScriptName(latin), CTFontCopyPostScriptName(dejaVu))
        let symbols = CTFontCreateWithName("Standard Symbols PS" as CFString, 20, nil)
        let text = "αб" as CFString
        let fallback = CTFontCreateForStringWithLanguage(symbols, text, CFRange(location: 1, length: 1), "sr" as CFString)
        XCTAssertEqual(CTFontCopyPostScriptName(fallback), CTFontCopyPostScriptName(CTFontCreateForString(symbols, text, CFRange(location: 1, length: 1))))
        XCTAssertNotEqual(CTFontCopyPostScriptName(fallback), CTFontCopyPostScriptName(symbols), "Standard Symbols has no Cyrillic")
        XCTAssertEqual(CTFontGetSize(fallback), 20)
        let unset = CTFontCreateForStringWithLanguage(symbols, text, CFRange(location: 1, length: 1), nil)
        XCTAssertEqual(CTFontCopyPostScriptName(unset), CTFontCopyPostScriptName(fallback))
        XCTAssertTrue(CTFontCreateForStringWithLanguage(symbols, text, CFRange(location: 5, length: 1), "sr" as CFString) === symbols, "out of range")
    }
}
