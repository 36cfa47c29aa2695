import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// The expected figures are the fonts' own, read from the files fontconfig matches for Apple's
// names with fontTools 4.38 (`TTFont(path)['hhea'].ascent`, `['head'].unitsPerEm`,
// `['OS/2'].sCapHeight`, `['hmtx']['H']`, `getBestCmap()`, a `BoundsPen` over a glyph, …): font
// units, scaled here by size ÷ units per em. Helvetica is Nimbus Sans, URW's metric-compatible
// Helvetica (`fc-match -f '%{file}' Helvetica` gives
// /usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf once scripts/setup-debian.sh has
// installed fonts-urw-base35); Menlo is DejaVu Sans Mono, whose 2048-unit em makes every figure
// at 16 points exact in binary.
final class CTFontMetricsTests: XCTestCase {
    /// Font units of a 2048-unit em at 16 points.
    private func points(_ units: Int) -> CGFloat { CGFloat(units) * 16 / 2048 }
    /// Font units of Nimbus Sans's 1000-unit em at 16 points.
    private func nimbus(_ units: Int) -> CGFloat { CGFloat(units) * 16 / 1000 }

    /// The file fontconfig matches for `name`, as `fc-match` itself answers.
    static func fcMatchFile(_ name: String) throws -> String {
        try fcMatch(name, format: "%{file}")
    }

    static let nimbusSans = "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"

    func testHelveticasMetricsAreTheMatchedFontsOwn() throws {
        XCTAssertEqual(try Self.fcMatchFile("Helvetica"), Self.nimbusSans, "the figures below are this file's")
        let font = CTFontCreateWithName("Helvetica" as CFString, 16, nil)
        XCTAssertEqual(CTFontCopyFamilyName(font), "Nimbus Sans")
        XCTAssertEqual(CTFontGetUnitsPerEm(font), 1000)  // head.unitsPerEm
        let accuracy = 1e-9
        XCTAssertEqual(CTFontGetAscent(font), nimbus(729), accuracy: accuracy)  // hhea.ascent
        XCTAssertEqual(CTFontGetDescent(font), nimbus(271), accuracy: accuracy)  // -hhea.descent
        XCTAssertEqual(CTFontGetLeading(font), nimbus(200), accuracy: accuracy)  // hhea.lineGap
        // OS/2 is version 3: its own cap and x heights.
        XCTAssertEqual(CTFontGetCapHeight(font), nimbus(718), accuracy: accuracy)  // OS/2.sCapHeight
        XCTAssertEqual(CTFontGetXHeight(font), nimbus(516), accuracy: accuracy)  // OS/2.sxHeight
        XCTAssertEqual(CTFontGetUnderlinePosition(font), nimbus(-126), accuracy: accuracy)  // post.underlinePosition
        XCTAssertEqual(CTFontGetUnderlineThickness(font), nimbus(50), accuracy: accuracy)  // post.underlineThickness
        XCTAssertEqual(CTFontGetGlyphCount(font), 855)  // maxp.numGlyphs
        // head.xMin, yMin, xMax, yMax = -210, -299, 1032, 1075.
        let box = CTFontGetBoundingBox(font)
        XCTAssertEqual(box.minX, nimbus(-210), accuracy: accuracy)
        XCTAssertEqual(box.minY, nimbus(-299), accuracy: accuracy)
        XCTAssertEqual(box.width, nimbus(1032 + 210), accuracy: accuracy)
        XCTAssertEqual(box.height, nimbus(1075 + 299), accuracy: accuracy)
    }

    func testGlyphsAdvancesAndInkAreTheFontsOwn() throws {
        let font = CTFontCreateWithName("Helvetica" as CFString, 16, nil)
        let characters = Array("Hello".utf16)
        var glyphs = [CGGlyph](repeating: 0, count: characters.count)
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, characters, &glyphs, characters.count))
        XCTAssertEqual(glyphs, [41, 70, 77, 77, 80])  // getGlyphID of cmap['H'], ['e'], ['l'], ['l'], ['o']
        var advances = [CGSize](repeating: .zero, count: glyphs.count)
        let total = CTFontGetAdvancesForGlyphs(font, .horizontal, glyphs, &advances, glyphs.count)
        // hmtx advances 722, 556, 222, 222, 556.
        for (advance, units) in zip(advances.map(\.width), [722, 556, 222, 222, 556]) {
            XCTAssertEqual(advance, nimbus(units), accuracy: 1e-9)
        }
        XCTAssertEqual(total, Double(nimbus(722 + 556 + 222 + 222 + 556)), accuracy: 1e-9)
        var rects = [CGRect](repeating: .null, count: 1)
        let box = CTFontGetBoundingRectsForGlyphs(font, .horizontal, glyphs, &rects, 1)
        // The outline of 'H' (BoundsPen): xMin 83, yMin 0, xMax 644, yMax 729. FreeType hands
        // outlines over in 26.6 fixed point: within 1/64 point of the font units.
        for (found, units) in [(rects[0].minX, 83), (rects[0].minY, 0), (rects[0].maxX, 644), (rects[0].maxY, 729)] {
            XCTAssertEqual(found, nimbus(units), accuracy: 1.0 / 64)
        }
        XCTAssertEqual(box, rects[0])
        let path = try XCTUnwrap(CTFontCreatePathForGlyph(font, glyphs[0], nil))
        let bounds = path.boundingBoxOfPath
        XCTAssertEqual(bounds.minX, nimbus(83), accuracy: 1.0 / 64)
        XCTAssertEqual(bounds.maxX, nimbus(644), accuracy: 1.0 / 64)
        XCTAssertEqual(bounds.minY, 0, accuracy: 1.0 / 64)
        XCTAssertEqual(bounds.maxY, nimbus(729), accuracy: 1.0 / 64)
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

    func testAvenirIsDrawnInLatoInItsStyle() throws {
        // Lato Medium (fonts-lato, which scripts/setup-debian.sh installs): a 2000-unit em; its
        // OS/2 table asks for its typographic metrics (fsSelection bit 7): ascender 1610,
        // descender -390; "T" advances 1184 units (1181 in Lato Regular) (fontTools). Avenir
        // Next has Avenir Next's own vertical metrics (CTStandInMetricsTests), Lato's advances.
        let lato = "/usr/share/fonts/truetype/lato/Lato-Medium.ttf"
        XCTAssertEqual(try Self.fcMatchFile("Lato:medium"), lato, "the figures below are this file's")
        func latoUnits(_ units: Int) -> CGFloat { CGFloat(units) * 16 / 2000 }
        for (name, advanceOfT) in [
            ("AvenirNext-Medium", 1184), ("Avenir-Medium", 1184), ("Avenir Next", 1181), ("Avenir Next Medium", 1184),
        ] {
            let font = CTFontCreateWithName(name as CFString, 16, nil)
            XCTAssertEqual(CTFontCopyFamilyName(font), "Lato", name)
            XCTAssertEqual(CTFontGetUnitsPerEm(font), 2000, name)
            if !name.hasPrefix("AvenirNext"), !name.hasPrefix("Avenir Next") {
                XCTAssertEqual(CTFontGetAscent(font), latoUnits(1610), accuracy: 1e-9, name)
                XCTAssertEqual(CTFontGetDescent(font), latoUnits(390), accuracy: 1e-9, name)
            }
            var glyph: CGGlyph = 0
            XCTAssertTrue(CTFontGetGlyphsForCharacters(font, [UniChar(UInt8(ascii: "T"))], &glyph, 1), name)
            XCTAssertEqual(CGFloat(CTFontGetAdvancesForGlyphs(font, .horizontal, &glyph, nil, 1)), latoUnits(advanceOfT), accuracy: 1e-9, name)
        }
    }

    func testTwoWordStylesKeepTheirWeight() throws {
        // Lato's "T" advances 1191 units of 2000 in Lato Semibold (weight class 600), 1200 in
        // Bold and 1146 in Thin (200) (fontTools): "DemiBold" is semibold, "UltraLight" 200.
        func advanceOfT(_ name: String) -> CGFloat {
            let font = CTFontCreateWithName(name as CFString, 16, nil)
            var glyph: CGGlyph = 0
            XCTAssertTrue(CTFontGetGlyphsForCharacters(font, [UniChar(UInt8(ascii: "T"))], &glyph, 1), name)
            return CGFloat(CTFontGetAdvancesForGlyphs(font, .horizontal, &glyph, nil, 1))
        }
        func latoUnits(_ units: Int) -> CGFloat { CGFloat(units) * 16 / 2000 }
        XCTAssertEqual(advanceOfT("AvenirNext-DemiBold"), latoUnits(1191), accuracy: 1e-9)
        XCTAssertEqual(advanceOfT("Avenir Next Demi Bold"), latoUnits(1191), accuracy: 1e-9)
        XCTAssertEqual(advanceOfT("AvenirNext-UltraLight"), latoUnits(1146), accuracy: 1e-9)
        XCTAssertEqual(advanceOfT("AvenirNext-Bold"), latoUnits(1200), accuracy: 1e-9)
        // Gill Sans, which no installed font has, keeps its ultra-bold weight in fontconfig's
        // default family: DejaVu Sans Bold, whose "l" advances 702 units of 2048 (569 in the
        // regular face).
        let gill = CTFontCreateWithName("GillSans-UltraBold" as CFString, 16, nil)
        XCTAssertEqual(CTFontCopyFamilyName(gill), "DejaVu Sans")
        var glyph: CGGlyph = 0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(gill, [UniChar(UInt8(ascii: "l"))], &glyph, 1))
        XCTAssertEqual(CGFloat(CTFontGetAdvancesForGlyphs(gill, .horizontal, &glyph, nil, 1)), points(702), accuracy: 1e-9)
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithName("Gill Sans Ultra Bold" as CFString, 16, nil)), "DejaVu Sans")
    }

    func testANameNoFontHasIsHelveticaInItsRegularStyleAndMissingGlyphsAreZero() throws {
        // Core Text draws a name it has no font for in Helvetica (its default font), regular
        // whatever style the name gives: Apple's renders of lottie-ios's snapshot samples show
        // text asked for in "Oswald-Bold", which iOS does not have, in Helvetica's regular.
        let unknown = CTFontCreateWithName("No Such Font Anywhere" as CFString, 16, nil)
        XCTAssertEqual(CTFontCopyFamilyName(unknown), "Nimbus Sans", "Helvetica, as fontconfig matches it")
        XCTAssertEqual(CTFontGetAscent(unknown), nimbus(729), accuracy: 1e-9)
        // Nimbus Sans's "l" advances 222 units in the regular face, 278 in the bold one (hmtx).
        func advanceOfL(_ name: String) -> CGFloat {
            let font = CTFontCreateWithName(name as CFString, 16, nil)
            var glyph: CGGlyph = 0
            XCTAssertTrue(CTFontGetGlyphsForCharacters(font, [UniChar(UInt8(ascii: "l"))], &glyph, 1), name)
            return CGFloat(CTFontGetAdvancesForGlyphs(font, .horizontal, &glyph, nil, 1))
        }
        XCTAssertEqual(advanceOfL("Oswald-Bold"), nimbus(222), accuracy: 1e-9, "no font of the family: regular Helvetica")
        XCTAssertEqual(advanceOfL("Helvetica-Bold"), nimbus(278), accuracy: 1e-9, "Helvetica keeps its style")
        XCTAssertEqual(advanceOfL("HelveticaNeue-Bold"), nimbus(278), accuracy: 1e-9, "Helvetica Neue is drawn as Helvetica")
        XCTAssertEqual(advanceOfL("Helvetica Neue Bold"), nimbus(278), accuracy: 1e-9, "a full name keeps its style")
        // A family fontconfig lists keeps its own face and style.
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithName("DejaVuSans-Bold" as CFString, 16, nil)), "DejaVu Sans")
        XCTAssertEqual(CTFontCopyFamilyName(CTFontCreateWithName("DejaVu Serif" as CFString, 16, nil)), "DejaVu Serif")
        // U+E000 (private use) is in no cmap here.
        var glyphs: [CGGlyph] = [7, 7]
        XCTAssertFalse(CTFontGetGlyphsForCharacters(unknown, [0x48, 0xE000], &glyphs, 2))
        XCTAssertEqual(glyphs, [41, 0])
        XCTAssertNil(CTFontCreatePathForGlyph(unknown, 65_000, nil), "no such glyph")
        XCTAssertEqual(CTFontGetAdvancesForGlyphs(unknown, .horizontal, [], nil, 0), 0)
    }
}
