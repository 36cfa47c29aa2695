import Foundation

extension NSAttributedString.Key {
    /// The font of a run: a ``CTFont`` (drawn at its size) or, for a `CATextLayer`-style
    /// string, a font name `String`. The raw value is UIKit's and AppKit's, and Core Text's
    /// ``kCTFontAttributeName``. Default: Helvetica 12 (as fontconfig matches it).
    public static let font = NSAttributedString.Key("NSFont")
    /// The fill colour of a run's glyphs, as a `CGColor`. The raw value is UIKit's and AppKit's.
    /// Default: opaque black.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Extra space after each character in points, a number (`CGFloat`, `Double` or `Int`).
    ///
    /// Default: none, and the font's kerning pairs apply. As in Core Text, a value of 0 turns
    /// the font's kerning off; any other value adds to it.
    public static let kern = NSAttributedString.Key("NSKern")
    /// The paragraph's alignment, line spacing and line breaking, an ``NSParagraphStyle``.
    /// Default: ``NSParagraphStyle/default``.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// The colour of a run's glyph outlines, a `CGColor`. Default: the foreground colour.
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The width of a run's glyph outlines as a percentage of the font size, a number:
    /// positive strokes without filling, negative strokes and fills, 0 only fills (the default).
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// An underline under a run, an `Int` (an ``NSUnderlineStyle`` raw value, or a
    /// ``CTUnderlineStyle`` with ``CTUnderlineStyleModifiers``): a style, its pattern and
    /// whether it skips white space, at the font's underline position and thickness. Default:
    /// 0, none.
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// The colour of a run's underline, a `CGColor`. Default: the run's fill colour.
    public static let underlineColor = NSAttributedString.Key("NSUnderlineColor")
    /// Which ligatures a run forms, an `Int`: 0 only those the script needs, 1 the font's
    /// standard ligatures (the default), 2 its discretionary ligatures too.
    public static let ligature = NSAttributedString.Key("NSLigature")
    /// How far a run's baseline is raised, in points, a number. Default: 0.
    public static let baselineOffset = NSAttributedString.Key("NSBaselineOffset")
    /// Space added after each character of a run, in points, a number. Default: 0, none.
    ///
    /// Like ``kern`` but it keeps the font's own kerning, a run with both takes the tracking
    /// (and a kern of 0 still turns the font's kerning off), and a tracking other than 0 keeps
    /// only the ligatures the script needs. Apple keeps the others where the run has a
    /// ``ligature`` attribute and treats the last character's tracking as trailing white
    /// space; Lamina forms no others under any letter spacing and counts it in the line's
    /// width, as a kern.
    public static let tracking = NSAttributedString.Key("NSTracking")
}

/// The attribute key of a run's font (Core Text's `kCTFontAttributeName`); the same key
/// as `NSAttributedString.Key.font`.
public let kCTFontAttributeName: CFString = NSAttributedString.Key.font.rawValue
/// The attribute key of a run's fill colour (`kCTForegroundColorAttributeName`).
public let kCTForegroundColorAttributeName: CFString = NSAttributedString.Key.foregroundColor.rawValue
/// The attribute key of a run's extra character spacing (`kCTKernAttributeName`).
public let kCTKernAttributeName: CFString = NSAttributedString.Key.kern.rawValue
/// The attribute key of a run's tracking (`kCTTrackingAttributeName`), read as
/// `NSAttributedString.Key.tracking` is.
public let kCTTrackingAttributeName: CFString = "CTTracking"
/// The attribute key of a run's underline colour (`kCTUnderlineColorAttributeName`).
public let kCTUnderlineColorAttributeName: CFString = NSAttributedString.Key.underlineColor.rawValue
/// The attribute key of a run's paragraph style (`kCTParagraphStyleAttributeName`); a
/// ``CTParagraphStyle`` or an ``NSParagraphStyle``.
public let kCTParagraphStyleAttributeName: CFString = NSAttributedString.Key.paragraphStyle.rawValue
/// The attribute key of a run's outline colour (`kCTStrokeColorAttributeName`).
public let kCTStrokeColorAttributeName: CFString = NSAttributedString.Key.strokeColor.rawValue
/// The attribute key of a run's outline width (`kCTStrokeWidthAttributeName`).
public let kCTStrokeWidthAttributeName: CFString = NSAttributedString.Key.strokeWidth.rawValue
/// The attribute key of a run's underline (`kCTUnderlineStyleAttributeName`).
public let kCTUnderlineStyleAttributeName: CFString = NSAttributedString.Key.underlineStyle.rawValue
/// The attribute key of a run's ligatures (`kCTLigatureAttributeName`).
public let kCTLigatureAttributeName: CFString = NSAttributedString.Key.ligature.rawValue
/// The attribute key of a run's baseline offset (`kCTBaselineOffsetAttributeName`).
public let kCTBaselineOffsetAttributeName: CFString = NSAttributedString.Key.baselineOffset.rawValue
/// The attribute key of a run's superscript or subscript (`kCTSuperscriptAttributeName`), a
/// number: 1 draws the font's superscript forms and -1 its subscript forms, where the font has
/// them (its OpenType `sups` and `subs` features, which replace the glyphs they cover, as Core
/// Text documents: "if supported by the specified font"); 0, the default, neither. A font
/// without them draws the run as it is.
public let kCTSuperscriptAttributeName: CFString = "NSSuperScript"
/// The attribute key of whether a run uses vertical glyph forms (`kCTVerticalFormsAttributeName`),
/// the key of `NSAttributedString.Key.verticalGlyphForm`: Lamina lays text out
/// horizontally, and draws a run with it as without it.
public let kCTVerticalFormsAttributeName: CFString = NSAttributedString.Key.verticalGlyphForm.rawValue
/// The attribute key of a run's bidirectional embedding or override
/// (`kCTWritingDirectionAttributeName`), the key of
/// `NSAttributedString.Key.writingDirection`: Lamina orders text by the paragraph's
/// base writing direction, and draws a run with it as without it.
public let kCTWritingDirectionAttributeName: CFString = NSAttributedString.Key.writingDirection.rawValue
/// Whether a run takes its fill colour from the context (`kCTForegroundColorFromContextAttributeName`).
public let kCTForegroundColorFromContextAttributeName: CFString = "CTForegroundColorFromContext"
/// The attribute key of a run's language (`kCTLanguageAttributeName`), a `String` holding a
/// locale identifier (`"sr"`, `"ro_RO"`, `"zh-Hant"`). Default: none.
///
/// The language selects the font's localized glyphs where it has them (its OpenType `locl`
/// forms: Serbian `б` in DejaVu Sans, Romanian `Ș` for `Ş` in Inter) and orders the fonts
/// fontconfig falls back to for characters the font lacks; line breaking follows it where Pango
/// has rules for it.
public let kCTLanguageAttributeName: CFString = "NSLanguage"
