import CPangoCairo
import CoreGraphics
import Foundation

/// The font descriptor attribute holding the instance of a variable font to draw
/// (`kCTFontVariationAttribute`): a dictionary from axis identifiers (numbers: an axis's
/// four-character tag as a 32-bit integer, `'wght'` is 0x7767_6874) to the axis's value
/// (a number). Lamina also takes the tag itself (`"wght"`) as a key.
public let kCTFontVariationAttribute: CFString = "NSCTFontVariationAttribute"

/// An axis's identifier in ``CTFontCopyVariationAxes(_:)``: its four-character tag as a
/// 32-bit integer (a number).
public let kCTFontVariationAxisIdentifierKey: CFString = "NSCTVariationAxisIdentifier"
/// An axis's least value (a number).
public let kCTFontVariationAxisMinimumValueKey: CFString = "NSCTVariationAxisMinimumValue"
/// An axis's greatest value (a number).
public let kCTFontVariationAxisMaximumValueKey: CFString = "NSCTVariationAxisMaximumValue"
/// The value the font draws with when the axis is not set (a number).
public let kCTFontVariationAxisDefaultValueKey: CFString = "NSCTVariationAxisDefaultValue"
/// An axis's name, from the font's name table (a `String`: `"Weight"`).
public let kCTFontVariationAxisNameKey: CFString = "NSCTVariationAxisName"
/// Whether the font asks that the axis not be shown to users (a Boolean).
public let kCTFontVariationAxisHiddenKey: CFString = "NSCTVariationAxisHidden"

/// One axis of a variable font set to a value.
package struct FontVariation: Sendable, Hashable {
    /// The axis: its four-character tag as a big-endian 32-bit integer.
    package var axis: UInt32
    /// The value on the axis, in the axis's own units (`wght` 100 to 900, `opsz` in points).
    package var value: Double

    /// The variation in the syntax Pango and HarfBuzz read (`"wght=700"`).
    var setting: String { "\(fourCharacterTag(axis))=\(value)" }

    /// The variations of a ``kCTFontVariationAttribute`` value, by axis (a later setting of
    /// an axis replacing an earlier one), or nil when it is not a dictionary of them. Keys
    /// are axis identifiers (any integer type, or `NSNumber`) or four-character tags; values
    /// finite numbers. Entries of any other kind are left out.
    static func variations(from value: Any) -> [FontVariation]? {
        let pairs: [(key: AnyHashable, value: Any)]
        switch value {
        case let dictionary as [AnyHashable: Any]: pairs = dictionary.map { ($0.key, $0.value) }
        case let dictionary as NSDictionary: pairs = dictionary.compactMap { entry in (entry.key as? AnyHashable).map { ($0, entry.value) } }
        default: return nil
        }
        var byAxis: [UInt32: Double] = [:]
        for (key, value) in pairs {
            guard let axis = axis(fromKey: key.base), let number = CTFontDescriptor.number(value) else { continue }
            byAxis[axis] = Double(number)
        }
        return byAxis.map { FontVariation(axis: $0.key, value: $0.value) }.sorted { $0.axis < $1.axis }
    }

    /// The axis a variation dictionary's key names.
    private static func axis(fromKey key: Any) -> UInt32? {
        if let tag = key as? String { return fourCharacterCode(ofTag: tag) }
        guard let number = CTFontDescriptor.number(key), number >= 0, number <= CGFloat(UInt32.max),
            number == number.rounded()
        else { return nil }
        return UInt32(number)
    }

    /// `variations` set over `base`: an axis set in both takes its value in `variations`.
    static func merging(_ variations: [FontVariation], over base: [FontVariation]) -> [FontVariation] {
        var byAxis = Dictionary(base.map { ($0.axis, $0.value) }, uniquingKeysWith: { $1 })
        for variation in variations { byAxis[variation.axis] = variation.value }
        return byAxis.map { FontVariation(axis: $0.key, value: $0.value) }.sorted { $0.axis < $1.axis }
    }

    /// A ``kCTFontVariationAttribute`` value: identifiers to values, as numbers.
    static func dictionary(of variations: [FontVariation]) -> [NSNumber: NSNumber] {
        Dictionary(variations.map { (NSNumber(value: $0.axis), NSNumber(value: $0.value)) }, uniquingKeysWith: { $1 })
    }

    /// Sets `variations` on a Pango font description (in Pango's syntax, comma-separated);
    /// none leaves it as it is.
    static func apply(_ variations: [FontVariation], toDescription description: OpaquePointer) {
        guard !variations.isEmpty else { return }
        variations.map(\.setting).joined(separator: ",").withCString { pango_font_description_set_variations(description, $0) }
    }

    /// Sets `variations` on a HarfBuzz font (HarfBuzz clamps each to its axis's range and
    /// ignores axes the font does not have).
    static func apply(_ variations: [FontVariation], to font: OpaquePointer) {
        guard !variations.isEmpty else { return }
        let settings = variations.map { hb_variation_t(tag: $0.axis, value: Float($0.value)) }
        hb_font_set_variations(font, settings, UInt32(settings.count))
    }
}

/// One axis of a variable font, as its `fvar` table describes it.
struct FontVariationAxis: Equatable {
    var axis: UInt32
    var minimum: Double
    var defaultValue: Double
    var maximum: Double
    var name: String
    var isHidden: Bool

    /// The axes of the face of the HarfBuzz font `font`, in the font's order; empty for a
    /// font that does not vary.
    static func axes(of font: OpaquePointer) -> [FontVariationAxis] {
        guard let face = hb_font_get_face(font) else { return [] }
        let infos = harfBuzzList(of: hb_ot_var_axis_info_t()) { hb_ot_var_get_axis_infos(face, 0, &$0, $1) }
        return infos.map { info in
            FontVariationAxis(
                axis: info.tag, minimum: Double(info.min_value), defaultValue: Double(info.default_value),
                maximum: Double(info.max_value), name: nameTableString(info.name_id, in: face) ?? fourCharacterTag(info.tag),
                isHidden: info.flags & 1 != 0)
        }
    }

    /// `value` within the axis's range.
    func clamp(_ value: Double) -> Double {
        min(max(value, minimum), maximum)
    }
}

/// The axes of a variable font (Core Text's `CTFontCopyVariationAxes`): for each, in the
/// font's order, a dictionary with its identifier (``kCTFontVariationAxisIdentifierKey``),
/// least, greatest and default values, name and whether it is hidden, each an `NSNumber`
/// but the name. Cast it to `[[CFString: Any]]` (or `[[String: Any]]`). Nil for a font that
/// does not vary.
@discardableResult
public func CTFontCopyVariationAxes(_ font: CTFont) -> CFArray? {
    let axes = font.withFontUnits { hb, _ in FontVariationAxis.axes(of: hb) } ?? []
    guard !axes.isEmpty else { return nil }
    return axes.map { axis -> [CFString: Any] in
        [
            kCTFontVariationAxisIdentifierKey: NSNumber(value: axis.axis),
            kCTFontVariationAxisMinimumValueKey: NSNumber(value: axis.minimum),
            kCTFontVariationAxisMaximumValueKey: NSNumber(value: axis.maximum),
            kCTFontVariationAxisDefaultValueKey: NSNumber(value: axis.defaultValue),
            kCTFontVariationAxisNameKey: axis.name,
            kCTFontVariationAxisHiddenKey: NSNumber(value: axis.isHidden),
        ]
    }
}

/// The instance of a variable font the font draws (Core Text's `CTFontCopyVariation`): each
/// of its axes' identifiers (an `NSNumber`) to the value drawn — the one the font was made
/// with (``kCTFontVariationAttribute``), within the axis's range, else the axis's default.
/// Cast it to `[NSNumber: NSNumber]` (or `[Int: Double]`). Nil for a font that does not vary.
///
/// Lamina's `CFDictionary` has string keys, so this one is a Swift dictionary of numbers.
@discardableResult
public func CTFontCopyVariation(_ font: CTFont) -> [NSNumber: Any]? {
    let axes = font.withFontUnits { hb, _ in FontVariationAxis.axes(of: hb) } ?? []
    guard !axes.isEmpty else { return nil }
    let set = Dictionary(font.variations.map { ($0.axis, $0.value) }, uniquingKeysWith: { $1 })
    return Dictionary(
        axes.map { axis in (NSNumber(value: axis.axis), NSNumber(value: axis.clamp(set[axis.axis] ?? axis.defaultValue)) as Any) },
        uniquingKeysWith: { first, _ in first })
}
