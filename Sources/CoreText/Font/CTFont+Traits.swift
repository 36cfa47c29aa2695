import CPangoCairo
import CoreGraphics
import Foundation

/// The width in a traits dictionary: a number from −1 (most condensed) through 0 (normal) to
/// 1 (most expanded).
public let kCTFontWidthTrait: CFString = "NSCTFontProportionTrait"
/// The slant in a traits dictionary: a number from −1 through 0 (upright) to 1, 1 being 30
/// degrees clockwise.
public let kCTFontSlantTrait: CFString = "NSCTFontSlantTrait"

/// The traits of the installed font `font` is drawn with (Core Text's `CTFontCopyTraits`):
/// ``kCTFontSymbolicTrait`` (``CTFontGetSymbolicTraits(_:)``), ``kCTFontWeightTrait`` (its
/// weight class on UIKit's scale: 100 is −0.8, 400 is 0, 500 is 0.23, 700 is 0.4, 900 is
/// 0.62), ``kCTFontWidthTrait`` (condensed −0.2, expanded 0.2) and ``kCTFontSlantTrait`` (its
/// slant angle over 30 degrees, leaning right positive).
@discardableResult
public func CTFontCopyTraits(_ font: CTFont) -> [CFString: Any] {
    let traits = CTFontGetSymbolicTraits(font)
    let weightClass =
        font.withInstalledFont { installed -> Int? in
            guard let described = pango_font_describe(installed) else { return nil }
            defer { pango_font_description_free(described) }
            return Int(pango_font_description_get_weight(described).rawValue)
        } ?? 400
    let width: CGFloat = traits.contains(.traitCondensed) ? -0.2 : traits.contains(.traitExpanded) ? 0.2 : 0
    return [
        kCTFontSymbolicTrait: traits.rawValue,
        kCTFontWeightTrait: fontWeight(ofWeightClass: weightClass),
        kCTFontWidthTrait: width,
        kCTFontSlantTrait: min(max(-CTFontGetSlantAngle(font) / 30, -1), 1),
    ]
}

/// A weight class (100 to 1000) on UIKit's weight scale, between the classes UIKit's named
/// weights stand for (ultra light 100, thin 200, light 300, regular 400, medium 500, semibold
/// 600, bold 700, heavy 800, black 900).
func fontWeight(ofWeightClass weightClass: Int) -> CGFloat {
    let named: [(weightClass: CGFloat, weight: CGFloat)] = [
        (100, -0.8), (200, -0.6), (300, -0.4), (400, 0), (500, 0.23), (600, 0.3), (700, 0.4), (800, 0.56), (900, 0.62),
    ]
    let value = CGFloat(min(max(weightClass, 100), 900))
    guard let upper = named.firstIndex(where: { $0.weightClass >= value }) else { return 0.62 }
    guard upper > 0 else { return named[0].weight }
    let (a, b) = (named[upper - 1], named[upper])
    return a.weight + (b.weight - a.weight) * (value - a.weightClass) / (b.weightClass - a.weightClass)
}

/// The value of `font`'s descriptor attribute `attribute` (Core Text's `CTFontCopyAttribute`):
/// its name, its installed family and style, its size, its traits
/// (``CTFontCopyTraits(_:)``), the file it is drawn from (``kCTFontURLAttribute``, an
/// `NSURL`) and the instance of a variable font it draws (``kCTFontVariationAttribute``, as
/// ``CTFontCopyVariation(_:)``); nil for other attributes.
@discardableResult
public func CTFontCopyAttribute(_ font: CTFont, _ attribute: CFString) -> CFTypeRef? {
    switch attribute {
    case kCTFontNameAttribute: CTFontCopyPostScriptName(font) as NSString
    case kCTFontDisplayNameAttribute: CTFontCopyDisplayName(font) as NSString
    case kCTFontFamilyNameAttribute: CTFontCopyFamilyName(font) as NSString
    case kCTFontStyleNameAttribute: CTFontCopyName(font, kCTFontStyleNameKey).map { $0 as NSString }
    case kCTFontSizeAttribute: NSNumber(value: Double(font.size))
    case kCTFontTraitsAttribute: CTFontCopyTraits(font) as NSDictionary
    case kCTFontURLAttribute: font.fileURL.map { NSURL(fileURLWithPath: $0.path) }
    case kCTFontVariationAttribute: CTFontCopyVariation(font).map { NSDictionary(dictionary: $0) }
    default: nil
    }
}

/// A copy of `font` at `size` points (0: `font`'s size) with `attributes`' attributes over its
/// own (Core Text's `CTFontCreateCopyWithAttributes`): the usual way to make the same font at
/// another size. `matrix` is accepted for source compatibility and ignored.
@discardableResult
public func CTFontCreateCopyWithAttributes(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ attributes: CTFontDescriptor?
) -> CTFont {
    let size = size.isFinite && size > 0 ? size : font.size
    guard let attributes else { return CTFont(name: font.name, size: size, features: font.features, variations: font.variations) }
    var merged = attributes.attributes
    // The font's own name unless the attributes name a font or a family; its own features
    // before the attributes' own, its own variation under the attributes'.
    if merged[kCTFontNameAttribute] == nil, merged[kCTFontFamilyNameAttribute] == nil { merged[kCTFontNameAttribute] = font.name }
    let descriptor = CTFontDescriptor(features: font.features, variations: font.variations).adding(merged)
    return CTFontCreateWithFontDescriptor(descriptor, size, matrix)
}

/// A font of `family` with `font`'s bold and italic traits at `size` points (0: `font`'s size)
/// (Core Text's `CTFontCreateCopyWithFamily`); nil when neither fontconfig nor Apple's platforms
/// know the family. `matrix` is accepted for source compatibility and ignored.
@discardableResult
public func CTFontCreateCopyWithFamily(
    _ font: CTFont, _ size: CGFloat, _ matrix: UnsafePointer<CGAffineTransform>?, _ family: CFString
) -> CTFont? {
    guard AppleFontFamilies.contains(family) || FontRegistry.hasFamily(named: family) else { return nil }
    let traits = CTFontGetSymbolicTraits(font).intersection([.traitBold, .traitItalic])
    return CTFontCreateWithFontDescriptor(
        CTFontDescriptor(family: family, symbolicTraits: traits), size.isFinite && size > 0 ? size : font.size, matrix)
}
