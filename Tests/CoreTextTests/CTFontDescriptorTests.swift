import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// Expected figures are the DejaVu Sans files' own, read with fontTools (`hmtx` advances of
// "W": 2025 units in DejaVuSans.ttf, 2259 in DejaVuSans-Bold.ttf and -BoldOblique.ttf, of a
// 2048-unit em) and the styles `fc-match` names; at 16 points a unit is 16/2048 point.
final class CTFontDescriptorTests: XCTestCase {
    private func advanceOfW(_ font: CTFont) -> CGFloat {
        var glyph: CGGlyph = 0
        XCTAssertTrue(CTFontGetGlyphsForCharacters(font, [UniChar(UInt8(ascii: "W"))], &glyph, 1))
        var advance = CGSize.zero
        _ = CTFontGetAdvancesForGlyphs(font, .horizontal, &glyph, &advance, 1)
        return advance.width
    }

    func testAFamilyWithTheBoldTraitIsTheFamilysBoldFace() throws {
        XCTAssertEqual(try fcMatch("DejaVu Sans:bold", format: "%{file}"), "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        let descriptor = CTFontDescriptorCreateWithAttributes([
            kCTFontFamilyNameAttribute: "DejaVu Sans",
            kCTFontTraitsAttribute: [kCTFontSymbolicTrait: CTFontSymbolicTraits.traitBold.rawValue],
        ])
        let bold = CTFontCreateWithFontDescriptor(descriptor, 16, nil)
        XCTAssertEqual(advanceOfW(bold), CGFloat(2259) * 16 / 2048)
        XCTAssertEqual(CTFontCopyFamilyName(bold), "DejaVu Sans")
        XCTAssertEqual(CTFontGetSymbolicTraits(bold), .traitBold)
        let regular = CTFontCreateWithFontDescriptor(CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans"]), 16, nil)
        XCTAssertEqual(advanceOfW(regular), CGFloat(2025) * 16 / 2048)
        XCTAssertEqual(CTFontGetSymbolicTraits(regular), [])
    }

    func testAWeightOfBoldOrAStyleNameChoosesTheSameFace() {
        let byWeight = CTFontDescriptorCreateWithAttributes([
            kCTFontFamilyNameAttribute: "DejaVu Sans", kCTFontTraitsAttribute: [kCTFontWeightTrait: 0.4],
        ])
        let byStyle = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans", kCTFontStyleNameAttribute: "Bold"])
        XCTAssertEqual(advanceOfW(CTFontCreateWithFontDescriptor(byWeight, 16, nil)), CGFloat(2259) * 16 / 2048)
        XCTAssertEqual(advanceOfW(CTFontCreateWithFontDescriptor(byStyle, 16, nil)), CGFloat(2259) * 16 / 2048)
    }

    func testTraitsOfTheInstalledFaceAreReported() throws {
        // fc-match names the styles the traits are read from.
        XCTAssertEqual(try fcMatch("DejaVu Sans:bold:italic", format: "%{style}").split(separator: ",").first, "Bold Oblique")
        let boldItalic = try XCTUnwrap(CTFontCreateCopyWithSymbolicTraits(
            CTFontCreateWithName("DejaVu Sans" as CFString, 16, nil), 0, nil, [.traitBold, .traitItalic], [.traitBold, .traitItalic]))
        XCTAssertEqual(CTFontGetSymbolicTraits(boldItalic), [.traitBold, .traitItalic])
        XCTAssertEqual(CTFontGetSize(boldItalic), 16)
        XCTAssertEqual(try fcMatch("DejaVu Sans Mono", format: "%{spacing}"), "100", "fontconfig's monospace spacing")
        XCTAssertEqual(CTFontGetSymbolicTraits(CTFontCreateWithName("DejaVu Sans Mono" as CFString, 12, nil)), .traitMonoSpace)
        // Taking bold away again gives the regular face's advances.
        let plain = try XCTUnwrap(CTFontCreateCopyWithSymbolicTraits(boldItalic, 0, nil, [], [.traitBold, .traitItalic]))
        XCTAssertEqual(advanceOfW(plain), CGFloat(2025) * 16 / 2048)
    }

    func testAttributesReadBackAsGivenAndSizesFollowCoreTextsRules() throws {
        let descriptor = CTFontDescriptorCreateWithNameAndSize("DejaVuSans-Bold" as CFString, 20)
        XCTAssertEqual(CTFontDescriptorCopyAttribute(descriptor, kCTFontNameAttribute) as? String, "DejaVuSans-Bold")
        XCTAssertEqual(CTFontDescriptorCopyAttribute(descriptor, kCTFontSizeAttribute) as? CGFloat, 20)
        XCTAssertNil(CTFontDescriptorCopyAttribute(descriptor, kCTFontFamilyNameAttribute))
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithFontDescriptor(descriptor, 0, nil)), 20, "size 0: the descriptor's")
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithFontDescriptor(descriptor, 9, nil)), 9)
        let sizeless = CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans"])
        XCTAssertEqual(CTFontGetSize(CTFontCreateWithFontDescriptor(sizeless, 0, nil)), 12, "Core Text's default")
        // A copy with more attributes keeps the others; values of the wrong type are ignored.
        let copy = CTFontDescriptorCreateCopyWithAttributes(descriptor, [kCTFontSizeAttribute: 30, kCTFontFamilyNameAttribute: 7])
        XCTAssertEqual(CTFontDescriptorCopyAttributes(copy)[kCTFontSizeAttribute] as? CGFloat, 30)
        XCTAssertEqual(CTFontDescriptorCopyAttributes(copy)[kCTFontNameAttribute] as? String, "DejaVuSans-Bold")
        XCTAssertNil(CTFontDescriptorCopyAttributes(copy)[kCTFontFamilyNameAttribute])
        XCTAssertEqual(CTFontCopyFontDescriptor(CTFontCreateWithName("DejaVu Sans" as CFString, 14, nil)),
            CTFontDescriptorCreateWithNameAndSize("DejaVu Sans" as CFString, 14))
        let traits = try XCTUnwrap(CTFontDescriptorCreateCopyWithSymbolicTraits(sizeless, .traitItalic, [.traitItalic, .traitBold]))
        let read = try XCTUnwrap(CTFontDescriptorCopyAttribute(traits, kCTFontTraitsAttribute) as? [CFString: Any])
        XCTAssertEqual(read[kCTFontSymbolicTrait] as? UInt32, CTFontSymbolicTraits.traitItalic.rawValue)
    }

    func testACopyInAnotherFamilyKeepsTheTraitsSizeAndFeaturesAndNeedsTheFamilyInstalled() throws {
        // Apple's documentation: a new descriptor with the original traits in the given family,
        // or nil if no matching descriptor is found in the system.
        let bold = CTFontDescriptorCreateCopyWithSymbolicTraits(
            CTFontDescriptorCreateWithAttributes([kCTFontFamilyNameAttribute: "DejaVu Sans", kCTFontSizeAttribute: 18]),
            .traitBold, .traitBold)
        let original = try XCTUnwrap(bold)
        let copy = try XCTUnwrap(CTFontDescriptorCreateCopyWithFamily(original, "DejaVu Serif" as CFString))
        let attributes = CTFontDescriptorCopyAttributes(copy)
        XCTAssertEqual(attributes[kCTFontFamilyNameAttribute] as? String, "DejaVu Serif")
        XCTAssertEqual(attributes[kCTFontSizeAttribute] as? CGFloat, 18)
        let font = CTFontCreateWithFontDescriptor(copy, 0, nil)
        XCTAssertEqual(CTFontCopyFamilyName(font), "DejaVu Serif")
        XCTAssertTrue(CTFontGetSymbolicTraits(font).contains(.traitBold), "the bold face of the new family")
        XCTAssertNil(CTFontDescriptorCreateCopyWithFamily(original, "No Such Family Anywhere" as CFString))
    }
}
