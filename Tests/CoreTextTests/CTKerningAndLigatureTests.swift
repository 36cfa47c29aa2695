import CoreGraphics
import CoreText
import Foundation
import XCTest

// The font's own kerning and ligatures under Core Text's attributes. Apple's documentation of
// kCTKernAttributeName: "If this attribute is not present, standard kerning is used. If this
// attribute is set to 0.0, no kerning is done at all." Of kCTLigatureAttributeName: 0 forms
// only the ligatures essential to the script, 1 (the default) the standard ones, 2 all.
//
// The figures are DejaVu Sans's, read with fontTools 4.38 from DejaVuSans.ttf (2048 units per
// em): "A" and "V" advance 1401 units; its GPOS kern feature moves "V" after "A", and "A"
// after "V", by -131 units; its liga feature makes "f" "i" the glyph "fi" (id 5042), its
// dlig feature makes "s" "t" the glyph "uniFB06" (id 5047); "f" is glyph 73, "i" 76, "s" 86
// and "t" 87. At 20.48 points a unit is a hundredth of a point.
final class CTKerningAndLigatureTests: XCTestCase {
    private let font = CTFontCreateWithName("DejaVu Sans" as CFString, 20.48, nil)
    /// "A", "V", "A" by their advances alone, in points.
    private let unkerned: Double = 3 * 1401 / 100
    /// The two kerning pairs of "AVA", in points.
    private let pairs: Double = -2 * 131 / 100

    private func line(_ text: String, _ extra: [NSAttributedString.Key: Any] = [:]) -> CTLine {
        CTLineCreateWithAttributedString(
            NSAttributedString(string: text, attributes: [.font: font].merging(extra) { $1 }))
    }

    private func glyphs(of line: CTLine) -> [CGGlyph] { line.glyphsOfRuns }

    func testWithoutAKernAttributeTheFontsKerningPairsApply() {
        let width = CTLineGetTypographicBounds(line("AVA"), nil, nil, nil)
        XCTAssertEqual(width, unkerned + pairs, accuracy: 3.0 / 1024)
    }

    func testAKernOfZeroTurnsTheFontsKerningOff() {
        let width = CTLineGetTypographicBounds(line("AVA", [.kern: 0]), nil, nil, nil)
        XCTAssertEqual(width, unkerned, accuracy: 3.0 / 1024)
    }

    func testANonZeroKernAddsToTheFontsKerning() {
        let width = CTLineGetTypographicBounds(line("AVA", [.kern: 1.5]), nil, nil, nil)
        XCTAssertEqual(width, unkerned + pairs + 3 * 1.5, accuracy: 3.0 / 1024)
    }

    // Apple's documentation of kCTTrackingAttributeName: tracking is added after each
    // character cluster like a kern, "a non-zero amount disables non-essential ligatures
    // unless overridden by kCTLigatureAttributeName being present", and "if both
    // kCTKernAttributeName and kCTTrackingAttributeName are present kCTKernAttributeName will be
    // ignored unless zero; kCTTrackingAttributeName will still be honored."
    func testTrackingAddsToTheFontsKerningAndWinsOverAKern() {
        XCTAssertEqual(CTLineGetTypographicBounds(line("AVA", [.tracking: 1.5]), nil, nil, nil), unkerned + pairs + 3 * 1.5, accuracy: 3.0 / 1024)
        XCTAssertEqual(
            CTLineGetTypographicBounds(line("AVA", [.tracking: 1.5, .kern: 4]), nil, nil, nil), unkerned + pairs + 3 * 1.5,
            accuracy: 3.0 / 1024, "the kern is ignored")
        XCTAssertEqual(
            CTLineGetTypographicBounds(line("AVA", [.tracking: 1.5, .kern: 0]), nil, nil, nil), unkerned + 3 * 1.5,
            accuracy: 3.0 / 1024, "a kern of 0 still turns the font's kerning off")
        XCTAssertEqual(
            CTLineGetTypographicBounds(line("AVA", [NSAttributedString.Key(kCTTrackingAttributeName): 1.5]), nil, nil, nil),
            unkerned + pairs + 3 * 1.5, accuracy: 3.0 / 1024, "Core Text's key is the same attribute")
    }

    func testTrackingKeepsOnlyEssentialLigatures() {
        XCTAssertEqual(glyphs(of: line("fi", [.tracking: 1])), [73, 76])
        XCTAssertEqual(glyphs(of: line("fi", [.tracking: 0])), [5042], "no tracking")
    }

    func testStandardLigaturesFormByDefaultAndWithALigatureOfOne() {
        XCTAssertEqual(glyphs(of: line("fi")), [5042])
        XCTAssertEqual(glyphs(of: line("fi", [.ligature: 1])), [5042])
    }

    func testALigatureOfZeroKeepsTheCharactersApart() {
        XCTAssertEqual(glyphs(of: line("fi", [.ligature: 0])), [73, 76])
    }

    func testDiscretionaryLigaturesFormOnlyWithALigatureOfTwo() {
        XCTAssertEqual(glyphs(of: line("st")), [86, 87])
        XCTAssertEqual(glyphs(of: line("st", [.ligature: 2])), [5047])
        XCTAssertEqual(glyphs(of: line("fi", [.ligature: 2])), [5042])
    }
}
