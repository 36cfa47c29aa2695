/// Core Text's underline styles (`CTUnderlineStyle`), the low byte of an underline style
/// attribute's value; the same values as ``NSUnderlineStyle``'s styles. No underline is `[]`.
public struct CTUnderlineStyle: OptionSet, Hashable, Sendable {
    /// The style's bits.
    public let rawValue: Int32
    /// A style from its bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// One line of the font's underline thickness.
    public static let single = CTUnderlineStyle(rawValue: 0x01)
    /// One line twice as thick.
    public static let thick = CTUnderlineStyle(rawValue: 0x02)
    /// Two lines, one thickness apart.
    public static let double = CTUnderlineStyle(rawValue: 0x09)
}

/// The patterns an underline style may add (`CTUnderlineStyleModifiers`), bits 8–10 of an
/// underline style attribute's value. A solid line is `[]`.
public struct CTUnderlineStyleModifiers: OptionSet, Hashable, Sendable {
    /// The modifier's bits.
    public let rawValue: Int32
    /// A modifier from its bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }
    /// Dots as long as the line is thick, as far apart.
    public static let patternDot = CTUnderlineStyleModifiers(rawValue: 0x0100)
    /// Dashes three thicknesses long, a thickness apart.
    public static let patternDash = CTUnderlineStyleModifiers(rawValue: 0x0200)
    /// Dash, dot.
    public static let patternDashDot = CTUnderlineStyleModifiers(rawValue: 0x0300)
    /// Dash, dot, dot.
    public static let patternDashDotDot = CTUnderlineStyleModifiers(rawValue: 0x0400)
}
