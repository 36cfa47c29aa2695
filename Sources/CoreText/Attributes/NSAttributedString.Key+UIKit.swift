import Foundation

// UIKit's and AppKit's attributes for text TextKit draws (backgrounds, strikethrough, shadows,
// links, attachments). Apple code sets them on the strings it hands to Core Text too; Lamina
// declares them, with Apple's names, so that such code compiles, and its Core Text draws none
// of them: a run with them is laid out and drawn as it is without them.
extension NSAttributedString.Key {
    /// The colour behind a run's text (drawn by TextKit; not by Lamina's Core Text).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// A line through a run's text, an `NSUnderlineStyle` raw value (drawn by TextKit; not by
    /// Lamina's Core Text).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// The colour of the line through a run's text (not drawn by Lamina's Core Text).
    public static let strikethroughColor = NSAttributedString.Key("NSStrikethroughColor")
    /// How far a run's glyphs are skewed, a number (not applied by Lamina's Core Text).
    public static let obliqueness = NSAttributedString.Key("NSObliqueness")
    /// How far a run's glyphs are stretched, a number (not applied by Lamina's Core Text).
    public static let expansion = NSAttributedString.Key("NSExpansion")
    /// The link a run stands for, a `URL` or `String` (TextKit's; kept with the run).
    public static let link = NSAttributedString.Key("NSLink")
    /// A run's shadow, an ``NSShadow`` (drawn by UIKit's and AppKit's string drawing; not by
    /// Core Text, on Apple platforms or in Lamina).
    public static let shadow = NSAttributedString.Key("NSShadow")
    /// A run's attachment, an `NSTextAttachment` on Apple platforms (TextKit's).
    public static let attachment = NSAttributedString.Key("NSAttachment")
    /// A run's text effect, such as the letterpress style (TextKit's).
    public static let textEffect = NSAttributedString.Key("NSTextEffect")
    /// Whether a run uses vertical glyph forms, a number (horizontal text only in Lamina).
    public static let verticalGlyphForm = NSAttributedString.Key("CTVerticalForms")
    /// Bidirectional embedding or override of a run, an array of numbers (TextKit's; Lamina
    /// orders text by the paragraph's ``NSParagraphStyle/baseWritingDirection``).
    public static let writingDirection = NSAttributedString.Key("NSWritingDirection")
}
