import CoreText
import Foundation
import TestSupport
import XCTest

// A font's features in the terms of Apple's feature registry. The fonts' OpenType feature tags
// are fontTools' (`TTFont(path)['GSUB'/'GPOS'].table.FeatureList`):
// - Lato Regular: calt case ccmp dlig dnom frac kern liga lnum locl numr onum ordn pnum salt
//   sinf ss01 ss02 ss03 ss04 subs sups tnum, its stylistic sets unnamed;
// - Inter Regular: aalt calt case ccmp cpsp cv01…cv11 dlig dnom frac kern locl mark numr ordn
//   pnum salt sinf ss01…ss04 subs sups tnum zero, its sets named (name IDs 256 to 259) "Open
//   digits", "Disambiguation", "r curves into round neighbors", "Disambiguation without
//   slashed zero";
// - D050000L (Zapf Dingbats' clone): no GSUB or GPOS table.
// The registry's types and selectors for those tags are Apple's (SFNTLayoutTypes.h); the off
// selectors of number spacing and number case (4 and 2, "No Change") are those Core Text's own
// descriptions of OpenType fonts show.
final class CTFontFeaturesTests: XCTestCase {
    /// Each type's identifier with its selectors' identifiers, OpenType tags and default flags.
    private func summary(_ name: String) throws -> [String] {
        XCTAssertNotNil(try? fcMatch(name, format: "%{file}"))
        let features = try XCTUnwrap(CTFontCopyFeatures(CTFontCreateWithName(name as CFString, 12, nil)) as? [[String: Any]])
        return features.map { type in
            let selectors = (type[kCTFontFeatureTypeSelectorsKey as String] as? [[String: Any]] ?? []).map { selector in
                let identifier = selector[kCTFontFeatureSelectorIdentifierKey as String] as? Int ?? -1
                let tag = selector[kCTFontOpenTypeFeatureTag as String] as? String ?? "-"
                let isDefault = (selector[kCTFontFeatureSelectorDefaultKey as String] as? Bool) == true ? "*" : ""
                return "\(identifier)\(tag)\(isDefault)"
            }
            let exclusive = (type[kCTFontFeatureTypeExclusiveKey as String] as? Bool) == true ? "x" : ""
            return "\(type[kCTFontFeatureTypeIdentifierKey as String] as? Int ?? -1)\(exclusive): " + selectors.joined(separator: " ")
        }
    }

    func testAFontsOpenTypeFeaturesAreListedByRegistryType() throws {
        XCTAssertEqual(
            try summary("Lato"),
            [
                "1: 2liga* 4dlig", "6x: 4-* 0tnum 1pnum", "10x: 0-* 1sups 2subs 3ordn 4sinf", "11x: 0-* 2frac",
                "21x: 2-* 0onum 1lnum", "33: 0case", "35: 2ss01 4ss02 6ss03 8ss04", "36: 0calt*",
            ])
        XCTAssertEqual(
            try summary("Inter"),
            [
                "1: 4dlig", "6x: 4-* 0tnum 1pnum", "10x: 0-* 1sups 2subs 3ordn 4sinf", "11x: 0-* 2frac", "14: 4zero",
                "33: 0case", "35: 2ss01 4ss02 6ss03 8ss04", "36: 0calt*",
            ])
    }

    func testTypesAndSelectorsCarryTheirNames() throws {
        let features = try XCTUnwrap(CTFontCopyFeatures(CTFontCreateWithName("Inter" as CFString, 12, nil)) as? [[String: Any]])
        let byType = Dictionary(features.map { ($0[kCTFontFeatureTypeIdentifierKey as String] as? Int ?? -1, $0) }) { a, _ in a }
        XCTAssertEqual(byType[kNumberSpacingType]?[kCTFontFeatureTypeNameKey as String] as? String, "Number Spacing")
        let spacing = try XCTUnwrap(byType[kNumberSpacingType]?[kCTFontFeatureTypeSelectorsKey as String] as? [[String: Any]])
        XCTAssertEqual(
            spacing.compactMap { $0[kCTFontFeatureSelectorNameKey as String] as? String },
            ["No Change", "Monospaced Numbers", "Proportional Numbers"])
        let sets = try XCTUnwrap(byType[kStylisticAlternativesType]?[kCTFontFeatureTypeSelectorsKey as String] as? [[String: Any]])
        XCTAssertEqual(
            sets.compactMap { $0[kCTFontFeatureSelectorNameKey as String] as? String },
            ["Open digits", "Disambiguation", "r curves into round neighbors", "Disambiguation without slashed zero"],
            "the font's own names")
        let latoSets = try XCTUnwrap(
            (CTFontCopyFeatures(CTFontCreateWithName("Lato" as CFString, 12, nil)) as? [[String: Any]])?
                .first { $0[kCTFontFeatureTypeIdentifierKey as String] as? Int == kStylisticAlternativesType })
        XCTAssertEqual(
            (latoSets[kCTFontFeatureTypeSelectorsKey as String] as? [[String: Any]])?.first?[kCTFontFeatureSelectorNameKey as String]
                as? String, "Stylistic Set 1")
    }

    func testAFontWithoutLayoutFeaturesHasNone() {
        XCTAssertNil(CTFontCopyFeatures(CTFontCreateWithName("D050000L" as CFString, 12, nil)))
    }

    func testASelectorListedTurnsItsFeatureOn() throws {
        // What the list offers is what a descriptor's feature settings ask for.
        let font = CTFontCreateWithName("Lato" as CFString, 12, nil)
        let descriptor = CTFontDescriptorCreateCopyWithFeature(CTFontCopyFontDescriptor(font), kNumberSpacingType, kMonospacedNumbersSelector)
        let settings = CTFontCopyFeatureSettings(CTFontCreateWithFontDescriptor(descriptor, 12, nil)) as? [[String: Any]]
        XCTAssertEqual(
            settings?.map { "\($0[kCTFontOpenTypeFeatureTag as String] as? String ?? "?")=\($0[kCTFontOpenTypeFeatureValue as String] as? Int ?? -1)" },
            ["tnum=1", "pnum=0"])
        // The off selector of an exclusive type turns its features off.
        let off = CTFontDescriptorCreateCopyWithFeature(CTFontCopyFontDescriptor(font), kNumberCaseType, 2)
        let offSettings = CTFontCopyFeatureSettings(CTFontCreateWithFontDescriptor(off, 12, nil)) as? [[String: Any]]
        XCTAssertEqual(offSettings?.compactMap { $0[kCTFontOpenTypeFeatureValue as String] as? Int }, [0, 0])
    }
}
