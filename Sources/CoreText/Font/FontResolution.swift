import CCairo
import CPangoCairo
import CoreGraphics

/// How Apple's font names become fontconfig patterns, and the installed font fontconfig
/// chooses for one.
package enum FontResolution {
    /// The font drawn for an empty name: Helvetica, Core Text's default.
    package static let defaultFontName = "Helvetica"

    /// Apple's own families that fontconfig has no alias for, and the families each stands
    /// for, nearest first (fontconfig's own aliases already map Helvetica, Arial, Times, Times
    /// New Roman and Courier to metric-compatible or generic families). Avenir and Avenir
    /// Next are drawn in Lato (`fonts-lato`), the nearest in shape and width the package
    /// mirror has; the system font, San Francisco (SF Pro), in Inter (`fonts-inter`), a
    /// neo-grotesque drawn to the same brief, and SF Pro Display, its cut for large sizes, in
    /// Inter Display; each in the default sans-serif font where those are not installed.
    static let substitutions: [String: String] = [
        ".SF UI": "Inter, sans-serif", ".SFUI": "Inter, sans-serif", ".SF NS": "Inter, sans-serif",
        "SF Pro": "Inter, sans-serif", "SF Pro Text": "Inter, sans-serif", "San Francisco": "Inter, sans-serif",
        "SF Pro Display": "Inter Display, Inter, sans-serif", ".AppleSystemUIFont": "Inter, sans-serif",
        "Helvetica Neue": "Helvetica", "HelveticaNeue": "Helvetica",
        "Menlo": "monospace", "Monaco": "monospace", "SF Mono": "monospace", ".SFMono": "monospace",
        "Courier New": "monospace", "Georgia": "serif", "Palatino": "serif",
        "Avenir": "Lato, sans-serif", "Avenir Next": "Lato, sans-serif", "AvenirNext": "Lato, sans-serif",
    ]

    /// A Pango font description for a font name: the face fontconfig knows by that PostScript
    /// or full name (a font the application registered too); else a PostScript-style style suffix
    /// (`"Helvetica-Bold"`) read as a style (`"Helvetica Bold"`), Apple families fontconfig
    /// does not know replaced by a generic family; an empty name is Helvetica, and so is a
    /// family neither fontconfig nor Apple's platforms have, as Core Text draws it. The caller
    /// frees it.
    package static func fontDescription(named name: String) -> OpaquePointer? {
        var name = name.trimmedFontName
        if name.isEmpty { name = defaultFontName }
        // Core Text finds a font by its PostScript name or full name first
        // ("AirbnbCerealApp-Medium" is a face of the family "Airbnb Cereal App").
        if let face = FontRegistry.face(named: name), let description = pango_font_description_new() {
            face.family.withCString { pango_font_description_set_family(description, $0) }
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(clamping: face.weight)))
            pango_font_description_set_style(description, face.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
            return description
        }
        // A generic family ("sans-serif") is fontconfig's own name, dash and all.
        if AppleFontFamilies.generic.contains(AppleFontFamilies.key(name)) {
            return name.withCString { pango_font_description_from_string($0) }
        }
        if let dash = name.lastIndex(of: "-"), !name.contains(" ") {
            let style = name[name.index(after: dash)...]
            let family = String(name[..<dash])
            if !style.isEmpty {
                // "BoldOblique" → "Bold Oblique".
                var spaced = ""
                for character in style {
                    if character.isUppercase, !spaced.isEmpty { spaced.append(" ") }
                    spaced.append(character)
                }
                name = (substitution(for: family) ?? family) + " " + spaced
            }
        } else if let generic = substitution(for: name) {
            name = generic
        } else if let (family, replacement) = substitution(startingFullName: name) {
            // A full name, family then style ("Avenir Next Medium", "Helvetica Neue Bold").
            name = replacement + name.dropFirst(family.count)
        }
        name = joiningStylePrefixes(name)
        guard let description = name.withCString({ pango_font_description_from_string($0) }) else { return nil }
        return knowsFamily(of: description) ? description : helvetica(sizedAs: description)
    }

    /// The families that stand for `family` (compared as fontconfig compares family names, so
    /// `"SFProDisplay"`, from `"SFProDisplay-Medium"`, is SF Pro Display's), or nil when it is
    /// not one of ``substitutions``.
    static func substitution(for family: String) -> String? {
        substitutions[family] ?? substitutionsByKey[AppleFontFamilies.key(family)]
    }

    private static let substitutionsByKey: [String: String] = Dictionary(
        substitutions.map { (AppleFontFamilies.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })

    /// The style words a font name may end in (Pango's weights, slants and widths, and
    /// the halves of Apple's two-word ones), lowercased.
    private static let styleWords: Set<String> = [
        "thin", "light", "book", "regular", "normal", "roman", "medium", "bold", "heavy", "black", "italic", "oblique",
        "condensed", "expanded", "ultra", "extra", "semi", "demi",
    ]

    /// The words that qualify the next one in a style ("Ultra Light", "Demi Bold").
    private static let stylePrefixes: Set<String> = ["ultra", "extra", "semi", "demi"]

    /// `name` with each two-word style at its end hyphenated as Pango spells it: "GillSans
    /// Ultra Bold" (from `"GillSans-UltraBold"`) → "GillSans Ultra-Bold", "Avenir Next Demi
    /// Bold" → "Avenir Next Demi-Bold". Pango reads the last word of "Ultra Bold" as the
    /// weight and leaves "Ultra" in the family name, a family nobody has.
    static func joiningStylePrefixes(_ name: String) -> String {
        var words = name.split(separator: " ").map(String.init)
        func isStyle(_ word: String) -> Bool {
            word.lowercased().split(separator: "-").allSatisfy { styleWords.contains(String($0)) }
        }
        var index = words.count - 1
        while index > 0, isStyle(words[index]) {
            if stylePrefixes.contains(words[index - 1].lowercased()) {
                words[index - 1] += "-" + words[index]
                words.remove(at: index)
            }
            index -= 1
        }
        return words.joined(separator: " ")
    }

    /// The longest of Apple's substituted families that `name` starts with, followed by a
    /// space (the family of a full name such as `"SF Pro Display Medium"`), and its replacement.
    private static func substitution(startingFullName name: String) -> (family: String, replacement: String)? {
        guard name.contains(" ") else { return nil }
        var longest: (family: String, replacement: String)?
        for (family, replacement) in substitutions where family.count > longest?.family.count ?? 0 {
            if name.hasPrefix(family), name.dropFirst(family.count).first == " " { longest = (family, replacement) }
        }
        return longest
    }

    /// Whether the family a description asks for (any of a comma-separated list) is one
    /// fontconfig lists or one of Apple's, which Core Text would find by name.
    private static func knowsFamily(of description: OpaquePointer) -> Bool {
        guard let family = pango_font_description_get_family(description).map({ String(cString: $0) }) else { return true }
        // Both compare family names ignoring case and spaces, so a list's spaces may stay.
        return family.split(separator: ",").map(String.init).contains { name in
            name.allSatisfy { $0 == " " } || AppleFontFamilies.contains(name) || FontRegistry.hasFamily(named: name)
        }
    }

    /// Core Text's font for a name it has no font for: Helvetica, regular and upright whatever
    /// style the name gave (Apple's renders of text in a font the app did not bring show it
    /// so), at the size the name gave. Frees `description`.
    private static func helvetica(sizedAs description: OpaquePointer) -> OpaquePointer? {
        let size = pango_font_description_get_size(description)
        pango_font_description_free(description)
        guard let fallback = pango_font_description_new() else { return nil }
        defaultFontName.withCString { pango_font_description_set_family(fallback, $0) }
        if size > 0 { pango_font_description_set_size(fallback, size) }
        return fallback
    }

    /// The size given in a font name (`"DejaVu Sans 20"`), in points, if it has one.
    package static func sizeGiven(inFontName name: String) -> CGFloat? {
        guard let description = fontDescription(named: name) else { return nil }
        defer { pango_font_description_free(description) }
        let size = pango_font_description_get_size(description)
        guard size > 0 else { return nil }
        return CGFloat(size) / CGFloat(lamina_pango_scale())
    }

    /// Calls `body` with the installed font fontconfig chooses for `name` at `size` points
    /// (unhinted), at `variations` when it is a variable font, or returns nil when no font is
    /// installed at all. The font is valid only during the call.
    static func withFont<R>(
        named name: String, size: CGFloat, variations: [FontVariation] = [], _ body: (_ font: OpaquePointer) -> R?
    ) -> R? {
        guard let description = fontDescription(named: name) else { return nil }
        defer { pango_font_description_free(description) }
        pango_font_description_set_absolute_size(description, Double(size * CGFloat(lamina_pango_scale())))
        FontVariation.apply(variations, toDescription: description)
        guard let map = pango_cairo_font_map_get_default() else { return nil }
        FontRegistry.refresh(map)
        guard let context = pango_font_map_create_context(map) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
        guard let font = pango_font_map_load_font(map, context, description) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        return body(font)
    }

    /// Calls `body` with the HarfBuzz font of the installed font fontconfig chooses for
    /// `name` (at `variations` when it is a variable font), scaled in font units (one unit per
    /// unit of the em square), and the units per em; nil without a font.
    static func withFontUnits<R>(
        named name: String, size: CGFloat, variations: [FontVariation] = [],
        _ body: (_ font: OpaquePointer, _ unitsPerEm: CGFloat) -> R?
    ) -> R? {
        withFont(named: name, size: size, variations: variations) { pangoFont in
            guard let scaled = pango_font_get_hb_font(pangoFont), let face = hb_font_get_face(scaled),
                let font = hb_font_create(face)
            else { return nil }
            defer { hb_font_destroy(font) }
            FontVariation.apply(variations, to: font)
            let upem = hb_face_get_upem(face)
            guard upem > 0 else { return nil }
            return body(font, CGFloat(upem))
        }
    }

    /// The family of a loaded font.
    static func family(of font: OpaquePointer) -> String? {
        guard let described = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) }
    }
}

extension String {
    /// A font name as it is looked up: its first 256 characters, without white space and
    /// newlines at either end. Trimmed in Swift: Foundation's trimming goes through NSString,
    /// a noticeable part of drawing a short label.
    var trimmedFontName: String {
        let kept = prefix(256)
        let start = kept.firstIndex { !$0.isWhitespace } ?? kept.endIndex
        let end = kept.lastIndex { !$0.isWhitespace }.map { kept.index(after: $0) } ?? start
        return String(kept[start..<end])
    }
}
