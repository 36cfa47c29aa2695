import CPangoCairo
import Foundation

/// The fonts text in `font` falls back to for characters it has no glyph for, best first
/// (Core Text's `CTFontCopyDefaultCascadeListForLanguages`): a descriptor of each family
/// fontconfig sorts after the font's own for it — with the faces that add characters the ones
/// before do not have — each with its PostScript name (``kCTFontNameAttribute``) and family.
/// Cast it to `[CTFontDescriptor]`.
///
/// `languagePrefList` (language identifiers, `"ja"`, `"zh-Hant"`, `"ar"`) puts first the fonts
/// of the first language that fontconfig's ordering takes; nil or empty for none. Nil when no
/// font is installed.
@discardableResult
public func CTFontCopyDefaultCascadeListForLanguages(_ font: CTFont, _ languagePrefList: CFArray?) -> CFArray? {
    guard let family = font.resolvedFamily else { return nil }
    let language = (languagePrefList ?? []).lazy.compactMap { $0 as? String }.compactMap(fontconfigLanguage).first
    return FontRegistry.fallbackFaces(forFamily: family, language: language)
        .filter { AppleFontFamilies.key($0.family) != AppleFontFamilies.key(family) }
        .map { CTFontDescriptor(name: $0.postScriptName, family: $0.family) }
}

/// fontconfig's spelling of a language identifier it knows (`"zh-Hant"` → `"zh-tw"`,
/// `"en_GB"` → `"en"`, `"pa-PK"` → `"pa-pk"`), or nil for one it does not.
func fontconfigLanguage(_ identifier: String) -> String? {
    guard let spelled = fontconfigSpelling(identifier) else { return nil }
    let language = String(spelled.prefix { $0 != "-" })
    return [spelled, language].first { FontRegistry.knowsLanguage($0) }
}

/// A language identifier in fontconfig's spelling, known to it or not; nil for one that is
/// not a language.
private func fontconfigSpelling(_ identifier: String) -> String? {
    let parts = identifier.replacingOccurrences(of: "_", with: "-").lowercased().split(separator: "-").map(String.init)
    guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter })
    else { return nil }
    if language == "zh" {
        if parts.contains("hant") || parts.contains("tw") || parts.contains("hk") || parts.contains("mo") { return "zh-tw" }
        return "zh-cn"
    }
    // A territory (two letters) stays; a script subtag does not, fontconfig has none.
    if let territory = parts.dropFirst().first(where: { $0.count == 2 }) { return language + "-" + territory }
    return language
}
