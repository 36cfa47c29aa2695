import CoreGraphics
import CoreText
import Foundation
import XCTest

// Characters a font lacks are drawn from a fallback face, and Core Text reports that face as
// the run's font (its documented behaviour for `CTRunGetAttributes`: the attributes the run's
// glyphs are drawn with), so glyph-level code that draws a run's glyphs with the run's font
// draws the right ones. "Menlo" is DejaVu Sans Mono, which has no Hebrew letters.
final class CTFontFallbackTests: XCTestCase {
    private let menlo = CTFontCreateWithName("Menlo" as CFString, 20, nil)
    private let hebrew = "\u{5D0}\u{5D1}\u{5D2}"

    private func runs(_ text: String) throws -> [CTRun] {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: menlo]))
        return try XCTUnwrap(CTLineGetGlyphRuns(line) as? [CTRun])
    }

    func testARunOfAFallbackFaceReportsThatFaceAndItsGlyphsAreItsOwn() throws {
        var letters = Array(hebrew.utf16)
        var missing = [CGGlyph](repeating: 0, count: letters.count)
        XCTAssertFalse(CTFontGetGlyphsForCharacters(menlo, &letters, &missing, letters.count), "Menlo has no Hebrew")

        let run = try XCTUnwrap(try runs(hebrew).first)
        let runFont = try XCTUnwrap(CTRunGetAttributes(run)[kCTFontAttributeName].map { $0 as? CTFont } ?? nil)
        XCTAssertNotEqual(CTFontCopyFamilyName(runFont), CTFontCopyFamilyName(menlo))
        XCTAssertEqual(CTFontGetSize(runFont), 20)
        var expected = [CGGlyph](repeating: 0, count: letters.count)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(runFont, &letters, &expected, letters.count))
        var glyphs = [CGGlyph](repeating: 0, count: CTRunGetGlyphCount(run))
        CTRunGetGlyphs(run, CFRange(), &glyphs)
        // Drawn right to left: the glyphs are the letters' in reverse.
        XCTAssertEqual(glyphs, expected.reversed())
    }

    func testARunOfTheFontsOwnCharactersReportsTheFontItWasGiven() throws {
        let run = try XCTUnwrap(try runs("abc").first)
        XCTAssertTrue((CTRunGetAttributes(run)[kCTFontAttributeName] as? CTFont) === menlo)
    }

    func testTheFontForAStringIsTheFontWhenItHasTheCharactersElseTheFallback() throws {
        XCTAssertTrue(CTFontCreateForString(menlo, "abc" as CFString, CFRange(location: 0, length: 3)) === menlo)
        let fallback = CTFontCreateForString(menlo, "ab\(hebrew)" as CFString, CFRange(location: 2, length: 3))
        XCTAssertNotEqual(CTFontCopyFamilyName(fallback), CTFontCopyFamilyName(menlo))
        var letter = Array("\u{5D0}".utf16)
        var glyph: CGGlyph = 0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(fallback, &letter, &glyph, 1))
        XCTAssertTrue(CTFontCreateForString(menlo, "abc" as CFString, CFRange(location: 9, length: 2)) === menlo, "out of range")
    }
}
