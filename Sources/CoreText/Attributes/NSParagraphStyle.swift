import Foundation

/// A paragraph's alignment, line spacing, indents, tab stops and line breaking, the value of
/// `NSAttributedString.Key.paragraphStyle` (UIKit's and AppKit's `NSParagraphStyle`).
///
/// Core Text reads the style of a paragraph's first character for the whole paragraph.
/// Indents are measured from the leading edge of the frame's path (the right one when
/// ``baseWritingDirection`` is right to left), tab locations from its left edge.
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying, @unchecked Sendable {
    /// How lines are placed horizontally. Default: ``NSTextAlignment/natural``.
    open internal(set) var alignment: NSTextAlignment = .natural
    /// Extra space between one line's descent and the next line's ascent, in points. Default: 0.
    open internal(set) var lineSpacing: CGFloat = 0
    /// The multiple of the natural line height (ascent, descent and leading of the line's
    /// fonts) each line takes, before ``minimumLineHeight`` and ``maximumLineHeight`` limit
    /// it; 0 (the default) means 1. The space a multiple above 1 adds is above the glyphs.
    open internal(set) var lineHeightMultiple: CGFloat = 0
    /// The least height of a line in points. Default: 0. The space it adds is above the glyphs.
    open internal(set) var minimumLineHeight: CGFloat = 0
    /// The greatest height of a line in points; 0 (the default) means no limit. Glyphs taller
    /// than it overlap the line above.
    open internal(set) var maximumLineHeight: CGFloat = 0
    /// Extra space after the paragraph in points, when another paragraph follows. Default: 0.
    open internal(set) var paragraphSpacing: CGFloat = 0
    /// Extra space before the paragraph's first line in points. Default: 0.
    open internal(set) var paragraphSpacingBefore: CGFloat = 0
    /// How lines break or are shortened. Default: ``NSLineBreakMode/byWordWrapping``.
    open internal(set) var lineBreakMode: NSLineBreakMode = .byWordWrapping
    /// Where a paragraph's first line starts in a frame, in points from its left edge.
    /// Default: 0. Negative values read as 0.
    open internal(set) var firstLineHeadIndent: CGFloat = 0
    /// Where a paragraph's lines other than the first start in a frame, in points from its
    /// left edge. Default: 0. Negative values read as 0.
    open internal(set) var headIndent: CGFloat = 0
    /// Where a paragraph's lines end in a frame: when positive, this many points from its
    /// left edge; when 0 (the default) or negative, this many points in from its right edge.
    open internal(set) var tailIndent: CGFloat = 0
    /// The tab stops, sorted by location, in points from a frame's (or line's) left edge.
    /// Default: 12 left-aligned stops 28 points apart. A tab moves the text after it to the
    /// next stop past the text before it.
    open internal(set) var tabStops: [NSTextTab] = NSParagraphStyle.defaultTabStops
    /// The distance between the tab stops after the last of ``tabStops``, in points; 0 (the
    /// default) repeats the distance between the last two stops.
    open internal(set) var defaultTabInterval: CGFloat = 0
    /// The direction the paragraph's lines run in: it orders text of both directions and
    /// decides the side natural and justified lines start from. Default:
    /// ``NSWritingDirection/natural``, the direction of the paragraph's first strong character.
    open internal(set) var baseWritingDirection: NSWritingDirection = .natural
    /// How readily the text system hyphenates words at line ends, from 0 (never) to 1.
    /// Default: 0. Recorded only: Lamina's Core Text layout (its
    /// frames and lines, and the text layers drawn through them) does not hyphenate.
    open internal(set) var hyphenationFactor: Float = 0
    /// Whether the system's hyphenation settings apply where ``hyphenationFactor`` is 0.
    /// Default: `false`. Recorded only, as ``hyphenationFactor`` is.
    open internal(set) var usesDefaultHyphenation = false
    /// Whether the text system may tighten a line's letter spacing before truncating it.
    /// Default: `false`. Recorded only: Core Text's truncation (`CTLineCreateTruncatedLine`)
    /// does not tighten.
    open internal(set) var allowsDefaultTighteningForTruncation = false
    /// The strategies the text system may use to choose where lines break (pushing a last word
    /// out, keeping Hangul words whole). Default: none (`[]`). Recorded only: Core Text breaks
    /// lines without them.
    open internal(set) var lineBreakStrategy: LineBreakStrategy = []

    /// Strategies the text system may use to choose where a paragraph's lines break
    /// (`NSLineBreakStrategy`).
    public struct LineBreakStrategy: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        /// A strategy from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Lines are pushed out to avoid a single word on a paragraph's last line.
        public static let pushOut = LineBreakStrategy(rawValue: 1 << 0)
        /// Lines do not break between Hangul characters.
        public static let hangulWordPriority = LineBreakStrategy(rawValue: 1 << 1)
        /// The strategies the system's labels use.
        public static let standard = LineBreakStrategy(rawValue: 0xFFFF)
    }

    /// The direction text in `languageName` (an ISO language code such as `"he"` or
    /// `"en-US"`; nil for the current locale's) runs in: right to left for Arabic, Hebrew,
    /// Persian, Urdu and the other right-to-left scripts' languages, else left to right.
    open class func defaultWritingDirection(forLanguage languageName: String?) -> NSWritingDirection {
        let code = (languageName ?? Locale.current.identifier).lowercased()
        let language = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? code
        let rightToLeft: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "ha", "he", "iw", "khw", "ks", "ps", "sd", "syr", "ug", "ur", "yi"]
        return rightToLeft.contains(language) ? .rightToLeft : .leftToRight
    }

    /// Core Text's default tab stops: 12 left-aligned stops 28 points apart.
    static let defaultTabStops = (1...12).map { NSTextTab(textAlignment: .left, location: 28 * CGFloat($0)) }

    /// The default style: natural alignment, no extra spacing, word wrapping.
    public static let `default` = NSParagraphStyle()

    /// A style with the default values.
    public override init() {
        super.init()
    }

    /// A copy of the style (immutable).
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.take(self)
        return copy
    }

    /// A mutable copy of the style.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.take(self)
        return copy
    }

    /// Takes every value of `other`.
    func take(_ other: NSParagraphStyle) {
        alignment = other.alignment
        lineSpacing = other.lineSpacing
        lineHeightMultiple = other.lineHeightMultiple
        minimumLineHeight = other.minimumLineHeight
        maximumLineHeight = other.maximumLineHeight
        paragraphSpacing = other.paragraphSpacing
        paragraphSpacingBefore = other.paragraphSpacingBefore
        lineBreakMode = other.lineBreakMode
        firstLineHeadIndent = other.firstLineHeadIndent
        headIndent = other.headIndent
        tailIndent = other.tailIndent
        tabStops = other.tabStops
        defaultTabInterval = other.defaultTabInterval
        baseWritingDirection = other.baseWritingDirection
        hyphenationFactor = other.hyphenationFactor
        usesDefaultHyphenation = other.usesDefaultHyphenation
        allowsDefaultTighteningForTruncation = other.allowsDefaultTighteningForTruncation
        lineBreakStrategy = other.lineBreakStrategy
    }

    /// Styles are equal when every value is.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return alignment == other.alignment && lineSpacing == other.lineSpacing
            && lineHeightMultiple == other.lineHeightMultiple && minimumLineHeight == other.minimumLineHeight
            && maximumLineHeight == other.maximumLineHeight && paragraphSpacing == other.paragraphSpacing
            && paragraphSpacingBefore == other.paragraphSpacingBefore && lineBreakMode == other.lineBreakMode
            && firstLineHeadIndent == other.firstLineHeadIndent && headIndent == other.headIndent
            && tailIndent == other.tailIndent && tabStops == other.tabStops
            && defaultTabInterval == other.defaultTabInterval && baseWritingDirection == other.baseWritingDirection
            && hyphenationFactor == other.hyphenationFactor && usesDefaultHyphenation == other.usesDefaultHyphenation
            && allowsDefaultTighteningForTruncation == other.allowsDefaultTighteningForTruncation
            && lineBreakStrategy == other.lineBreakStrategy
    }

    /// A hash of the alignment and line break mode.
    open override var hash: Int { alignment.rawValue &* 31 &+ lineBreakMode.rawValue }
}

/// A paragraph style whose values can be set (`NSMutableParagraphStyle`).
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    /// How lines are placed horizontally. Default: ``NSTextAlignment/natural``.
    open override var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
    /// Extra space between lines in points. Default: 0.
    open override var lineSpacing: CGFloat {
        get { super.lineSpacing }
        set { super.lineSpacing = newValue }
    }
    /// The multiple of the natural line height each line takes, before the least and
    /// greatest line heights limit it; 0 (the default) means 1.
    open override var lineHeightMultiple: CGFloat {
        get { super.lineHeightMultiple }
        set { super.lineHeightMultiple = newValue }
    }
    /// The least height of a line in points. Default: 0.
    open override var minimumLineHeight: CGFloat {
        get { super.minimumLineHeight }
        set { super.minimumLineHeight = newValue }
    }
    /// The greatest height of a line in points; 0 (the default) means no limit.
    open override var maximumLineHeight: CGFloat {
        get { super.maximumLineHeight }
        set { super.maximumLineHeight = newValue }
    }
    /// Extra space after the paragraph in points, when another paragraph follows. Default: 0.
    open override var paragraphSpacing: CGFloat {
        get { super.paragraphSpacing }
        set { super.paragraphSpacing = newValue }
    }
    /// Extra space before the paragraph's first line in points. Default: 0.
    open override var paragraphSpacingBefore: CGFloat {
        get { super.paragraphSpacingBefore }
        set { super.paragraphSpacingBefore = newValue }
    }
    /// How lines break or are shortened. Default: ``NSLineBreakMode/byWordWrapping``.
    open override var lineBreakMode: NSLineBreakMode {
        get { super.lineBreakMode }
        set { super.lineBreakMode = newValue }
    }
    /// Where a paragraph's first line starts in a frame, in points from its left edge. Default: 0.
    open override var firstLineHeadIndent: CGFloat {
        get { super.firstLineHeadIndent }
        set { super.firstLineHeadIndent = newValue }
    }
    /// Where a paragraph's other lines start in a frame, in points from its left edge. Default: 0.
    open override var headIndent: CGFloat {
        get { super.headIndent }
        set { super.headIndent = newValue }
    }
    /// Where lines end: from the left edge when positive, in from the right edge when 0 (the
    /// default) or negative.
    open override var tailIndent: CGFloat {
        get { super.tailIndent }
        set { super.tailIndent = newValue }
    }
    /// The tab stops, sorted by location as they are set. Default: 12 left-aligned stops 28 points apart.
    open override var tabStops: [NSTextTab] {
        get { super.tabStops }
        set { super.tabStops = newValue.sorted { $0.location < $1.location } }
    }
    /// The distance between the tab stops after the last one; 0 (the default) repeats the
    /// distance between the last two.
    open override var defaultTabInterval: CGFloat {
        get { super.defaultTabInterval }
        set { super.defaultTabInterval = newValue }
    }

    /// The direction the paragraph's lines run in. Default: ``NSWritingDirection/natural``.
    open override var baseWritingDirection: NSWritingDirection {
        get { super.baseWritingDirection }
        set { super.baseWritingDirection = newValue }
    }

    /// How readily words are hyphenated at line ends, from 0 to 1. Default: 0. Recorded only;
    /// Lamina's Core Text layout does not hyphenate.
    open override var hyphenationFactor: Float {
        get { super.hyphenationFactor }
        set { super.hyphenationFactor = newValue }
    }
    /// Whether the system's hyphenation settings apply where the factor is 0. Default: `false`.
    /// Recorded only.
    open override var usesDefaultHyphenation: Bool {
        get { super.usesDefaultHyphenation }
        set { super.usesDefaultHyphenation = newValue }
    }
    /// Whether letter spacing may tighten before a line is truncated. Default: `false`.
    /// Recorded only.
    open override var allowsDefaultTighteningForTruncation: Bool {
        get { super.allowsDefaultTighteningForTruncation }
        set { super.allowsDefaultTighteningForTruncation = newValue }
    }
    /// The strategies lines may break by. Default: none. Recorded only.
    open override var lineBreakStrategy: LineBreakStrategy {
        get { super.lineBreakStrategy }
        set { super.lineBreakStrategy = newValue }
    }

    /// Adds `tab` to the tab stops, in order of location.
    open func addTabStop(_ tab: NSTextTab) {
        tabStops.append(tab)
    }

    /// Removes the tab stops equal to `tab` (of its location and alignment).
    open func removeTabStop(_ tab: NSTextTab) {
        tabStops.removeAll { $0 == tab }
    }

    /// Takes every value of `style`.
    open func setParagraphStyle(_ style: NSParagraphStyle) {
        take(style)
    }
}
