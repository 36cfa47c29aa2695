import CPangoCairo
import Foundation

/// A feature type's name in ``CTFontCopyFeatures(_:)`` (a `String`: `"Number Spacing"`).
public let kCTFontFeatureTypeNameKey: CFString = "CTFeatureTypeName"
/// Whether a feature type's selectors exclude each other (a Boolean `NSNumber`).
public let kCTFontFeatureTypeExclusiveKey: CFString = "CTFeatureTypeExclusive"
/// A feature type's selectors: an array of dictionaries, each with its identifier
/// (``kCTFontFeatureSelectorIdentifierKey``), name and, for OpenType features, the tag and
/// value it sets (``kCTFontOpenTypeFeatureTag``, ``kCTFontOpenTypeFeatureValue``).
public let kCTFontFeatureTypeSelectorsKey: CFString = "CTFeatureTypeSelectors"
/// A selector's name (a `String`: `"Proportional Numbers"`).
public let kCTFontFeatureSelectorNameKey: CFString = "CTFeatureSelectorName"
/// Whether a selector is its type's setting when none is asked for (a Boolean `NSNumber`,
/// present on that selector only).
public let kCTFontFeatureSelectorDefaultKey: CFString = "CTFeatureSelectorDefault"
/// Whether a selector of a non-exclusive type is on (a Boolean `NSNumber`).
public let kCTFontFeatureSelectorSettingKey: CFString = "CTFeatureSelectorSetting"

/// The typographic features a font has (Core Text's `CTFontCopyFeatures`), in the terms of
/// Apple's font feature registry: for each feature type with a selector the font's OpenType
/// layout features (`GSUB` and `GPOS`) stand for, a dictionary of its identifier
/// (``kCTFontFeatureTypeIdentifierKey``), name, whether its selectors exclude each other and
/// its selectors, each with the OpenType tag and value it sets. Cast it to `[[CFString: Any]]`
/// (or `[[String: Any]]`). Nil for a font with none of them (or none installed).
///
/// An exclusive type lists the font's selectors and the one that turns them all off, marked
/// default; a non-exclusive type lists the selectors that turn its features on, those
/// HarfBuzz applies unasked (standard, required and contextual ligatures, contextual
/// alternates) marked default. A stylistic set's selector is named as the font names it, else
/// `"Stylistic Set N"`. The types and selectors are those Lamina draws (see
/// ``kCTFontFeatureSettingsAttribute``); other OpenType features are left out, as Core Text
/// leaves out what its registry has no type for.
@discardableResult
public func CTFontCopyFeatures(_ font: CTFont) -> CFArray? {
    let types = font.withFontUnits { hb, _ in FeatureRegistry.types(of: hb) } ?? []
    return types.isEmpty ? nil : types
}

/// Apple's font feature registry as Core Text describes an OpenType font's features.
enum FeatureRegistry {
    /// A selector that sets one OpenType feature (or, with no tag, turns its type's off).
    struct Selector {
        var identifier: Int
        var name: String
        var tag: String?
        var isDefault = false
    }

    /// A feature type: its identifier, name, whether its selectors exclude each other, the
    /// selector that turns them all off (exclusive types) and those that set features.
    struct FeatureType {
        var identifier: Int
        var name: String
        var isExclusive: Bool
        var off: Selector?
        var selectors: [Selector]
    }

    /// The types Lamina draws, in the registry's order. The "off" selectors of number spacing
    /// and number case are Core Text's own (4 and 2, named "No Change"), as its descriptions
    /// of OpenType fonts show.
    static let featureTypes: [FeatureType] = [
        FeatureType(
            identifier: kLigaturesType, name: "Ligatures", isExclusive: false, off: nil,
            selectors: [
                Selector(identifier: kRequiredLigaturesOnSelector, name: "Required Ligatures", tag: "rlig", isDefault: true),
                Selector(identifier: kCommonLigaturesOnSelector, name: "Common Ligatures", tag: "liga", isDefault: true),
                Selector(identifier: kRareLigaturesOnSelector, name: "Rare Ligatures", tag: "dlig"),
                Selector(identifier: kContextualLigaturesOnSelector, name: "Contextual Ligatures", tag: "clig", isDefault: true),
                Selector(identifier: kHistoricalLigaturesOnSelector, name: "Historical Ligatures", tag: "hlig"),
            ]),
        FeatureType(
            identifier: kNumberSpacingType, name: "Number Spacing", isExclusive: true,
            off: Selector(identifier: 4, name: "No Change"),
            selectors: [
                Selector(identifier: kMonospacedNumbersSelector, name: "Monospaced Numbers", tag: "tnum"),
                Selector(identifier: kProportionalNumbersSelector, name: "Proportional Numbers", tag: "pnum"),
            ]),
        FeatureType(
            identifier: kVerticalPositionType, name: "Vertical Position", isExclusive: true,
            off: Selector(identifier: kNormalPositionSelector, name: "Normal Position"),
            selectors: [
                Selector(identifier: kSuperiorsSelector, name: "Superiors", tag: "sups"),
                Selector(identifier: kInferiorsSelector, name: "Inferiors", tag: "subs"),
                Selector(identifier: kOrdinalsSelector, name: "Ordinals", tag: "ordn"),
                Selector(identifier: kScientificInferiorsSelector, name: "Scientific Inferiors", tag: "sinf"),
            ]),
        FeatureType(
            identifier: kFractionsType, name: "Fractions", isExclusive: true,
            off: Selector(identifier: kNoFractionsSelector, name: "No Fractions"),
            selectors: [
                Selector(identifier: kVerticalFractionsSelector, name: "Vertical Fractions", tag: "afrc"),
                Selector(identifier: kDiagonalFractionsSelector, name: "Diagonal Fractions", tag: "frac"),
            ]),
        FeatureType(
            identifier: kTypographicExtrasType, name: "Typographic Extras", isExclusive: false, off: nil,
            selectors: [Selector(identifier: kSlashedZeroOnSelector, name: "Slashed Zero", tag: "zero")]),
        FeatureType(
            identifier: kNumberCaseType, name: "Number Case", isExclusive: true, off: Selector(identifier: 2, name: "No Change"),
            selectors: [
                Selector(identifier: kLowerCaseNumbersSelector, name: "Old-Style Figures", tag: "onum"),
                Selector(identifier: kUpperCaseNumbersSelector, name: "Lining Figures", tag: "lnum"),
            ]),
        FeatureType(
            identifier: kCaseSensitiveLayoutType, name: "Case-Sensitive Layout", isExclusive: false, off: nil,
            selectors: [Selector(identifier: kCaseSensitiveLayoutOnSelector, name: "Capital Forms", tag: "case")]),
        FeatureType(
            identifier: kContextualAlternatesType, name: "Contextual Alternates", isExclusive: false, off: nil,
            selectors: [
                Selector(identifier: kContextualAlternatesOnSelector, name: "Contextual Alternates", tag: "calt", isDefault: true)
            ]),
        FeatureType(
            identifier: kLowerCaseType, name: "Lower Case", isExclusive: true,
            off: Selector(identifier: kDefaultLowerCaseSelector, name: "Default Lower Case"),
            selectors: [
                Selector(identifier: kLowerCaseSmallCapsSelector, name: "Small Capitals", tag: "smcp"),
                Selector(identifier: kLowerCasePetiteCapsSelector, name: "Petite Capitals", tag: "pcap"),
            ]),
        FeatureType(
            identifier: kUpperCaseType, name: "Upper Case", isExclusive: true,
            off: Selector(identifier: kDefaultUpperCaseSelector, name: "Default Upper Case"),
            selectors: [
                Selector(identifier: kUpperCaseSmallCapsSelector, name: "Small Capitals", tag: "c2sc"),
                Selector(identifier: kUpperCasePetiteCapsSelector, name: "Petite Capitals", tag: "c2pc"),
            ]),
    ]

    /// The OpenType layout tables features are in.
    private static let layoutTables = [fourCharacterCode("GSUB"), fourCharacterCode("GPOS")]

    /// The OpenType feature tags of the HarfBuzz font's face, each with the table it is in and
    /// its index in the table's feature list.
    private static func featureTags(of face: OpaquePointer) -> [(tag: String, table: UInt32, index: UInt32)] {
        layoutTables.flatMap { table in
            harfBuzzList(of: UInt32(0)) { hb_ot_layout_table_get_feature_tags(face, table, 0, &$0, $1) }
                .enumerated().map { (fourCharacterTag($0.element), table, UInt32($0.offset)) }
        }
    }

    /// The name a font gives its feature at `index` of `table` (a stylistic set's), if it has one.
    private static func uiName(ofFeatureAt index: UInt32, in table: UInt32, face: OpaquePointer) -> String? {
        var label: UInt32 = 0xFFFF, tooltip: UInt32 = 0, sample: UInt32 = 0, parameters: UInt32 = 0, first: UInt32 = 0
        guard hb_ot_layout_feature_get_name_ids(face, table, index, &label, &tooltip, &sample, &parameters, &first) != 0,
            label != 0xFFFF
        else { return nil }
        return nameTableString(label, in: face)
    }

    /// The feature type dictionaries of the HarfBuzz font `font`'s face.
    static func types(of font: OpaquePointer) -> [[CFString: Any]] {
        guard let face = hb_font_get_face(font) else { return [] }
        let found = featureTags(of: face)
        let tags = Set(found.map(\.tag))
        // Stylistic sets 1 to 20, named by the font: selector 2n turns set n on.
        let sets = (1...20).compactMap { number -> Selector? in
            let tag = String(format: "ss%02d", number)
            guard let feature = found.first(where: { $0.tag == tag }) else { return nil }
            let name = uiName(ofFeatureAt: feature.index, in: feature.table, face: face)
            return Selector(identifier: 2 * number, name: name ?? "Stylistic Set \(number)", tag: tag)
        }
        let stylisticSets = FeatureType(
            identifier: kStylisticAlternativesType, name: "Alternative Stylistic Sets", isExclusive: false, off: nil,
            selectors: sets)
        return (featureTypes + [stylisticSets]).sorted { $0.identifier < $1.identifier }.compactMap { type in
            let present = type.selectors.filter { $0.tag.map(tags.contains) ?? false }
            guard !present.isEmpty else { return nil }
            return dictionary(type, selectors: (type.off.map { [$0] } ?? []) + present)
        }
    }

    /// A type's dictionary with `selectors`.
    private static func dictionary(_ type: FeatureType, selectors: [Selector]) -> [CFString: Any] {
        [
            kCTFontFeatureTypeIdentifierKey: type.identifier,
            kCTFontFeatureTypeNameKey: type.name,
            kCTFontFeatureTypeExclusiveKey: NSNumber(value: type.isExclusive),
            kCTFontFeatureTypeSelectorsKey: selectors.map { selector -> [CFString: Any] in
                var entry: [CFString: Any] = [
                    kCTFontFeatureSelectorIdentifierKey: selector.identifier, kCTFontFeatureSelectorNameKey: selector.name,
                ]
                if let tag = selector.tag {
                    entry[kCTFontOpenTypeFeatureTag] = tag
                    entry[kCTFontOpenTypeFeatureValue] = 1
                }
                // An exclusive type's off selector (no tag) is its default.
                if selector.tag == nil || selector.isDefault { entry[kCTFontFeatureSelectorDefaultKey] = NSNumber(value: true) }
                if !type.isExclusive { entry[kCTFontFeatureSelectorSettingKey] = NSNumber(value: selector.isDefault) }
                return entry
            },
        ]
    }
}
