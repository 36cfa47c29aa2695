/// The font families Apple platforms install (iOS's and macOS's own lists, by family name),
/// which Core Text finds by name there: a name of one of them keeps its style here and is
/// matched by fontconfig (a metric-compatible or generic family where the font itself is not
/// installed), while a family in neither this list nor fontconfig's is drawn as Core Text
/// draws a name it has no font for, in Helvetica.
enum AppleFontFamilies {
    /// The families, lowercased, spaces removed (as fontconfig compares family names).
    static let installed: Set<String> = Set(
        [
            "Academy Engraved LET", "Al Nile", "American Typewriter", "Apple Color Emoji", "Apple SD Gothic Neo",
            "Apple Symbols", "Arial", "Arial Black", "Arial Hebrew", "Arial Narrow", "Arial Rounded MT Bold",
            "Arial Unicode MS", "Avenir", "Avenir Next", "Avenir Next Condensed", "Baskerville", "Big Caslon",
            "Bodoni 72", "Bodoni 72 Oldstyle", "Bodoni 72 Smallcaps", "Bodoni Ornaments", "Bradley Hand",
            "Brush Script MT", "Chalkboard", "Chalkboard SE", "Chalkduster", "Charter", "Cochin", "Comic Sans MS",
            "Copperplate", "Courier", "Courier New", "Damascus", "Devanagari Sangam MN", "Didot", "DIN Alternate",
            "DIN Condensed", "Euphemia UCAS", "Farah", "Futura", "Galvji", "Geeza Pro", "Geneva", "Georgia",
            "Gill Sans", "Helvetica", "Helvetica Neue", "Herculanum", "Hiragino Maru Gothic ProN",
            "Hiragino Mincho ProN", "Hiragino Sans", "Hoefler Text", "Impact", "Kailasa", "Kefa", "Khmer Sangam MN",
            "Kohinoor Bangla", "Kohinoor Devanagari", "Kohinoor Gujarati", "Kohinoor Telugu", "Lao Sangam MN",
            "Lucida Grande", "Luminari", "Malayalam Sangam MN", "Marker Felt", "Menlo", "Microsoft Sans Serif",
            "Mishafi", "Monaco", "Mukta Mahee", "Myanmar Sangam MN", "New York", "Noteworthy", "Optima", "Palatino",
            "Papyrus", "Party LET", "PingFang HK", "PingFang SC", "PingFang TC", "Rockwell", "Savoye LET",
            "Sinhala Sangam MN", "Skia", "Snell Roundhand", "Symbol", "Tahoma", "Tamil Sangam MN", "Thonburi",
            "Times", "Times New Roman", "Trattatello", "Trebuchet MS", "Verdana", "Webdings", "Zapf Dingbats",
            "Zapfino",
            // The system fonts, by the names Apple code gives them.
            "SF Pro", "SF Pro Text", "SF Pro Display", "SF Pro Rounded", "SF Compact", "SF Mono", "San Francisco",
            ".SF UI", ".SFUI", ".SF NS", ".SFMono", ".AppleSystemUIFont", "System Font",
        ].map(key))

    /// The generic families fontconfig resolves to its defaults.
    static let generic: Set<String> = Set(
        ["sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy", "emoji", "math"].map(key))

    /// Whether `family` (a family name, or the part of a PostScript name before its style:
    /// `"TimesNewRomanPS"`, `"ArialMT"`) names one of Apple's families or a generic one.
    static func contains(_ family: String) -> Bool {
        let name = key(family)
        if installed.contains(name) || generic.contains(name) { return true }
        return monotypeSuffixes.contains { name.hasSuffix($0) && installed.contains(String(name.dropLast($0.count))) }
    }

    /// What Monotype's PostScript names end in ("TimesNewRomanPSMT", "ArialMT"), lowercased.
    private static let monotypeSuffixes = ["psmt", "ps", "mt"]

    /// The ``key(_:)`` of the family of Apple's that a font name names: the part of a
    /// PostScript name before its style (`"AvenirNext-Medium"`), else the longest of
    /// ``installed`` that a family or full name starts with (`"Avenir Next Condensed Bold"` is
    /// Avenir Next Condensed, not Avenir Next). Nil for a name of no family of Apple's.
    static func familyKey(ofName name: String) -> String? {
        let trimmed = name.trimmedFontName
        if let dash = trimmed.lastIndex(of: "-"), !trimmed.contains(" ") {
            let family = key(String(trimmed[..<dash]))
            return installed.contains(family) ? family : nil
        }
        let whole = key(trimmed)
        return installed.filter { whole.hasPrefix($0) }.max { $0.count < $1.count }
    }

    /// How fontconfig compares family names: case and spaces ignored.
    static func key(_ family: String) -> String { String(family.lowercased().filter { $0 != " " }) }
}
