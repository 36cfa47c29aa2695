import CoreGraphics
import CoreText

/// Lamina: what a ``CATextLayer`` draws, as a `Sendable` value of a render snapshot
/// (``CARenderLayer/text``): its string as runs of one font and colour, and how it is laid
/// out in the bounds.
public struct CARenderText: Sendable, Equatable {
    /// A stretch of ``CARenderText/string`` drawn in one font and colour.
    public struct Run: Sendable, Equatable {
        /// The run's length in UTF-8 bytes of the string.
        public var utf8Length: Int
        /// The font, as a fontconfig name with optional styles (`"DejaVu Sans Bold"`).
        public var fontName: String
        /// The font size in points, in `0...4096`.
        public var fontSize: CGFloat
        /// The colour; nil draws the run invisibly (it still takes its place).
        public var foregroundColor: CGColor?
        /// The rest of Core Text's attributes of a run of an attributed string (kern and
        /// tracking, baseline offset, underline, ligatures, font features, run delegate); nil
        /// for plain text.
        package var attributes: TextStyleRun?

        /// A run with these values; the size clamped as ``CATextLayer/fontSize`` documents.
        public init(utf8Length: Int, fontName: String, fontSize: CGFloat, foregroundColor: CGColor?) {
            self.utf8Length = max(utf8Length, 0)
            self.fontName = fontName
            self.fontSize = CARenderText.usableFontSize(fontSize)
            self.foregroundColor = foregroundColor
        }
    }

    /// The text, at most ``CATextLayer/maximumLaidOutUTF8Length`` bytes, without NUL
    /// characters.
    public private(set) var string: String
    /// The runs, covering the string from its start, in order (bytes past the last run are
    /// not drawn).
    public private(set) var runs: [Run]
    /// Whether lines wrap to the bounds' width.
    public var isWrapped: Bool
    /// Where text that does not fit is shortened.
    public var truncationMode: CATextLayerTruncationMode
    /// How lines are placed horizontally.
    public var alignmentMode: CATextLayerAlignmentMode
    /// Whether glyph positions are rounded to whole points.
    public var allowsFontSubpixelQuantization: Bool
    /// How an attributed string's glyph outlines are stroked (its first stroked run's width,
    /// in points, and colour), as Core Text strokes them; nil for none.
    package var stroke: Stroke?

    /// A stroke of the glyph outlines.
    package struct Stroke: Sendable, Equatable {
        package var width: CGFloat
        package var color: CGColor

        package init(width: CGFloat, color: CGColor) {
            self.width = width
            self.color = color
        }
    }

    /// Text made of `runs` of `string`, made usable: the string cut at
    /// ``CATextLayer/maximumLaidOutUTF8Length`` bytes and NUL characters removed (each run
    /// keeps its part), runs cut to the string.
    public init(
        runs: [(text: String, run: Run)], isWrapped: Bool = false, truncationMode: CATextLayerTruncationMode = .none,
        alignmentMode: CATextLayerAlignmentMode = .natural, allowsFontSubpixelQuantization: Bool = false
    ) {
        var string = ""
        var kept: [Run] = []
        var remaining = CATextLayer.maximumLaidOutUTF8Length
        for (text, run) in runs where remaining > 0 {
            let part = Self.prefix(Self.withoutNUL(text), utf8Bytes: remaining)
            let length = part.utf8.count
            guard length > 0 else { continue }
            string += part
            remaining -= length
            var run = run
            run.utf8Length = length
            kept.append(run)
        }
        self.string = string
        self.runs = kept
        self.isWrapped = isWrapped
        self.truncationMode = truncationMode
        self.alignmentMode = alignmentMode
        self.allowsFontSubpixelQuantization = allowsFontSubpixelQuantization
    }

    /// Plain text in one font and colour.
    public init(
        string: String, fontName: String = "Helvetica", fontSize: CGFloat = 36,
        foregroundColor: CGColor? = .white, isWrapped: Bool = false,
        truncationMode: CATextLayerTruncationMode = .none, alignmentMode: CATextLayerAlignmentMode = .natural,
        allowsFontSubpixelQuantization: Bool = false
    ) {
        let run = Run(utf8Length: 0, fontName: fontName, fontSize: fontSize, foregroundColor: foregroundColor)
        self.init(
            runs: [(string, run)], isWrapped: isWrapped, truncationMode: truncationMode, alignmentMode: alignmentMode,
            allowsFontSubpixelQuantization: allowsFontSubpixelQuantization)
    }

    /// Whether any run is drawn visibly.
    var isVisible: Bool {
        let stroked = stroke.map { $0.width > 0 && ($0.color.rgba.map { $0.alpha > 0 } ?? false) } ?? false
        return runs.contains { run in
            run.fontSize > 0 && (stroked || (run.foregroundColor?.rgba.map { $0.alpha > 0 } ?? false))
        }
    }

    /// The largest font size drawn, in points.
    static let maximumFontSize: CGFloat = 4096

    /// A font size the layout can use: NaN and infinities as 36, then clamped to
    /// `0...4096`.
    static func usableFontSize(_ size: CGFloat) -> CGFloat {
        guard size.isFinite else { return 36 }
        return min(max(size, 0), maximumFontSize)
    }

    /// `text` without NUL characters (Pango reads them as the end of the text).
    private static func withoutNUL(_ text: String) -> String {
        text.utf8.contains(0) ? String(text.unicodeScalars.filter { $0 != "\0" }.map(Character.init)) : text
    }

    /// The longest prefix of `text` of at most `limit` UTF-8 bytes that ends at a
    /// character boundary.
    private static func prefix(_ text: String, utf8Bytes limit: Int) -> String {
        let utf8 = text.utf8
        guard utf8.count > limit else { return text }
        guard var end = utf8.index(utf8.startIndex, offsetBy: limit, limitedBy: utf8.endIndex) else { return text }
        while end > utf8.startIndex, end.samePosition(in: text) == nil {
            end = utf8.index(before: end)
        }
        return String(text[..<end])
    }
}
