import CoreGraphics

/// A stretch of text drawn in one style: what the text engine lays out, made from an
/// attributed string's runs (Core Text) or a text layer's properties (QuartzCore).
package struct TextStyleRun: Sendable, Equatable {
    /// The run's length in UTF-8 bytes of the string.
    package var utf8Length: Int
    /// The font, as a font name (see ``FontResolution``).
    package var fontName: String
    /// The font size in points.
    package var fontSize: CGFloat
    /// The fill colour; nil draws the run invisibly (it still takes its place).
    package var foregroundColor: CGColor?
    /// Extra space after each character, in points.
    package var kern: CGFloat
    /// Whether the font's own pair kerning applies (Core Text turns it off for a kern of 0).
    package var usesFontKerning: Bool
    /// Which ligatures the run forms.
    package var ligatures: TextLigatures
    /// The OpenType features its font turns on or off.
    package var fontFeatures: [FontFeature]
    /// The instance of a variable font it is drawn in, by axis (empty: the font's default).
    package var fontVariations: [FontVariation]
    /// The language the run is in, a BCP 47 or locale identifier (`"sr"`, `"ro_RO"`): it
    /// selects the font's localized glyphs and orders the fallback fonts. Nil for none.
    package var language: String?
    /// How far the baseline is raised, in points.
    package var baselineOffset: CGFloat
    /// How the run is underlined.
    package var underline: TextUnderline
    /// The underline's colour; nil for the fill colour.
    package var underlineColor: CGColor?
    /// Its vertical position: 1 draws the font's superscript forms, -1 its subscript forms
    /// (where the font has them), 0 neither.
    package var superscript = 0

    /// Whether the run is underlined.
    package var isUnderlined: Bool { underline.lines != .none }
    /// When set, each character of the run is an empty box of this width, ascent and descent
    /// (a Core Text run delegate's), drawing nothing.
    package var placeholder: TextPlaceholder?
    /// Ruby texts drawn above or below the run (a Core Text ruby annotation's); empty for none.
    package var rubies: [TextRuby] = []

    /// A run with these values.
    package init(
        utf8Length: Int, fontName: String, fontSize: CGFloat, foregroundColor: CGColor?, kern: CGFloat = 0,
        baselineOffset: CGFloat = 0, underline: TextUnderline = .none, underlineColor: CGColor? = nil,
        usesFontKerning: Bool = true,
        ligatures: TextLigatures = .standard, fontFeatures: [FontFeature] = [], fontVariations: [FontVariation] = []
    ) {
        self.utf8Length = max(utf8Length, 0)
        self.fontName = fontName
        // Within what a font can be (a size that is not a number lays out at Pango's default).
        self.fontSize = fontSize.isNaN ? 0 : min(fontSize, CTFontMaximumSize)
        self.foregroundColor = foregroundColor
        self.kern = kern.isFinite ? kern : 0
        self.baselineOffset = baselineOffset.isFinite ? baselineOffset : 0
        self.underline = underline
        self.underlineColor = underlineColor
        self.usesFontKerning = usesFontKerning
        self.ligatures = ligatures
        self.fontFeatures = fontFeatures
        self.fontVariations = fontVariations
    }
}

/// Ruby text drawn by a run of base text, above or below it.
package struct TextRuby: Sendable, Equatable {
    /// How the ruby text lines up with its base.
    package enum Alignment: Sendable, Equatable {
        /// Starting where the base starts.
        case start
        /// Centred over the base.
        case center
        /// Ending where the base ends.
        case end
        /// Spread over the base, its first and last characters at the base's ends.
        case distributeLetter
        /// Spread over the base with half the space between characters at either end.
        case distributeSpace
        /// Centred, but kept to a line's edge where the base touches it.
        case lineEdge
    }

    /// The ruby text.
    package var text: String
    /// Whether it stands above the base (else below).
    package var isAbove: Bool
    /// How it lines up with the base.
    package var alignment: Alignment
    /// Its font, as a font name (see ``FontResolution``).
    package var fontName: String
    /// Its font size in points.
    package var fontSize: CGFloat
    /// Its colour; nil draws it invisibly.
    package var color: CGColor?
    /// Whether a ruby text wider than its base is made smaller to fit the base's width.
    package var scalesToFit: Bool
}

/// The size of each character of a run that only holds a place (for an inline image).
package struct TextPlaceholder: Sendable, Equatable {
    /// Its advance.
    package var width: CGFloat
    /// How far it reaches above the baseline.
    package var ascent: CGFloat
    /// How far it reaches below the baseline.
    package var descent: CGFloat
}

/// How a run is underlined (Core Text's underline style: an `NSUnderlineStyle` raw value).
package struct TextUnderline: Sendable, Equatable {
    /// How many lines, how thick.
    package enum Lines: Sendable, Equatable {
        /// Not underlined.
        case none
        /// One line of the font's underline thickness.
        case single
        /// One line twice as thick.
        case thick
        /// Two lines of the font's thickness, a thickness apart.
        case double
    }

    /// How a line is broken into dashes.
    package enum Pattern: Sendable, Equatable {
        case solid, dot, dash, dashDot, dashDotDot
    }

    package var lines: Lines
    package var pattern: Pattern
    /// Whether white space is left without a line.
    package var byWord: Bool

    /// Not underlined.
    package static let none = TextUnderline(lines: .none, pattern: .solid, byWord: false)
    /// One solid line.
    package static let single = TextUnderline(lines: .single, pattern: .solid, byWord: false)

    package init(lines: Lines, pattern: Pattern, byWord: Bool) {
        self.lines = lines
        self.pattern = pattern
        self.byWord = byWord
    }

    /// The underline an `NSUnderlineStyle` raw value asks for: none without a style in its low
    /// byte (a pattern alone is none); `.thick` and `.double` as they say, any other style one
    /// line; the pattern of bits 8–10 and `.byWord`.
    package init(underlineStyle: Int) {
        switch underlineStyle & 0xFF {
        case 0: lines = .none
        case NSUnderlineStyle.thick.rawValue: lines = .thick
        case NSUnderlineStyle.double.rawValue: lines = .double
        default: lines = .single
        }
        switch underlineStyle & 0x0700 {
        case NSUnderlineStyle.patternDot.rawValue: pattern = .dot
        case NSUnderlineStyle.patternDash.rawValue: pattern = .dash
        case NSUnderlineStyle.patternDashDot.rawValue: pattern = .dashDot
        case NSUnderlineStyle.patternDashDotDot.rawValue: pattern = .dashDotDot
        default: pattern = .solid
        }
        byWord = underlineStyle & NSUnderlineStyle.byWord.rawValue != 0
    }
}

/// Which of a font's ligatures a run forms (Core Text's ligature attribute).
package enum TextLigatures: Sendable, Equatable {
    /// Only those the script needs to be drawn correctly (required ligatures).
    case essential
    /// The font's standard and contextual ligatures too (the default).
    case standard
    /// Every ligature the font has, discretionary ones too.
    case all
}

/// How lines are placed horizontally.
package enum TextLineAlignment: Sendable, Equatable {
    /// From the edge the script starts at.
    case natural
    /// From the left edge.
    case left
    /// To the right edge.
    case right
    /// Centred.
    case center
    /// Wrapped lines stretched to both edges.
    case justified
}

/// Where a line that does not fit is shortened with an ellipsis.
package enum TextTruncation: Sendable, Equatable {
    /// Not shortened.
    case none
    /// At its start.
    case start
    /// In its middle.
    case middle
    /// At its end.
    case end
}

/// How the text engine lays out a string's lines.
package struct TextLayoutOptions: Sendable, Equatable {
    /// Whether lines wrap to the box's width.
    package var wraps: Bool
    /// Where lines that do not fit are shortened.
    package var truncation: TextTruncation
    /// How lines are placed horizontally.
    package var alignment: TextLineAlignment
    /// Whether glyph positions are rounded to whole points.
    package var roundsGlyphPositions: Bool
    /// Whether line breaks in the string are drawn as glyphs on one line (a Core Text line).
    package var isSingleParagraph: Bool
    /// When set, the width in points every line is justified to, the last line included (a
    /// justified Core Text line): the spaces between words stretch.
    package var justificationWidth: CGFloat?
    /// Whether wrapped lines break between any two characters (grapheme clusters) rather
    /// than between words first.
    package var breaksAnywhere = false
    /// The paragraph's indents (a frame's lines; none by default).
    package var indents = TextIndents()
    /// The direction the paragraph's lines run in; nil for the direction of its first strong
    /// character (Unicode's rule, Core Text's natural direction).
    package var baseDirection: TextDirection?
    /// The paragraph's tab stops (Core Text's default ones by default).
    package var tabs = TextTabs.coreTextDefault
    /// Where the lines start in the box the tab stops are measured in; nil for the first
    /// line's indent. Pango 1.50 measures a layout's stops from each line's start, so they
    /// fall where Core Text puts them on the lines that start there (a paragraph's first
    /// lines, and every line of a frame's line as a ``CTLine``); lines starting at another
    /// indent have them shifted by the difference.
    package var tabOrigin: CGFloat?

    /// Options with these values.
    package init(
        wraps: Bool = false, truncation: TextTruncation = .none, alignment: TextLineAlignment = .natural,
        roundsGlyphPositions: Bool = false, isSingleParagraph: Bool = false
    ) {
        self.wraps = wraps
        self.truncation = truncation
        self.alignment = alignment
        self.roundsGlyphPositions = roundsGlyphPositions
        self.isSingleParagraph = isSingleParagraph
    }
}
