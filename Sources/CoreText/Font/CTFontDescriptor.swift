import CPangoCairo
import CoreGraphics
import Foundation

/// A font's traits (Core Text's `CTFontSymbolicTraits`), with Apple's bit values.
public struct CTFontSymbolicTraits: OptionSet, Hashable, Sendable {
    /// The traits' bits.
    public let rawValue: UInt32

    /// Traits from their bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// An italic or oblique face.
    public static let traitItalic = CTFontSymbolicTraits(rawValue: 1 << 0)
    /// A bold face (semibold and heavier).
    public static let traitBold = CTFontSymbolicTraits(rawValue: 1 << 1)
    /// A wider than normal face.
    public static let traitExpanded = CTFontSymbolicTraits(rawValue: 1 << 5)
    /// A narrower than normal face.
    public static let traitCondensed = CTFontSymbolicTraits(rawValue: 1 << 6)
    /// Every glyph has the same advance.
    public static let traitMonoSpace = CTFontSymbolicTraits(rawValue: 1 << 10)
    /// Vertical glyphs (never set by Lamina).
    public static let traitVertical = CTFontSymbolicTraits(rawValue: 1 << 11)
    /// Apple's UI-optimised faces (never set by Lamina).
    public static let traitUIOptimized = CTFontSymbolicTraits(rawValue: 1 << 12)
    /// Colour glyphs (never set by Lamina).
    public static let traitColorGlyphs = CTFontSymbolicTraits(rawValue: 1 << 13)
    /// A composite font (never set by Lamina).
    public static let traitComposite = CTFontSymbolicTraits(rawValue: 1 << 14)
    /// The bits of the font's stylistic class.
    public static let traitClassMask = CTFontSymbolicTraits(rawValue: 15 << 28)

    /// ``traitItalic``, by its older name.
    public static let italicTrait = traitItalic
    /// ``traitBold``, by its older name.
    public static let boldTrait = traitBold
    /// ``traitExpanded``, by its older name.
    public static let expandedTrait = traitExpanded
    /// ``traitCondensed``, by its older name.
    public static let condensedTrait = traitCondensed
    /// ``traitMonoSpace``, by its older name.
    public static let monoSpaceTrait = traitMonoSpace
}

/// The font name attribute of a descriptor: a PostScript name (`"Helvetica-Bold"`) or any
/// name ``CTFontCreateWithName(_:_:_:)-(CFString,_,_)`` takes. Its value is a `String`.
public let kCTFontNameAttribute: CFString = "NSFontNameAttribute"
/// The display name attribute; Lamina reads it as a font name. A `String`.
public let kCTFontDisplayNameAttribute: CFString = "NSFontVisibleNameAttribute"
/// The family name attribute (`"DejaVu Sans"`, `"Helvetica"`). A `String`.
public let kCTFontFamilyNameAttribute: CFString = "NSFontFamilyAttribute"
/// The style name attribute (`"Bold"`, `"Light Italic"`), read with the family. A `String`.
public let kCTFontStyleNameAttribute: CFString = "NSFontFaceAttribute"
/// The point size attribute. A number.
public let kCTFontSizeAttribute: CFString = "NSFontSizeAttribute"
/// The traits attribute: a dictionary with ``kCTFontSymbolicTrait`` and
/// ``kCTFontWeightTrait``.
public let kCTFontTraitsAttribute: CFString = "NSCTFontTraitsAttribute"
/// The symbolic traits in a traits dictionary: a number holding ``CTFontSymbolicTraits``
/// bits.
public let kCTFontSymbolicTrait: CFString = "NSCTFontSymbolicTrait"
/// The weight in a traits dictionary: a number from −1 (thinnest) through 0 (regular) to 1
/// (heaviest), as UIKit's and AppKit's font weights.
public let kCTFontWeightTrait: CFString = "NSCTFontWeightTrait"

/// A description of a font by its attributes (Core Text's `CTFontDescriptor`): a name, or a
/// family with a style, traits or weight, and a size. ``CTFontCreateWithFontDescriptor(_:_:_:)``
/// makes the font fontconfig matches for it.
///
/// Lamina keeps the attributes it reads: ``kCTFontNameAttribute`` (also
/// ``kCTFontDisplayNameAttribute``), ``kCTFontFamilyNameAttribute``,
/// ``kCTFontStyleNameAttribute``, ``kCTFontSizeAttribute``, ``kCTFontTraitsAttribute``
/// (symbolic traits and weight) and ``kCTFontFeatureSettingsAttribute`` (OpenType tags and
/// values, and the feature types and selectors of Apple's registry that stand for OpenType
/// features: figure spacing and case, superiors and inferiors, fractions, small capitals,
/// ligatures, stylistic sets, slashed zero). Other keys are ignored. A name wins over a
/// family.
public final class CTFontDescriptor: Hashable, CustomStringConvertible, Sendable {
    let name: String?
    let family: String?
    let style: String?
    let size: CGFloat?
    let symbolicTraits: CTFontSymbolicTraits?
    let weight: CGFloat?
    let features: [FontFeature]
    let variations: [FontVariation]

    init(
        name: String? = nil, family: String? = nil, style: String? = nil, size: CGFloat? = nil,
        symbolicTraits: CTFontSymbolicTraits? = nil, weight: CGFloat? = nil, features: [FontFeature] = [],
        variations: [FontVariation] = []
    ) {
        self.name = name
        self.family = family
        self.style = style
        self.size = size
        self.symbolicTraits = symbolicTraits
        self.weight = weight
        self.features = features
        self.variations = variations
    }

    /// Descriptors are equal when their attributes are.
    public static func == (lhs: CTFontDescriptor, rhs: CTFontDescriptor) -> Bool {
        lhs.name == rhs.name && lhs.family == rhs.family && lhs.style == rhs.style && lhs.size == rhs.size
            && lhs.symbolicTraits == rhs.symbolicTraits && lhs.weight == rhs.weight && lhs.features == rhs.features
            && lhs.variations == rhs.variations
    }

    /// Hashes the attributes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(family)
        hasher.combine(style)
        hasher.combine(size)
        hasher.combine(symbolicTraits?.rawValue)
        hasher.combine(weight)
        hasher.combine(features)
        hasher.combine(variations)
    }

    /// The font name the descriptor stands for.
    public var description: String { fontName }

    /// The name handed to fontconfig: the name attribute, else the family (Apple families
    /// fontconfig does not know replaced as ``CTFontCreateWithName(_:_:_:)-(CFString,_,_)`` does) followed by
    /// the style, or by the words of the weight and traits (`"DejaVu Sans Bold Italic"`).
    var fontName: String {
        if let name { return name }
        let family = family.map { FontResolution.substitution(for: $0) ?? $0 } ?? FontResolution.defaultFontName
        if let style, !style.isEmpty { return family + " " + style }
        var words: [String] = []
        let traits = symbolicTraits ?? []
        if traits.contains(.traitCondensed) { words.append("Condensed") }
        if traits.contains(.traitExpanded) { words.append("Expanded") }
        if let weight, let word = Self.weightWord(weight) {
            words.append(word)
        } else if traits.contains(.traitBold) {
            words.append("Bold")
        }
        if traits.contains(.traitItalic) { words.append("Italic") }
        return ([family] + words).joined(separator: " ")
    }

    /// Pango's word for a UIKit-style weight (UIFont.Weight: ultraLight −0.8, thin −0.6,
    /// light −0.4, regular 0, medium 0.23, semibold 0.3, bold 0.4, heavy 0.56, black 0.62);
    /// nil for regular.
    static func weightWord(_ weight: CGFloat) -> String? {
        switch weight {
        case ..<(-0.7): return "Ultra-Light"
        case ..<(-0.5): return "Thin"
        case ..<(-0.2): return "Light"
        case ..<0.1: return nil
        case ..<0.27: return "Medium"
        case ..<0.35: return "Semi-Bold"
        case ..<0.5: return "Bold"
        case ..<0.6: return "Heavy"
        default: return "Ultra-Heavy"
        }
    }

    /// The attributes as Core Text's dictionary.
    var attributes: [CFString: Any] {
        var result: [CFString: Any] = [:]
        if let name { result[kCTFontNameAttribute] = name }
        if let family { result[kCTFontFamilyNameAttribute] = family }
        if let style { result[kCTFontStyleNameAttribute] = style }
        if let size { result[kCTFontSizeAttribute] = size }
        var traits: [CFString: Any] = [:]
        if let symbolicTraits { traits[kCTFontSymbolicTrait] = symbolicTraits.rawValue }
        if let weight { traits[kCTFontWeightTrait] = weight }
        if !traits.isEmpty { result[kCTFontTraitsAttribute] = traits }
        if !features.isEmpty { result[kCTFontFeatureSettingsAttribute] = FontFeature.settings(of: features) }
        if !variations.isEmpty { result[kCTFontVariationAttribute] = FontVariation.dictionary(of: variations) }
        return result
    }

    /// A copy with `symbolicTraits`, `features` and `variations` in place of this one's where
    /// given; its other attributes are this one's.
    func copy(
        symbolicTraits: CTFontSymbolicTraits? = nil, features: [FontFeature]? = nil, variations: [FontVariation]? = nil
    ) -> CTFontDescriptor {
        CTFontDescriptor(
            name: name, family: family, style: style, size: size, symbolicTraits: symbolicTraits ?? self.symbolicTraits,
            weight: weight, features: features ?? self.features, variations: variations ?? self.variations)
    }

    /// A copy with `attributes` read over this one's.
    func adding(_ attributes: [CFString: Any]) -> CTFontDescriptor {
        let traits = attributes[kCTFontTraitsAttribute] as? [CFString: Any]
        return CTFontDescriptor(
            name: (attributes[kCTFontNameAttribute] ?? attributes[kCTFontDisplayNameAttribute]).flatMap { $0 as? String } ?? name,
            family: attributes[kCTFontFamilyNameAttribute].flatMap { $0 as? String } ?? family,
            style: attributes[kCTFontStyleNameAttribute].flatMap { $0 as? String } ?? style,
            size: attributes[kCTFontSizeAttribute].flatMap(Self.number) ?? size,
            symbolicTraits: traits?[kCTFontSymbolicTrait].flatMap(Self.number).map {
                CTFontSymbolicTraits(rawValue: UInt32(truncatingIfNeeded: Int64($0)))
            } ?? symbolicTraits,
            weight: traits?[kCTFontWeightTrait].flatMap(Self.number) ?? weight,
            features: attributes[kCTFontFeatureSettingsAttribute].map { features + FontFeature.features(fromSettings: $0) }
                ?? features,
            variations: attributes[kCTFontVariationAttribute].flatMap(FontVariation.variations(from:)).map {
                FontVariation.merging($0, over: variations)
            } ?? variations)
    }

    /// A number given as any of the types Apple code uses for one; nil for anything else
    /// and for values that are not finite.
    static func number(_ value: Any) -> CGFloat? {
        let result: CGFloat?
        switch value {
        case let value as CGFloat: result = value
        case let value as Double: result = CGFloat(value)
        case let value as Float: result = CGFloat(value)
        case let value as Int: result = CGFloat(value)
        case let value as UInt32: result = CGFloat(value)
        case let value as Int32: result = CGFloat(value)
        case let value as UInt: result = CGFloat(value)
        case let value as NSNumber: result = CGFloat(value.doubleValue)
        default: result = nil
        }
        guard let result, result.isFinite else { return nil }
        return result
    }
}

/// A descriptor of the font named `name` at `size` points (Core Text's
/// `CTFontDescriptorCreateWithNameAndSize`).
@discardableResult
public func CTFontDescriptorCreateWithNameAndSize(_ name: CFString, _ size: CGFloat) -> CTFontDescriptor {
    CTFontDescriptor(name: name, size: size)
}

/// A descriptor with `attributes` (Core Text's `CTFontDescriptorCreateWithAttributes`); keys
/// Lamina does not read, and values of the wrong type, are ignored.
@discardableResult
public func CTFontDescriptorCreateWithAttributes(_ attributes: [CFString: Any]) -> CTFontDescriptor {
    CTFontDescriptor().adding(attributes)
}

/// A copy of `original` with `attributes` added or replaced (Core Text's
/// `CTFontDescriptorCreateCopyWithAttributes`).
@discardableResult
public func CTFontDescriptorCreateCopyWithAttributes(
    _ original: CTFontDescriptor, _ attributes: [CFString: Any]
) -> CTFontDescriptor {
    original.adding(attributes)
}

/// A copy of `original` whose symbolic traits in `symTraitMask` are those of `symTraitValue`
/// (Core Text's `CTFontDescriptorCreateCopyWithSymbolicTraits`).
@discardableResult
public func CTFontDescriptorCreateCopyWithSymbolicTraits(
    _ original: CTFontDescriptor, _ symTraitValue: CTFontSymbolicTraits, _ symTraitMask: CTFontSymbolicTraits
) -> CTFontDescriptor? {
    let traits = (original.symbolicTraits ?? []).subtracting(symTraitMask).union(symTraitValue.intersection(symTraitMask))
    return original.copy(symbolicTraits: traits)
}

/// A copy of `original` in `family`, with its traits, weight, size and features (Core Text's
/// `CTFontDescriptorCreateCopyWithFamily`); nil when neither fontconfig nor Apple's platforms
/// know the family. Its name and style go: they name faces of the original's family, and the
/// traits choose the face in the new one.
@discardableResult
public func CTFontDescriptorCreateCopyWithFamily(_ original: CTFontDescriptor, _ family: CFString) -> CTFontDescriptor? {
    guard AppleFontFamilies.contains(family) || FontRegistry.hasFamily(named: family) else { return nil }
    return CTFontDescriptor(
        family: family, size: original.size, symbolicTraits: original.symbolicTraits, weight: original.weight,
        features: original.features, variations: original.variations)
}

/// A copy of `original` with a feature of Apple's font feature registry set (Core Text's
/// `CTFontDescriptorCreateCopyWithFeature`): `kNumberSpacingType` and
/// `kMonospacedNumbersSelector` make figures tabular. A type and selector that stand for no
/// OpenType feature Lamina knows leave the copy as the original.
@discardableResult
public func CTFontDescriptorCreateCopyWithFeature(
    _ original: CTFontDescriptor, _ featureTypeIdentifier: Int, _ featureSelectorIdentifier: Int
) -> CTFontDescriptor {
    original.copy(features: original.features + FontFeature.features(type: featureTypeIdentifier, selector: featureSelectorIdentifier))
}

/// `CTFontDescriptorCreateCopyWithFeature` with the type and selector as numbers (Core
/// Text's `CFNumber`s).
@discardableResult
public func CTFontDescriptorCreateCopyWithFeature(
    _ original: CTFontDescriptor, _ featureTypeIdentifier: NSNumber, _ featureSelectorIdentifier: NSNumber
) -> CTFontDescriptor {
    CTFontDescriptorCreateCopyWithFeature(original, featureTypeIdentifier.intValue, featureSelectorIdentifier.intValue)
}

/// The value of one attribute (Core Text's `CTFontDescriptorCopyAttribute`), or nil when the
/// descriptor has none: a `String` for names, a `CGFloat` for the size, a dictionary for the
/// traits; for ``kCTFontURLAttribute``, the file of the font the descriptor matches.
@discardableResult
public func CTFontDescriptorCopyAttribute(_ descriptor: CTFontDescriptor, _ attribute: CFString) -> CFTypeRef? {
    if attribute == kCTFontURLAttribute {
        // The file of the font the descriptor matches.
        return CTFontCopyAttribute(CTFontCreateWithFontDescriptor(descriptor, 0, nil), attribute)
    }
    return descriptor.attributes[attribute].map { $0 as AnyObject }
}

/// Every attribute the descriptor has (Core Text's `CTFontDescriptorCopyAttributes`).
@discardableResult
public func CTFontDescriptorCopyAttributes(_ descriptor: CTFontDescriptor) -> [CFString: Any] {
    descriptor.attributes
}

/// The font fontconfig matches for `descriptor` at `size` points (Core Text's
/// `CTFontCreateWithFontDescriptor`). A size of 0 takes the descriptor's size, else 12
/// points. `matrix` is accepted for source compatibility and ignored, as in
/// ``CTFontCreateWithName(_:_:_:)-(CFString,_,_)``.
@discardableResult
public func CTFontCreateWithFontDescriptor(
    _ descriptor: CTFontDescriptor, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?
) -> CTFont {
    let requested = size > 0 && size.isFinite ? size : (descriptor.size ?? 0)
    let font = CTFontCreateWithName(descriptor.fontName, requested, matrix)
    guard !descriptor.features.isEmpty || !descriptor.variations.isEmpty else { return font }
    return CTFont(name: font.name, size: font.size, features: descriptor.features, variations: descriptor.variations)
}

/// A descriptor of `font`: its name, size, feature settings and variation (Core Text's
/// `CTFontCopyFontDescriptor`).
@discardableResult
public func CTFontCopyFontDescriptor(_ font: CTFont) -> CTFontDescriptor {
    CTFontDescriptor(name: font.name, size: font.size, features: font.features, variations: font.variations)
}

/// A copy of `original` with the variation axis `variationIdentifier` (its four-character tag
/// as a 32-bit integer: `'wght'` is 0x7767_6874) set to `variationValue` (Core Text's
/// `CTFontDescriptorCreateCopyWithVariation`). A font made from it draws that instance of a
/// variable font; a font without the axis ignores it. An identifier that is not a whole
/// number of 32 bits, or a value that is not finite, leaves the copy as the original.
@discardableResult
public func CTFontDescriptorCreateCopyWithVariation(
    _ original: CTFontDescriptor, _ variationIdentifier: NSNumber, _ variationValue: CGFloat
) -> CTFontDescriptor {
    guard let variation = FontVariation.variations(from: [variationIdentifier: variationValue] as [AnyHashable: Any]),
        !variation.isEmpty
    else { return original }
    return original.copy(variations: FontVariation.merging(variation, over: original.variations))
}

/// The font's feature settings (Core Text's `CTFontCopyFeatureSettings`): each a dictionary
/// (`[CFString: Any]`) of an OpenType tag and value; empty for a font made without any.
@discardableResult
public func CTFontCopyFeatureSettings(_ font: CTFont) -> CFArray {
    FontFeature.settings(of: font.features)
}

/// The traits of the installed font `font` is drawn with (Core Text's
/// `CTFontGetSymbolicTraits`): bold for semibold and heavier, italic for italic and oblique
/// faces, condensed and expanded widths, monospace families. Empty when no font is installed.
@discardableResult
public func CTFontGetSymbolicTraits(_ font: CTFont) -> CTFontSymbolicTraits {
    font.withInstalledFont { installed -> CTFontSymbolicTraits? in
        guard let described = pango_font_describe(installed) else { return nil }
        defer { pango_font_description_free(described) }
        var traits: CTFontSymbolicTraits = []
        if pango_font_description_get_weight(described).rawValue >= PANGO_WEIGHT_SEMIBOLD.rawValue { traits.insert(.traitBold) }
        if pango_font_description_get_style(described) != PANGO_STYLE_NORMAL { traits.insert(.traitItalic) }
        let stretch = pango_font_description_get_stretch(described).rawValue
        if stretch < PANGO_STRETCH_NORMAL.rawValue { traits.insert(.traitCondensed) }
        if stretch > PANGO_STRETCH_NORMAL.rawValue { traits.insert(.traitExpanded) }
        if let face = pango_font_get_face(installed), let family = pango_font_face_get_family(face),
            pango_font_family_is_monospace(family) != 0
        {
            traits.insert(.traitMonoSpace)
        }
        return traits
    } ?? []
}

/// A font of `font`'s family whose traits in `symTraitMask` are those of `symTraitValue`
/// (Core Text's `CTFontCreateCopyWithSymbolicTraits`), at `size` points (0: `font`'s size);
/// nil when no installed face of the family has the bold and italic traits asked for.
@discardableResult
public func CTFontCreateCopyWithSymbolicTraits(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?,
    _ symTraitValue: CTFontSymbolicTraits, _ symTraitMask: CTFontSymbolicTraits
) -> CTFont? {
    let current = CTFontGetSymbolicTraits(font)
    let wanted = current.subtracting(symTraitMask).union(symTraitValue.intersection(symTraitMask))
    let descriptor = CTFontDescriptor(
        family: CTFontCopyFamilyName(font), symbolicTraits: wanted.intersection([.traitBold, .traitItalic, .traitCondensed, .traitExpanded]))
    let copy = CTFontCreateWithFontDescriptor(descriptor, size > 0 ? size : font.size, matrix)
    let checked: CTFontSymbolicTraits = [.traitBold, .traitItalic]
    guard CTFontGetSymbolicTraits(copy).intersection(checked) == wanted.intersection(checked) else { return nil }
    return copy
}

/// The descriptor of the installed font `descriptor` is drawn with (Core Text's
/// `CTFontDescriptorCreateMatchingFontDescriptor`): its family and style, with the
/// descriptor's size; nil when no font is installed. `mandatoryAttributes` is accepted and
/// ignored: fontconfig always chooses a font.
@discardableResult
public func CTFontDescriptorCreateMatchingFontDescriptor(
    _ descriptor: CTFontDescriptor, _ mandatoryAttributes: Set<CFString>?
) -> CTFontDescriptor? {
    let font = CTFontCreateWithFontDescriptor(descriptor, 0, nil)
    guard let family = font.resolvedFamily else { return nil }
    return CTFontDescriptor(family: family, style: font.installedStyleName, size: descriptor.size)
}

/// The descriptors of the installed faces of `descriptor`'s family — every face of it when the
/// descriptor names only a family, else the one it is drawn with (Core Text's
/// `CTFontDescriptorCreateMatchingFontDescriptors`); nil when there are none.
@discardableResult
public func CTFontDescriptorCreateMatchingFontDescriptors(
    _ descriptor: CTFontDescriptor, _ mandatoryAttributes: Set<CFString>?
) -> CFArray? {
    if descriptor.name == nil, descriptor.style == nil, descriptor.symbolicTraits == nil, descriptor.weight == nil,
        let family = descriptor.family
    {
        // A substituted family's faces are those of the first family standing for it.
        let standIn = FontResolution.substitution(for: family)?.split(separator: ",").first.map(String.init)
        let key = AppleFontFamilies.key(standIn ?? family)
        let faces = CTFontCollection.installedFaces().filter { AppleFontFamilies.key($0.family ?? "") == key }
        if !faces.isEmpty { return faces.map { CTFontDescriptor(family: $0.family, style: $0.style, size: descriptor.size) } }
    }
    return CTFontDescriptorCreateMatchingFontDescriptor(descriptor, mandatoryAttributes).map { [$0] }
}
