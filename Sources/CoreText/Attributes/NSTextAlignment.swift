/// How lines are placed horizontally in a paragraph (UIKit's `NSTextAlignment`; raw values
/// are iOS's).
public enum NSTextAlignment: Int, Sendable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines end at the right edge.
    case right = 2
    /// Lines but the last of a paragraph are stretched to both edges.
    case justified = 3
    /// Lines start at the edge the script starts from. The default.
    case natural = 4
}

/// How a paragraph's lines break or are shortened (`NSLineBreakMode`).
public enum NSLineBreakMode: Int, Sendable {
    /// Lines break between words. The default.
    case byWordWrapping = 0
    /// Lines break between characters.
    case byCharWrapping = 1
    /// Lines do not wrap; what does not fit is clipped.
    case byClipping = 2
    /// Lines do not wrap; the start of a line that does not fit is replaced by an ellipsis.
    case byTruncatingHead = 3
    /// Lines do not wrap; the end of a line that does not fit is replaced by an ellipsis.
    case byTruncatingTail = 4
    /// Lines do not wrap; the middle of a line that does not fit is replaced by an ellipsis.
    case byTruncatingMiddle = 5
}

/// Underline styles (`NSUnderlineStyle`): a style (`.single`, `.thick`, `.double`), optionally
/// with a pattern and `.byWord`. Lines are drawn at the font's underline position and
/// thickness.
public struct NSUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits.
    public let rawValue: Int
    /// A style from its bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// One thin line.
    public static let single = NSUnderlineStyle(rawValue: 0x01)
    /// One line twice the font's underline thickness.
    public static let thick = NSUnderlineStyle(rawValue: 0x02)
    /// Two thin lines, one thickness apart.
    public static let double = NSUnderlineStyle(rawValue: 0x09)
    /// A dotted line (with a style): dots as long as the line is thick, as far apart.
    public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
    /// A dashed line (with a style): dashes three thicknesses long, a thickness apart.
    public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
    /// A dash-dot line (with a style).
    public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
    /// A dash-dot-dot line (with a style).
    public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
    /// Under words only, not the white space between them (with a style).
    public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// The direction a paragraph's lines run in (`NSWritingDirection`).
public enum NSWritingDirection: Int, Sendable {
    /// The direction of the paragraph's first strong character (Unicode's rule). The default.
    case natural = -1
    /// Left to right.
    case leftToRight = 0
    /// Right to left.
    case rightToLeft = 1
}
