import CoreGraphics
import CoreText
import XCTest

// Optical bounds without an `opbd` table are Core Text's typographic boxes: the font's descent
// below the baseline to its ascent above it, the glyph's advance wide (Apple's documentation of
// CTFontGetOpticalBoundsForGlyphs). DejaVu Sans (fontTools): hhea ascent 1901, descent 483 of
// 2048 units; "A" advances 1401, "i" 569; at 20.48 points a unit is a hundredth of a point.
final class CTFontOpticalBoundsTests: XCTestCase {
    func testEachGlyphHasItsTypographicBoxAndTheResultEnclosesThem() {
        let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20.48, nil)
        var characters: [UniChar] = [65, 105]
        var glyphs = [CGGlyph](repeating: 0, count: 2)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, &characters, &glyphs, 2))
        var rects = [CGRect](repeating: .null, count: 2)
        let all = CTFontGetOpticalBoundsForGlyphs(font, &glyphs, &rects, 2, 0)
        let tolerance = 1.0 / 1024
        for (rect, advance) in zip(rects, [14.01, 5.69]) {
            XCTAssertEqual(rect.minX, 0)
            XCTAssertEqual(rect.minY, -4.83, accuracy: tolerance)
            XCTAssertEqual(rect.maxY, 19.01, accuracy: tolerance)
            XCTAssertEqual(rect.width, advance, accuracy: tolerance)
        }
        XCTAssertEqual(all.width, 14.01, accuracy: tolerance)
        XCTAssertEqual(all.height, 23.84, accuracy: tolerance)
        XCTAssertEqual(CTFontGetOpticalBoundsForGlyphs(font, &glyphs, nil, 0, 0), .zero, "no glyphs, no box")
    }
}
