import Foundation

/// A font without a size (Apple's `CGFont`), as ``CGContext/setFont(_:)`` takes one.
///
/// A font made by name keeps the name, which fontconfig resolves when glyphs are drawn. A
/// font made from a data provider holds the font file's bytes (TrueType, OpenType or the
/// first font of a collection) and reads its names, units per em and glyph count from them;
/// Core Text registers the bytes for the process when the font is registered
/// (`CTFontManagerRegisterGraphicsFont`) or a Core Text font is made from it
/// (`CTFontCreateWithGraphicsFont`).
public final class CGFont: Sendable {
    /// The font's full name (`"Pacifico Regular"`); for a font made by name, that name.
    public let fullName: CFString?
    /// The font's PostScript name (`"Pacifico-Regular"`); for a font made by name, that name
    /// (Lamina does not map it to a PostScript name).
    public let postScriptName: CFString?
    /// The font file's bytes; nil for a font made by name.
    package let fileData: Data?
    /// The units of the font's em square (its `head` table's); 0 for a font made by name.
    public let unitsPerEm: Int32
    /// The number of glyphs (its `maxp` table's); 0 for a font made by name.
    public let numberOfGlyphs: Int

    /// A font named `name`; nil for an empty name.
    public init?(_ name: CFString) {
        guard !name.isEmpty else { return nil }
        fullName = name
        postScriptName = name
        fileData = nil
        unitsPerEm = 0
        numberOfGlyphs = 0
    }

    /// The font whose file's bytes `provider` holds; nil when they are not a TrueType or
    /// OpenType font (or collection) with a PostScript or full name.
    public init?(_ provider: CGDataProvider) {
        guard let data = provider.data, let file = SFNTFile(data), let names = file.names,
            let name = names.name(6) ?? names.name(4)
        else { return nil }
        postScriptName = names.name(6) ?? name
        fullName = names.name(4) ?? name
        fileData = data
        unitsPerEm = Int32(file.uint16(table: "head", at: 18) ?? 0)
        numberOfGlyphs = Int(file.uint16(table: "maxp", at: 4) ?? 0)
    }
}
