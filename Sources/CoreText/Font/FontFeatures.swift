import CoreGraphics
import Foundation

/// The font descriptor attribute holding a font's feature settings
/// (`kCTFontFeatureSettingsAttribute`): an array of dictionaries, each either a feature type
/// and selector (``kCTFontFeatureTypeIdentifierKey``, ``kCTFontFeatureSelectorIdentifierKey``)
/// or an OpenType feature tag and value (``kCTFontOpenTypeFeatureTag``,
/// ``kCTFontOpenTypeFeatureValue``).
public let kCTFontFeatureSettingsAttribute: CFString = "NSCTFontFeatureSettingsAttribute"
/// A feature setting's feature type, a number (`kNumberSpacingType`).
public let kCTFontFeatureTypeIdentifierKey: CFString = "CTFeatureTypeIdentifier"
/// A feature setting's selector, a number (`kMonospacedNumbersSelector`).
public let kCTFontFeatureSelectorIdentifierKey: CFString = "CTFeatureSelectorIdentifier"
/// A feature setting's OpenType feature tag, a four-character string (`"tnum"`).
public let kCTFontOpenTypeFeatureTag: CFString = "CTFeatureOpenTypeTag"
/// A feature setting's OpenType feature value, a number (1 on, 0 off).
public let kCTFontOpenTypeFeatureValue: CFString = "CTFeatureOpenTypeValue"

// Apple's font feature registry: the feature types and selectors Core Text code names most,
// with Apple's values. Each is drawn with the OpenType feature it stands for (the registry's
// correspondence, as HarfBuzz also maps them), so a font with that OpenType feature draws it.

/// Ligatures.
public let kLigaturesType = 1
/// Ligatures the script needs: on.
public let kRequiredLigaturesOnSelector = 0
/// Ligatures the script needs: off.
public let kRequiredLigaturesOffSelector = 1
/// Standard ligatures ("fi"): on.
public let kCommonLigaturesOnSelector = 2
/// Standard ligatures: off.
public let kCommonLigaturesOffSelector = 3
/// Discretionary ligatures: on.
public let kRareLigaturesOnSelector = 4
/// Discretionary ligatures: off.
public let kRareLigaturesOffSelector = 5
/// Contextual ligatures: on.
public let kContextualLigaturesOnSelector = 18
/// Contextual ligatures: off.
public let kContextualLigaturesOffSelector = 19
/// Historical ligatures: on.
public let kHistoricalLigaturesOnSelector = 20
/// Historical ligatures: off.
public let kHistoricalLigaturesOffSelector = 21
/// How wide figures are.
public let kNumberSpacingType = 6
/// Figures all as wide as each other (tabular, OpenType `tnum`).
public let kMonospacedNumbersSelector = 0
/// Figures as wide as their shapes (OpenType `pnum`).
public let kProportionalNumbersSelector = 1
/// Superiors, inferiors and ordinals.
public let kVerticalPositionType = 10
/// Glyphs on the baseline.
public let kNormalPositionSelector = 0
/// Superior glyphs (OpenType `sups`).
public let kSuperiorsSelector = 1
/// Inferior glyphs (OpenType `subs`).
public let kInferiorsSelector = 2
/// Ordinals (OpenType `ordn`).
public let kOrdinalsSelector = 3
/// Scientific inferiors (OpenType `sinf`).
public let kScientificInferiorsSelector = 4
/// Fractions.
public let kFractionsType = 11
/// No fraction glyphs.
public let kNoFractionsSelector = 0
/// Vertical fractions (OpenType `afrc`).
public let kVerticalFractionsSelector = 1
/// Diagonal fractions (OpenType `frac`).
public let kDiagonalFractionsSelector = 2
/// Typographic extras.
public let kTypographicExtrasType = 14
/// A slashed zero (OpenType `zero`): on.
public let kSlashedZeroOnSelector = 4
/// A slashed zero: off.
public let kSlashedZeroOffSelector = 5
/// Old-style or lining figures.
public let kNumberCaseType = 21
/// Old-style figures (OpenType `onum`).
public let kLowerCaseNumbersSelector = 0
/// Lining figures (OpenType `lnum`).
public let kUpperCaseNumbersSelector = 1
/// Case-sensitive forms.
public let kCaseSensitiveLayoutType = 33
/// Case-sensitive forms (OpenType `case`): on.
public let kCaseSensitiveLayoutOnSelector = 0
/// Case-sensitive forms: off.
public let kCaseSensitiveLayoutOffSelector = 1
/// Stylistic sets: selector 2 turns set 1 (OpenType `ss01`) on, 3 off, … 40 turns set 20 on,
/// 41 off.
public let kStylisticAlternativesType = 35
/// Contextual alternates.
public let kContextualAlternatesType = 36
/// Contextual alternates (OpenType `calt`): on.
public let kContextualAlternatesOnSelector = 0
/// Contextual alternates: off.
public let kContextualAlternatesOffSelector = 1
/// Lower-case letters drawn as capitals.
public let kLowerCaseType = 37
/// Lower-case letters as they are.
public let kDefaultLowerCaseSelector = 0
/// Lower-case letters as small capitals (OpenType `smcp`).
public let kLowerCaseSmallCapsSelector = 1
/// Lower-case letters as petite capitals (OpenType `pcap`).
public let kLowerCasePetiteCapsSelector = 2
/// Capitals drawn smaller.
public let kUpperCaseType = 38
/// Capitals as they are.
public let kDefaultUpperCaseSelector = 0
/// Capitals as small capitals (OpenType `c2sc`).
public let kUpperCaseSmallCapsSelector = 1
/// Capitals as petite capitals (OpenType `c2pc`).
public let kUpperCasePetiteCapsSelector = 2

/// One OpenType feature a font turns on or off for the text drawn in it.
package struct FontFeature: Hashable, Sendable {
    /// The four-character tag.
    package var tag: String
    /// 1 on, 0 off (or an alternate's index).
    package var value: Int

    /// The feature as HarfBuzz's feature syntax spells it (`"tnum=1"`).
    package var setting: String { "\(tag)=\(value)" }

    /// The features a feature settings attribute's value asks for, in order: each setting an
    /// OpenType tag and value, or a feature type and selector Lamina knows (others are
    /// ignored, as Core Text ignores a feature the font does not have).
    static func features(fromSettings value: Any?) -> [FontFeature] {
        guard let settings = value as? [Any] else { return [] }
        return settings.flatMap { setting -> [FontFeature] in
            guard let dictionary = stringKeyedDictionary(setting) else { return [] }
            // A tag is four ASCII letters or digits (as every registered feature's is).
            if let tag = dictionary[kCTFontOpenTypeFeatureTag] as? String, tag.unicodeScalars.count == 4,
                tag.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
            {
                let value = dictionary[kCTFontOpenTypeFeatureValue].flatMap(CTFontDescriptor.number) ?? 1
                return [FontFeature(tag: tag, value: Int(exactly: value.rounded()) ?? 1)]
            }
            guard let type = dictionary[kCTFontFeatureTypeIdentifierKey].flatMap(CTFontDescriptor.number),
                let selector = dictionary[kCTFontFeatureSelectorIdentifierKey].flatMap(CTFontDescriptor.number),
                let typeValue = Int(exactly: type), let selectorValue = Int(exactly: selector)
            else { return [] }
            return features(type: typeValue, selector: selectorValue)
        }
    }

    /// The OpenType features a feature type and selector stand for (``FeatureRegistry``): the
    /// selector's feature on (a non-exclusive type's selector after it, off), and in a type
    /// whose selectors exclude each other, the type's other features off (its off selector
    /// turns them all off).
    static func features(type: Int, selector: Int) -> [FontFeature] {
        if type == kStylisticAlternativesType, (2...41).contains(selector) {
            let set = selector / 2
            return [FontFeature(tag: String(format: "ss%02d", set), value: selector % 2 == 0 ? 1 : 0)]
        }
        guard let registered = FeatureRegistry.featureTypes.first(where: { $0.identifier == type }) else { return [] }
        let tagged = registered.selectors.compactMap { entry in entry.tag.map { (identifier: entry.identifier, tag: $0) } }
        guard registered.isExclusive else {
            // A switch: its "on" selector, and the "off" one after it.
            guard let feature = tagged.first(where: { $0.identifier == selector || $0.identifier + 1 == selector }) else { return [] }
            return [FontFeature(tag: feature.tag, value: selector == feature.identifier ? 1 : 0)]
        }
        guard tagged.contains(where: { $0.identifier == selector }) || registered.off?.identifier == selector else { return [] }
        return tagged.sorted { $0.identifier < $1.identifier }.map {
            FontFeature(tag: $0.tag, value: $0.identifier == selector ? 1 : 0)
        }
    }

    /// The settings array Core Text gives for `features`: OpenType tags and values.
    static func settings(of features: [FontFeature]) -> [[CFString: Any]] {
        features.map { [kCTFontOpenTypeFeatureTag: $0.tag, kCTFontOpenTypeFeatureValue: $0.value] }
    }
}
