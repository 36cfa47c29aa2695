import CoreGraphics
import CoreText
import Foundation
import XCTest

// Sizes and kerns far outside what text is set in are taken within Lamina's limits instead of
// overflowing Pango's 32-bit units. Expected figures are DejaVu Sans Mono's (fontconfig's
// "Menlo"), read with fontTools: every glyph advances 1233 of 2048 units (`['hmtx']`), and its
// ascent is 1901 units (`['hhea'].ascent`).
final class CTOutOfRangeSizesTests: XCTestCase {
    private let advanceUnits: CGFloat = 1233
    private let unitsPerEm: CGFloat = 2048

    private func line(_ text: String, size: CGFloat, kern: CGFloat = 0) -> CTLine {
        let font = CTFontCreateWithName("Menlo" as CFString, size, nil)
        var attributes: [NSAttributedString.Key: Any] = [.font: font]
        if kern != 0 { attributes[.kern] = kern }
        return CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes))
    }

    private func positions(of line: CTLine) throws -> [CGPoint] {
        let run = try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
        var positions = [CGPoint](repeating: .zero, count: CTRunGetGlyphCount(run))
        CTRunGetPositions(run, CFRange(location: 0, length: 0), &positions)
        return positions
    }

    func testASizeAboveTenThousandPointsIsTenThousandPoints() {
        for size in [CGFloat(10_001), 1e9, .greatestFiniteMagnitude] {
            let font = CTFontCreateWithName("Menlo" as CFString, size, nil)
            XCTAssertEqual(CTFontGetSize(font), 10_000, "\(size)")
            XCTAssertEqual(CTFontGetAscent(font), 1901 * 10_000 / unitsPerEm, "\(size)")
        }
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithName("Menlo" as CFString, 10_000, nil)), 10_000)
    }

    func testALineOfLargeGlyphsLongerThanPangosUnitsReachKeepsEachGlyphsPosition() throws {
        // 400 glyphs of 6020.5 points end 2.4 million points out: 2.46e9 Pango units, past Int32.
        let positions = try positions(of: line(String(repeating: "M", count: 400), size: 10_000))
        XCTAssertEqual(positions.count, 400)
        let advance = advanceUnits * 10_000 / unitsPerEm
        for (index, position) in positions.enumerated() where index % 50 == 49 {
            XCTAssertEqual(position.x, CGFloat(index) * advance, "glyph \(index)")
            XCTAssertEqual(position.y, 0)
        }
    }

    func testAKernBeyondAMillionPointsIsAMillionPoints() throws {
        let advance = advanceUnits * 16 / unitsPerEm
        for kern in [CGFloat(1e300), .greatestFiniteMagnitude] {
            let positions = try positions(of: line("MM", size: 16, kern: kern))
            XCTAssertEqual(positions.map(\.x), [0, advance + 1_000_000], "\(kern)")
        }
        let negative = try positions(of: line("MM", size: 16, kern: -1e300))
        XCTAssertEqual(negative.map(\.x), [0, advance - 1_000_000])
    }
}
