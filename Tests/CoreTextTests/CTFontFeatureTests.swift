import CoreGraphics
import CoreText
import Foundation
import TestSupport
import XCTest

// Font features set on a descriptor (kCTFontFeatureSettingsAttribute,
// CTFontDescriptorCreateCopyWithFeature) change the glyphs drawn, as the font's OpenType
// features say. Lato Regular's figures (fontTools, `TTFont(...)['GSUB']` and `['hmtx']`, 2000
// units per em): "1" is glyph 136, 1160 units wide (tabular by default); its `pnum` form is
// glyph 482 (792 wide), its `onum` form 472 (1080), its `sups` form 1204 (uni00B9, 668).
final class CTFontFeatureTests: XCTestCase {
    private let lato = CTFontCreateWithName("Lato" as CFString, 20, nil)

    /// The glyph and advance of "1" in a line drawn in `font`.
    private func one(in font: CTFont) throws -> (glyph: CGGlyph, advance: CGFloat) {
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: "1", attributes: [.font: font]))
        let run = try XCTUnwrap((CTLineGetGlyphRuns(line) as? [CTRun])?.first)
        var glyph: CGGlyph = 0
        CTRunGetGlyphs(run, CFRange(location: 0, length: 1), &glyph)
        return (glyph, CGFloat(CTLineGetTypographicBounds(line, nil, nil, nil)))
    }

    private func units(_ units: Int) -> CGFloat { CGFloat(units) * 20 / 2000 }
    /// The font's feature settings, as Apple code casts them.
    private func settings(_ font: CTFont) -> [[CFString: Any]] { CTFontCopyFeatureSettings(font) as? [[CFString: Any]] ?? [] }
    /// Lines are laid out in Pango's units, 1/1024 point.
    private let pangoUnit: CGFloat = 1.0 / 1024

    func testAFeatureTypeAndSelectorChooseTheFontsFigures() throws {
        XCTAssertEqual(try fcMatch("Lato", format: "%{file}"), "/usr/share/fonts/truetype/lato/Lato-Regular.ttf")
        let plain = try one(in: lato)
        XCTAssertEqual(plain.glyph, 136)
        XCTAssertEqual(plain.advance, units(1160), accuracy: pangoUnit)
        let descriptor = CTFontCopyFontDescriptor(lato)
        let proportional = CTFontCreateWithFontDescriptor(
            CTFontDescriptorCreateCopyWithFeature(descriptor, kNumberSpacingType, kProportionalNumbersSelector), 0, nil)
        XCTAssertEqual(try one(in: proportional).glyph, 482)
        XCTAssertEqual(try one(in: proportional).advance, units(792), accuracy: pangoUnit)
        let tabular = CTFontCreateWithFontDescriptor(
            CTFontDescriptorCreateCopyWithFeature(descriptor, NSNumber(value: kNumberSpacingType), NSNumber(value: kMonospacedNumbersSelector)),
            0, nil)
        XCTAssertEqual(try one(in: tabular).glyph, 136)
        let superior = CTFontCreateWithFontDescriptor(
            CTFontDescriptorCreateCopyWithFeature(descriptor, kVerticalPositionType, kSuperiorsSelector), 0, nil)
        XCTAssertEqual(try one(in: superior).glyph, 1204)
        XCTAssertEqual(try one(in: superior).advance, units(668), accuracy: pangoUnit)
        // Back to the baseline: the type's normal selector turns its features off.
        let normal = CTFontCreateWithFontDescriptor(
            CTFontDescriptorCreateCopyWithFeature(CTFontCopyFontDescriptor(superior), kVerticalPositionType, kNormalPositionSelector), 0, nil)
        XCTAssertEqual(try one(in: normal).glyph, 136)
    }

    func testADescriptorWithTraitsAndFeaturesKeepsBoth() throws {
        // As the porting command writes UIFont.monospacedDigitSystemFont(ofSize:weight:): a
        // family, a weight trait and a number spacing feature in one attributes dictionary.
        // Lato Medium (OS/2 weight class 500, UIKit's medium 0.23) has the same glyph 482 for
        // the proportional "1" as Regular, 798 units wide (fontTools).
        func font(_ family: String, weight: Double, selector: Int) -> CTFont {
            CTFontCreateWithFontDescriptor(
                CTFontDescriptorCreateWithAttributes([
                    kCTFontFamilyNameAttribute: family, kCTFontTraitsAttribute: [kCTFontWeightTrait: weight],
                    kCTFontFeatureSettingsAttribute: [
                        [kCTFontFeatureTypeIdentifierKey: kNumberSpacingType, kCTFontFeatureSelectorIdentifierKey: selector]
                    ],
                ]), 20, nil)
        }
        let system = font(".AppleSystemUIFont", weight: 0.23, selector: kMonospacedNumbersSelector)
        // Read back as the OpenType feature the selector stands for: tabular figures on.
        let tabular = settings(system).filter { $0[kCTFontOpenTypeFeatureTag] as? String == "tnum" }
        XCTAssertEqual(tabular.map { $0[kCTFontOpenTypeFeatureValue] as? Int }, [1])

        let medium = font("Lato", weight: 0.23, selector: kProportionalNumbersSelector)
        XCTAssertEqual(CTFontCopyTraits(medium)[kCTFontWeightTrait] as? CGFloat, 0.23)
        XCTAssertEqual(try one(in: medium).glyph, 482)
        XCTAssertEqual(try one(in: medium).advance, units(798), accuracy: pangoUnit)
    }

    func testOpenTypeSettingsInTheAttributeChooseTheGlyphs() throws {
        let descriptor = CTFontDescriptorCreateWithAttributes([
            kCTFontNameAttribute: "Lato", kCTFontSizeAttribute: 20,
            kCTFontFeatureSettingsAttribute: [[kCTFontOpenTypeFeatureTag: "onum", kCTFontOpenTypeFeatureValue: 1]],
        ])
        let oldStyle = CTFontCreateWithFontDescriptor(descriptor, 0, nil)
        XCTAssertEqual(try one(in: oldStyle).glyph, 472)
        XCTAssertEqual(try one(in: oldStyle).advance, units(1080), accuracy: pangoUnit)
        XCTAssertEqual(settings(oldStyle).count, 1)
        XCTAssertEqual(settings(oldStyle).first?[kCTFontOpenTypeFeatureTag] as? String, "onum")
        XCTAssertNotEqual(oldStyle, lato, "a font with features is another font")
        // The features stay with the font at another size.
        let larger = CTFontCreateCopyWithAttributes(oldStyle, 40, nil, nil)
        XCTAssertEqual(settings(larger).first?[kCTFontOpenTypeFeatureTag] as? String, "onum")
        XCTAssertEqual(CTFontGetSize(larger), 40)
        // A type and selector in the attribute, as a dictionary of numbers.
        let fromTypes = CTFontCreateWithFontDescriptor(
            CTFontDescriptorCreateWithAttributes([
                kCTFontNameAttribute: "Lato",
                kCTFontFeatureSettingsAttribute: [
                    [kCTFontFeatureTypeIdentifierKey: kNumberSpacingType, kCTFontFeatureSelectorIdentifierKey: kProportionalNumbersSelector]
                ],
            ]), 20, nil)
        XCTAssertEqual(try one(in: fromTypes).glyph, 482)
    }

    func testStylisticSetsAndSwitchesMapToTheirOpenTypeFeatures() throws {
        func tags(_ type: Int, _ selector: Int) -> [String] {
            let font = CTFontCreateWithFontDescriptor(
                CTFontDescriptorCreateCopyWithFeature(CTFontCopyFontDescriptor(lato), type, selector), 0, nil)
            return settings(font).map {
                "\($0[kCTFontOpenTypeFeatureTag] as? String ?? "?")=\($0[kCTFontOpenTypeFeatureValue] as? Int ?? -1)"
            }
        }
        XCTAssertEqual(tags(kStylisticAlternativesType, 2), ["ss01=1"])
        XCTAssertEqual(tags(kStylisticAlternativesType, 41), ["ss20=0"])
        XCTAssertEqual(tags(kLigaturesType, kCommonLigaturesOffSelector), ["liga=0"])
        XCTAssertEqual(tags(kTypographicExtrasType, kSlashedZeroOnSelector), ["zero=1"])
        XCTAssertEqual(tags(kLowerCaseType, kLowerCaseSmallCapsSelector), ["smcp=1", "pcap=0"])
        XCTAssertEqual(tags(kFractionsType, kNoFractionsSelector), ["afrc=0", "frac=0"])
    }

    func testSettingsLaminaCannotReadAreIgnored() throws {
        let descriptor = CTFontDescriptorCreateWithAttributes([
            kCTFontNameAttribute: "Lato",
            kCTFontFeatureSettingsAttribute: [
                "not a dictionary", [kCTFontOpenTypeFeatureTag: "t,nm"], [kCTFontOpenTypeFeatureTag: "toolong"],
                [kCTFontFeatureTypeIdentifierKey: 999, kCTFontFeatureSelectorIdentifierKey: 0],
                [kCTFontFeatureTypeIdentifierKey: kNumberSpacingType],
            ] as [Any],
        ])
        let font = CTFontCreateWithFontDescriptor(descriptor, 20, nil)
        XCTAssertTrue(settings(font).isEmpty)
        XCTAssertEqual(try one(in: font).glyph, 136)
        XCTAssertTrue(settings(CTFontCreateWithFontDescriptor(
            CTFontDescriptorCreateWithAttributes([kCTFontNameAttribute: "Lato", kCTFontFeatureSettingsAttribute: 5]), 20, nil)).isEmpty)
    }
}
