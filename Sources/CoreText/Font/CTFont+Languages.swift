/// The languages the installed font `font` is drawn with supports (Core Text's
/// `CTFontCopySupportedLanguages`), as BCP 47 identifiers, sorted: `"en"`, `"fr"`, `"ru"`;
/// Chinese as `"zh-Hans"` and `"zh-Hant"`, as Apple spells them; other regions in capitals
/// (`"az-IR"`).
///
/// A language is supported when the font has a glyph for every character fontconfig lists as
/// the language's (its orthography), across the faces of the font's family. Empty when no
/// font is installed.
@discardableResult
public func CTFontCopySupportedLanguages(_ font: CTFont) -> CFArray {
    let family = font.resolvedFamily ?? font.name
    let identifiers = FontRegistry.languages(ofFamily: family).map(appleLanguageIdentifier)
    return Array(Set(identifiers)).sorted()
}

/// fontconfig's name for a language (ISO 639, then a territory or script in lower case:
/// `"zh-tw"`, `"und-zmth"`) as Apple writes the identifier, in BCP 47's casing: Chinese by
/// script (`"zh-Hant"`), other territories in capitals (`"pa-PK"`), scripts capitalized
/// (`"und-Zmth"`).
func appleLanguageIdentifier(_ fontconfigName: String) -> String {
    let parts = fontconfigName.split(separator: "-", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return fontconfigName }
    switch (parts[0], parts[1]) {
    case ("zh", "cn"), ("zh", "sg"): return "zh-Hans"
    case ("zh", "tw"), ("zh", "hk"), ("zh", "mo"): return "zh-Hant"
    case (let language, let subtag) where subtag.count == 4:
        return language + "-" + subtag.prefix(1).uppercased() + subtag.dropFirst()
    case (let language, let subtag): return language + "-" + subtag.uppercased()
    }
}
