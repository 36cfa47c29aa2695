import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// The expected figures are DejaVu Sans's and DejaVu Sans Mono's own, read from the font
// files fontconfig matches for Apple's names (`fc-match -f '%{file}' Helvetica` gives
// /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf on the machines these tests run on) with
// fontTools 4.68 (`TTFont(path)['hhea'].ascent`, `['head'].unitsPerEm`, `['glyf']['H'].yMax`,
// `['hmtx']['H']`, `getBestCmap()`, …): font units, scaled here by size ÷ 2048 (16 points
// makes every figure exact in binary).
final class CTFontMetricsTests: XCTestCase {
    /// Font units of a 2048-unit em at 16 points.
    private func points(_ units: Int) -> CGFloat { CGFloat(units) * 16 / 2048 }

    /// The file fontconfig matches for `name`, as `fc-match` itself answers.
    static func fcMatchFile(_ name: String) throws -> String {
        try fcMatch(name, format: "%{file}")
    }

    func testHelveticasMetricsAreTheMatchedFontsOwn() throws {
        XCTAssertEqual(try Self.fcMatchFile("Helvetica"), "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "the figures below are this file's")
        let font = CTFontCreateWithName("Helvetica" as CFString, 16, nil)
        XCTAssertEqual(CTFontGetUnitsPerEm(font), 2048)  // head.unitsPerEm
        XCTAssertEqual(CTFontGetAscent(font), points(1901))  // hhea.ascent
        XCTAssertEqual(CTFontGetDescent(font), points(483))  // -hhea.descent
        XCTAssertEqual(CTFontGetLeading(font), points(0))  // hhea.lineGap
        // OS/2 is version 1 (no sCapHeight or sxHeight): the tops of "H" and "x".
        XCTAssertEqual(CTFontGetCapHeight(font), points(1493))  // glyf['H'].yMax
        XCTAssertEqual(CTFontGetXHeight(font), points(1120))  // glyf['x'].yMax
        XCTAssertEqual(CTFontGetUnderlinePosition(font), points(-40))  // post.underlinePosition
        XCTAssertEqual(CTFontGetUnderlineThickness(font), points(90))  // post.underlineThickness
        XCTAssertEqual(CTFontGetGlyphCount(font), 6253)  // maxp.numGlyphs
        // head.xMin, yMin, xMax, yMax = -2090, -948, 3673, 2524.
        XCTAssertEqual(
            CTFontGetBoundingBox(font), CGRect(x: points(-2090), y: points(-948), width: points(3673 + 2090), height: points(2524 + 948)))
    }

    func testGlyphsAdvancesAndInkAreTheFontsOwn() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 16, nil)
        let characters = Array("Hello".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: characters.count)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count))
        XCTAssertEqual(glyphs, [43, 72, 79, 79, 82])  // getGlyphID of cmap['H'], ['e'], ['l'], ['l'], ['o']
        var advances = [CGSize](repeating: .zero, count: glyphs.count)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, glyphs.count)
        // hmtx advances 1540, 1260, 569, 569, 1253.
        XCTAssertEqual(advances.map(\.width), [1540, 1260, 569, 569, 1253].map(points))
        XCTAssertEqual(total, Double(points(1540 + 1260 + 569 + 569 + 1253)))
        var rects = [CGRect](repeating: .null, count: 1)
        let box = CTFontGetBoundingRectsForGlyphs(font, .horizontal, glyphs, &rects, 1)
        // glyf['H']: xMin 201, yMin 0, xMax 1339, yMax 1493.
        XCTAssertEqual(rects[0], CGRect(x: points(201), y: 0, width: points(1339 - 201), height: points(1493)))
        XCTAssertEqual(box, rects[0])
        // FreeType hands outlines over in 26.6 fixed point: within 1/64 point of the font units.
        let path = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyphs[0], nil))
        let bounds = path.boundingBoxOfPath
        XCTAssertEqual(bounds.minX, points(201), accuracy: 1.0 / 64)
        XCTAssertEqual(bounds.maxX, points(1339), accuracy: 1.0 / 64)
        XCTAssertEqual(bounds.minY, 0, accuracy: 1.0 / 64)
        XCTAssertEqual(bounds.maxY, points(1493), accuracy: 1.0 / 64)
    }

    func testAppleMonospacedNamesDrawInTheMonospacedFamily() throws {
        XCTAssertEqual(try Self.fcMatchFile("monospace"), "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithName("Menlo" as CFString, 16, nil)), "DejaVu Sans Mono")
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithName("Menlo-Bold" as CFString, 16, nil)), "DejaVu Sans Mono")
        let menlo = CTFontCreateWithName("Menlo" as CFString, 16, nil)
        var glyph: CGGlyph = 0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(menlo, [UniChar(UInt8(ascii: "i"))], &glyph, 1))
        var advance = CGSize.zero
        _ = CTFontGetAdvancesForGlyphs(menlo, .horizontal, &glyph, &advance, 1)
        XCTAssertEqual(advance.width, points(1233))  // DejaVuSansMono hmtx advance of every glyph
    }

    func testUnknownNamesFallBackAndMissingGlyphsAreZero() throws {
        let unknown = CTFontCreateWithName("No Such Font Anywhere" as CFString, 16, nil)
        XCTAssertEqual(CTFontCopyFamilyName(unknown), "DejaVu Sans", "fontconfig's default sans-serif")
        XCTAssertEqual(CTFontGetAscent(unknown), points(1901))
        // U+E000 (private use) is in no DejaVu cmap.
        var glyphs: [CGGlyph] = [7, 7]
        XCTAssertFalse(CTFontGetGlyphsForCharacters(unknown, [0x48, 0xE000], &glyphs, 2))
        XCTAssertEqual(glyphs, [43, 0])
        XCTAssertNil(CTFontCreatePathForGlyph(unknown, 65_000, nil), "no such glyph")
        XCTAssertEqual(CTFontGetAdvancesForGlyphs(unknown, .horizontal, [], nil, 0), 0)
    }
}
