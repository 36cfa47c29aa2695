import CoreGraphics
import CoreText
import Foundation
import XCTest

// A run's superscript (Core Text's kCTSuperscriptAttributeName, documented by Apple: "If
// supported by the specified font, a value of 1 enables superscripting and a value of -1
// enables subscripting"). The expected glyphs are the font's own: Inter's GSUB table (read with
// fontTools) maps, under `sups`, the digit 2 and the letter n to the glyphs its character map
// gives for ² (U+00B2) and ⁿ (U+207F), and under `subs` to those of ₂ (U+2082) and ₙ (U+2099).
// DejaVu Sans has neither feature.
final class CTSuperscriptAttributeTests: XCTestCase {
    private let inter = CTFontCreateWithName("Inter" as CFString, 24, nil)
    private let dejaVu = CTFontCreateWithName("DejaVu Sans" as CFString, 24, nil)

    private func glyphs(_ text: String, font: CTFont, superscript: Any?) -> [CGGlyph] {
        var attributes: [NSAttributedString.Key: Any] = [.font: font]
        if let superscript { attributes[NSAttributedString.Key(kCTSuperscriptAttributeName)] = superscript }
        return CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes)).glyphsOfRuns
    }

    private func mapped(_ scalar: UInt16, in font: CTFont) -> CGGlyph {
        let glyph = font.mappedGlyph(scalar)
        XCTAssertNotEqual(glyph, 0)
        return glyph
    }

    func testOneDrawsTheFontsSuperscriptFormsAndMinusOneItsSubscriptForms() {
        let two = mapped(0x32, in: inter), n = mapped(0x6E, in: inter)
        XCTAssertEqual(glyphs("2n", font: inter, superscript: nil), [two, n])
        XCTAssertEqual(glyphs("2n", font: inter, superscript: 0), [two, n])
        XCTAssertEqual(glyphs("2n", font: inter, superscript: 1), [mapped(0x00B2, in: inter), mapped(0x207F, in: inter)])
        XCTAssertEqual(glyphs("2n", font: inter, superscript: -1), [mapped(0x2082, in: inter), mapped(0x2099, in: inter)])
        // Any number: its sign says which.
        XCTAssertEqual(glyphs("2", font: inter, superscript: NSNumber(value: 2.0)), [mapped(0x00B2, in: inter)])
    }

    func testAFontWithoutTheFormsDrawsTheRunAsItIs() {
        XCTAssertEqual(glyphs("2", font: dejaVu, superscript: 1), [mapped(0x32, in: dejaVu)])
    }

    func testTheSuperscriptAppliesToItsRunOnly() {
        let text = NSMutableAttributedString(string: "x2", attributes: [.font: inter])
        text.addAttribute(NSAttributedString.Key(kCTSuperscriptAttributeName), value: 1, range: NSRange(location: 1, length: 1))
        let line = CTLineCreateWithAttributedString(text)
        let runs = CTLineGetGlyphRuns(line) as! [CTRun]
        XCTAssertEqual(runs.count, 2)
        XCTAssertEqual(line.glyphsOfRuns, glyphs("x", font: inter, superscript: nil) + [mapped(0x00B2, in: inter)])
    }

    func testTheVerticalFormsAndWritingDirectionKeysAreUIKitsKeys() {
        // Core Text reads the same attributes under both names on Apple's platforms.
        XCTAssertEqual(kCTVerticalFormsAttributeName as String, NSAttributedString.Key.verticalGlyphForm.rawValue)
        XCTAssertEqual(kCTWritingDirectionAttributeName as String, NSAttributedString.Key.writingDirection.rawValue)
    }
}
