import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// A font's names, traits and copies. Expected values are the matched files' own, read with
// fontTools 4.38: Helvetica is Nimbus Sans (NimbusSans-Regular.otf: name 0 "(URW)++,Copyright
// 2014 by (URW)++ Design & Development", name 5 "Version 1.00", glyph "A" is glyph 34, "H" is
// 41 with bounds (83, 0)–(644, 729) of 1000 units), Helvetica-Oblique is Nimbus Sans Italic
// (`post.italicAngle` −12), Helvetica-Bold is Nimbus Sans Bold (`OS/2.usWeightClass` 700).
final class CTFontNamesAndTraitsTests: XCTestCase {
    private let helvetica = CTFontCreateWithName("Helvetica" as CFString, 20, nil)

    func testNamesAreReadFromTheInstalledFontsNameTable() throws {
        XCTAssertEqual(try fcMatch("Helvetica", format: "%{file}"), CTFontMetricsTests.nimbusSans, "the figures are this file's")
        XCTAssertEqual(CTFontCopyName(helvetica, kCTFontVersionNameKey), "Version 1.00")
        XCTAssertEqual(CTFontCopyName(helvetica, kCTFontCopyrightNameKey), "(URW)++,Copyright 2014 by (URW)++ Design & Development")
        XCTAssertEqual(CTFontCopyName(helvetica, kCTFontStyleNameKey), "Regular")
        XCTAssertEqual(CTFontCopyName(helvetica, kCTFontFamilyNameKey), CTFontCopyFamilyName(helvetica))
        XCTAssertEqual(CTFontCopyName(helvetica, kCTFontPostScriptNameKey), CTFontCopyPostScriptName(helvetica))
        XCTAssertNil(CTFontCopyName(helvetica, kCTFontManufacturerNameKey), "the file has no name 8")
        var language: CFString?
        XCTAssertEqual(CTFontCopyLocalizedName(helvetica, kCTFontVersionNameKey, &language), "Version 1.00")
        XCTAssertEqual(language, "en")
        XCTAssertEqual(CTFontCopyDisplayName(helvetica), CTFontCopyFullName(helvetica))
    }

    func testGlyphsAreFoundByTheirNames() {
        XCTAssertEqual(CTFontGetGlyphWithName(helvetica, "A"), 34)
        XCTAssertEqual(CTFontGetGlyphWithName(helvetica, "H"), 41)
        XCTAssertEqual(CTFontGetGlyphWithName(helvetica, "no-such-glyph"), 0)
    }

    func testTraitsGiveTheWeightClassOnUIKitsScaleAndTheSlant() throws {
        let bold = CTFontCopyTraits(CTFontCreateWithName("Helvetica-Bold" as CFString, 20, nil))
        XCTAssertEqual(bold[kCTFontWeightTrait] as? CGFloat, 0.4)
        XCTAssertEqual((bold[kCTFontSymbolicTrait] as? UInt32).map { CTFontSymbolicTraits(rawValue: $0).contains(.traitBold) }, true)
        let regular = CTFontCopyTraits(helvetica)
        XCTAssertEqual(regular[kCTFontWeightTrait] as? CGFloat, 0)
        XCTAssertEqual(regular[kCTFontSlantTrait] as? CGFloat, 0)
        let oblique = CTFontCreateWithName("Helvetica-Oblique" as CFString, 20, nil)
        XCTAssertEqual(CTFontGetSlantAngle(oblique), -12)
        XCTAssertEqual(CTFontCopyTraits(oblique)[kCTFontSlantTrait] as? CGFloat, 0.4, "12 degrees of 30, leaning right")
        XCTAssertEqual((CTFontCopyAttribute(helvetica, kCTFontSizeAttribute) as? NSNumber)?.doubleValue, 20)
    }

    func testCopiesChangeTheSizeOrTheFamilyAndKeepTheRest() throws {
        let larger = CTFontCreateCopyWithAttributes(helvetica, 30, nil, nil)
        XCTAssertEqual(CTFontGetSize(larger), 30)
        XCTAssertEqual(CTFontCopyPostScriptName(larger), CTFontCopyPostScriptName(helvetica))
        XCTAssertEqual(CTFontGetSize(CTFontCreateCopyWithAttributes(helvetica, 0, nil, nil)), 20, "0 keeps the size")
        let courier = CTFontCreateCopyWithAttributes(
            helvetica, 0, nil, CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "Courier"]))
        XCTAssertEqual(CTFontCopyFamilyName(courier), try fcMatch("Courier", format: "%{family[0]}"))
        let boldCourier = try XCTUnwrap(
            CTFontCreateCopyWithFamily(CTFontCreateWithName("Helvetica-Bold" as CFString, 20, nil), 0, nil, "Courier"))
        XCTAssertTrue(CTFontGetSymbolicTraits(boldCourier).contains(.traitBold), "the bold trait carries over")
        XCTAssertNil(CTFontCreateCopyWithFamily(helvetica, 0, nil, "No Such Family Anywhere"))
    }

    func testAMatchingDescriptorNamesTheInstalledFamilyAndItsFaces() throws {
        let matched = try XCTUnwrap(
            CTFontDescriptorCreateMatchingFontDescriptor(CTFontDescriptorCreateWithNameAndSize("Helvetica", 14), nil))
        XCTAssertEqual(CTFontDescriptorCopyAttribute(matched, kCTFontFamilyNameAttribute) as? String, "Nimbus Sans")
        XCTAssertEqual(CTFontDescriptorCopyAttribute(matched, kCTFontStyleNameAttribute) as? String, "Regular")
        let faces = try XCTUnwrap(
            CTFontDescriptorCreateMatchingFontDescriptors(
                CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "Nimbus Sans"]), nil) as? [CTFontDescriptor])
        let styles = Set(faces.compactMap { CTFontDescriptorCopyAttribute($0, kCTFontStyleNameAttribute) as? String })
        XCTAssertEqual(styles, ["Regular", "Bold", "Italic", "Bold Italic"])
    }

    func testARunsStatusAndImageBoundsComeFromItsGlyphs() throws {
        func run(_ text: String) throws -> CTRun {
            let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: [.font: helvetica]))
            return try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
        }
        XCTAssertEqual(CTRunGetStatus(try run("abc")), [])
        XCTAssertEqual(CTRunGetStatus(try run("\u{5D0}\u{5D1}\u{5D2}")), .rightToLeft)
        // "H": its outline's bounds at 20 points.
        XCTAssertEqual(
            CTRunGetImageBounds(try run("H"), nil, CFRange()),
            CGRect(x: 83.0 * 20 / 1000, y: 0, width: (644.0 - 83) * 20 / 1000, height: 729.0 * 20 / 1000))
        XCTAssertNil(CTRunGetGlyphsPtr(try run("H")), "callers copy the glyphs instead")
    }

    func testAFramesettersTypesetterIsOneAndBreaksAsItsLinesDo() {
        let text = NSAttributedString(string: "one two three four", attributes: [.font: helvetica])
        let framesetter = CTFramesetterCreateWithAttributedString(text)
        let typesetter = CTFramesetterGetTypesetter(framesetter)
        XCTAssertTrue(typesetter === CTFramesetterGetTypesetter(framesetter))
        XCTAssertEqual(
            CTTypesetterSuggestLineBreak(typesetter, 0, 80),
            CTTypesetterSuggestLineBreak(CTTypesetterCreateWithAttributedString(text), 0, 80))
    }

    func testAParagraphStyleGivesBackItsValues() {
        var indent: CGFloat = 12
        let coreText = withUnsafePointer(to: &indent) {
            var setting = CTParagraphStyleSetting(spec: .firstLineHeadIndent, valueSize: MemoryLayout<CGFloat>.size, value: $0)
            return CTParagraphStyleCreate(&setting, 1)
        }
        var first: CGFloat = -1
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(coreText, .firstLineHeadIndent, MemoryLayout<CGFloat>.size, &first))
        XCTAssertEqual(first, 12)
        var head: CGFloat = -1
        XCTAssertTrue(CTParagraphStyleGetValueForSpecifier(coreText, .headIndent, MemoryLayout<CGFloat>.size, &head))
        XCTAssertEqual(head, 0, "a new style's default")
        var alignment: UInt8 = 99
        XCTAssertFalse(CTParagraphStyleGetValueForSpecifier(coreText, .alignment, 8, &alignment), "the wrong size")
        XCTAssertEqual(alignment, 99)
        var tabs: CFArray = []
        XCTAssertTrue(
            withUnsafeMutablePointer(to: &tabs) {
                CTParagraphStyleGetValueForSpecifier(coreText, .tabStops, MemoryLayout<CFArray>.size, UnsafeMutableRawPointer($0))
            })
        XCTAssertEqual((tabs as? [CTTextTab])?.map(CTTextTabGetLocation), (1...12).map { Double($0) * 28 })
    }
}
