import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// Caret positions inside ligature glyphs, as a font's OpenType GDEF table gives them. No font
// the setup script installs lists any, so the test makes one: DejaVu Sans renamed (family
// "Lamina Liga", PostScript name "LaminaLiga") with its GDEF table replaced by one whose
// ligature caret list gives the "fi" glyph (5042, fontTools' glyph order) one caret at 600
// units and the "ffi" glyph (5044) two, at 500 and 1100 units. DejaVu Sans has 2048 units per
// em, so at 20.48 points a unit is a hundredth of a point.
final class CTFontLigatureCaretTests: XCTestCase {
    private var graphicsFont: CGFont?

    /// A GDEF table (version 1.0) with only a ligature caret list: format 1 carets (an x
    /// coordinate in font units) for `carets`, by glyph in ascending order.
    private static func ligatureCaretTable(_ carets: [(glyph: UInt16, coordinates: [Int16])]) -> Data {
        var data = Data()
        func put(_ value: UInt16) { data.append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)]) }
        // Header: version, glyph class definitions, attachment list, caret list (after the
        // 12-byte header), mark attachment classes.
        [1, 0, 0, 0, 12, 0].forEach(put)
        // The caret list: its coverage's offset, the ligature count, each ligature's offset.
        let coverageSize = 4 + 2 * carets.count
        let listHeaderSize = 4 + 2 * carets.count
        put(UInt16(listHeaderSize))
        put(UInt16(carets.count))
        var ligatureOffset = listHeaderSize + coverageSize
        for ligature in carets {
            put(UInt16(ligatureOffset))
            ligatureOffset += 2 + 2 * ligature.coordinates.count + 4 * ligature.coordinates.count
        }
        // Coverage format 1: the glyphs.
        put(1)
        put(UInt16(carets.count))
        carets.forEach { put($0.glyph) }
        // Each ligature: its caret count, each caret value's offset, then the values.
        for ligature in carets {
            let count = ligature.coordinates.count
            put(UInt16(count))
            for index in 0..<count { put(UInt16(2 + 2 * count + 4 * index)) }
            for coordinate in ligature.coordinates {
                put(1)
                put(UInt16(bitPattern: coordinate))
            }
        }
        return data
    }

    override func setUpWithError() throws {
        let renamed = try renamedFontBytes(
            of: "DejaVu Sans:style=Book", [("DejaVu Sans", "Lamina Liga"), ("DejaVuSans", "LaminaLiga"), ("DejaVu", "Lamina")])
        let bytes = replacingTable(
            "GDEF", with: Self.ligatureCaretTable([(5042, [600]), (5044, [500, 1100])]), in: renamed)
        let font = try XCTUnwrap(CGDataProvider(data: bytes as CFData).flatMap(CGFont.init))
        XCTAssertTrue(CTFontManagerRegisterGraphicsFont(font, nil))
        graphicsFont = font
    }

    override func tearDownWithError() throws {
        if let graphicsFont { CTFontManagerUnregisterGraphicsFont(graphicsFont, nil) }
    }

    func testALigatureGlyphsCaretsAreTheFontsInPoints() throws {
        let font = CTFontCreateWithName("LaminaLiga" as CFString, 20.48, nil)
        XCTAssertEqual(CTFontCopyFamilyName(font) as String, "Lamina Liga")
        var positions = [CGFloat](repeating: -1, count: 4)
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 5042, &positions, 4), 1)
        XCTAssertEqual(positions, [6, -1, -1, -1])
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 5044, &positions, 4), 2)
        XCTAssertEqual(positions, [5, 11, -1, -1])
    }

    func testTheCountIsTheGlyphsWhateverTheBufferHolds() throws {
        let font = CTFontCreateWithName("LaminaLiga" as CFString, 40.96, nil)
        var positions: [CGFloat] = [-1, -1]
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 5044, &positions, 1), 2, "two carets, one asked for")
        XCTAssertEqual(positions, [10, -1])
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 5044, nil, 0), 2, "no buffer: the count alone")
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 5044, &positions, 0), 2)
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 5044, &positions, -3), 2, "a negative maximum fills nothing")
        XCTAssertEqual(positions, [10, -1])
    }

    func testAGlyphOrFontWithoutCaretsHasNone() throws {
        let font = CTFontCreateWithName("LaminaLiga" as CFString, 20.48, nil)
        var positions: [CGFloat] = [-1]
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 5043, &positions, 1), 0, "fl is not in the list")
        XCTAssertEqual(CTFontGetLigatureCaretPositions(font, 60_000, &positions, 1), 0, "no such glyph")
        XCTAssertEqual(CTFontGetLigatureCaretPositions(CTFontCreateWithName("DejaVu Sans" as CFString, 20, nil), 5042, &positions, 1), 0)
        XCTAssertEqual(positions, [-1])
    }
}
