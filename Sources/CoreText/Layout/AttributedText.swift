import CCairo
import CoreGraphics
import Foundation

/// An attributed string read as Core Text reads it: its characters, its runs' styles (Core
/// Text's defaults for missing attributes: Helvetica 12, opaque black) and its first
/// paragraph style, with the map between its UTF-16 indices and UTF-8 bytes.
struct AttributedText {
    /// The characters.
    let string: String
    /// The runs, covering the string.
    let runs: [TextStyleRun]
    /// The attributes of each run, in the same order.
    let runAttributes: [[NSAttributedString.Key: Any]]
    /// The UTF-16 index of each run's start.
    let runLocations: [Int]
    /// The paragraph style of the first character.
    let paragraph: Paragraph
    /// The first byte of each paragraph, ascending, and its first character's paragraph
    /// style (alignment, line breaking, line heights and spacing).
    let paragraphs: [(start: Int, style: Paragraph)]
    /// The outline of the first run with a stroke width: its width in points and its colour.
    let stroke: (width: CGFloat, color: CGColor)?
    /// The UTF-16 offset of each UTF-8 byte offset (one more than the byte count).
    let utf16OfByte: [Int]
    /// The UTF-8 byte offset of each UTF-16 offset (one more than the UTF-16 count).
    let byteOfUTF16: [Int]

    /// A paragraph's alignment, line heights and spacing (as ``NSParagraphStyle`` describes
    /// them; negative and non-finite values read as 0).
    struct Paragraph: Sendable {
        var alignment = TextLineAlignment.natural
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var lineSpacing: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var indents = TextIndents()
        var tabs = TextTabs.coreTextDefault
        var direction: TextDirection?

        /// Whether the line break mode wraps lines (by words or characters) rather than
        /// clipping or truncating a single line.
        var wraps: Bool { lineBreakMode == .byWordWrapping || lineBreakMode == .byCharWrapping }
    }

    /// The default font size of a run without a font (Core Text's).
    static let defaultFontSize: CGFloat = 12

    /// The most UTF-16 units laid out.
    static let maximumLength = 1 << 20

    /// Reads `attributed` over the UTF-16 `range` (clamped into the string).
    init(_ attributed: NSAttributedString, range: CFRange = CFRange()) {
        self.init(AttributedRuns(attributed), range: range)
    }

    /// Reads `attributed` over the UTF-16 `range` (clamped into the string).
    init(_ attributed: AttributedRuns, range: CFRange = CFRange()) {
        let whole = attributed.string
        let span = range.clamped(toCount: min(whole.length, Self.maximumLength))
        var string = ""
        var runs: [TextStyleRun] = []
        var attributesOfRuns: [[NSAttributedString.Key: Any]] = []
        var locations: [Int] = []
        var paragraph: Paragraph?
        var stroke: (width: CGFloat, color: CGColor)?
        attributed.enumerateAttributes(in: NSRange(location: span.lowerBound, length: span.count)) { attributes, range in
            // NUL characters end C strings: drawn as nothing.
            let text = whole.substring(with: range).replacingOccurrences(of: "\0", with: " ")
            runs.append(Self.styleRun(utf8Length: text.utf8.count, attributes: attributes))
            attributesOfRuns.append(attributes)
            locations.append(range.location - span.lowerBound)
            if paragraph == nil { paragraph = Self.paragraph(attributes[.paragraphStyle]) }
            if stroke == nil { stroke = Self.stroke(of: attributes) }
            string += text
        }
        self.string = string
        self.runs = runs
        runAttributes = attributesOfRuns
        runLocations = locations
        self.paragraph = paragraph ?? Paragraph()
        self.stroke = stroke
        var utf16OfByte: [Int] = [0]
        var byteOfUTF16: [Int] = [0]
        var bytes = 0, units = 0
        for scalar in string.unicodeScalars {
            let b = UTF8.width(scalar), u = UTF16.width(scalar)
            for _ in 0..<b { utf16OfByte.append(units) }
            for _ in 0..<u { byteOfUTF16.append(bytes) }
            bytes += b
            units += u
            utf16OfByte[utf16OfByte.count - 1] = units
            byteOfUTF16[byteOfUTF16.count - 1] = bytes
        }
        self.utf16OfByte = utf16OfByte
        self.byteOfUTF16 = byteOfUTF16
        var paragraphs: [(start: Int, style: Paragraph)] = []
        for start in Self.paragraphStarts(of: string) {
            let unit = utf16OfByte[start]
            let index = runLocations.lastIndex { $0 <= unit } ?? 0
            let attributes = attributesOfRuns.isEmpty ? [:] : attributesOfRuns[index]
            paragraphs.append((start, Self.paragraph(attributes[.paragraphStyle])))
        }
        self.paragraphs = paragraphs
    }

    /// The first byte of each paragraph of `string`: its start and each byte just after a
    /// line feed, a carriage return not followed by one, or a paragraph separator (U+2029).
    static func paragraphStarts(of string: String) -> [Int] {
        var starts = [0]
        var byte = 0
        var previous: Unicode.Scalar?
        for scalar in string.unicodeScalars {
            if previous == "\r", scalar != "\n" { starts.append(byte) }
            byte += UTF8.width(scalar)
            if scalar == "\n" || scalar == "\u{2029}" { starts.append(byte) }
            previous = scalar
        }
        if previous == "\r" { starts.append(byte) }
        return starts
    }

    /// The number of UTF-16 units.
    var length: Int { byteOfUTF16.count - 1 }

    /// The UTF-16 offset of a byte offset, clamped.
    func utf16(ofByte byte: Int) -> Int { utf16OfByte[min(max(byte, 0), utf16OfByte.count - 1)] }

    /// The byte offset of a UTF-16 offset, clamped.
    func byte(ofUTF16 unit: Int) -> Int { byteOfUTF16[min(max(unit, 0), byteOfUTF16.count - 1)] }

    /// The attributes of the run holding UTF-16 offset `unit`.
    func attributes(at unit: Int) -> [NSAttributedString.Key: Any] {
        guard let index = runLocations.lastIndex(where: { $0 <= unit }) else { return runAttributes.first ?? [:] }
        return runAttributes[index]
    }

    /// Whether some paragraph is aligned or broken into lines differently from the first.
    var paragraphsDifferInLayout: Bool {
        paragraphs.contains {
            $0.style.alignment != paragraph.alignment || $0.style.lineBreakMode != paragraph.lineBreakMode
                || $0.style.indents != paragraph.indents || $0.style.tabs != paragraph.tabs
                || $0.style.direction != paragraph.direction
        }
    }

    /// Whether some paragraph's line break mode wraps its lines (by words or characters)
    /// rather than clipping or truncating a single line.
    var someParagraphWraps: Bool {
        paragraphs.contains { $0.style.wraps }
    }

    /// The layout options the first paragraph's style asks for; `wraps` when laid out in a frame.
    func options(wraps: Bool, singleParagraph: Bool = false) -> TextLayoutOptions {
        options(wraps: wraps, as: paragraph, singleParagraph: singleParagraph)
    }

    /// The layout options `paragraph`'s style asks for (its alignment, line break mode and tab
    /// stops, and in a frame its indents); `wraps` when laid out in a frame.
    func options(wraps: Bool, as paragraph: Paragraph, singleParagraph: Bool = false) -> TextLayoutOptions {
        let truncation: TextTruncation =
            switch paragraph.lineBreakMode {
            case .byTruncatingHead: .start
            case .byTruncatingMiddle: .middle
            case .byTruncatingTail: .end
            default: .none
            }
        var options = TextLayoutOptions(
            wraps: wraps && paragraph.wraps, truncation: wraps ? truncation : .none, alignment: paragraph.alignment,
            isSingleParagraph: singleParagraph)
        if wraps { options.indents = paragraph.indents }
        options.tabs = paragraph.tabs
        options.baseDirection = paragraph.direction
        return options
    }

    /// Calls `body` with the text laid out in a box of `size` on a scratch context; nil if
    /// cairo or Pango cannot make one.
    func withLayout<R>(in size: CGSize, options: TextLayoutOptions, _ body: (borrowing TextLayout) -> R) -> R? {
        withLayout(of: 0..<string.utf8.count, in: size, options: options, body)
    }

    /// Calls `body` with the text's `bytes` laid out in a box of `size` on a scratch context
    /// (byte offsets in the layout count from `bytes.lowerBound`); nil if cairo or Pango
    /// cannot make one.
    func withLayout<R>(
        of bytes: Range<Int>, in size: CGSize, options: TextLayoutOptions, _ body: (borrowing TextLayout) -> R
    ) -> R? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        let part = slice(bytes)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS,
            let layout = TextLayout(part.string, runs: part.runs, options: options, on: cr, in: size)
        else { return nil }
        return body(layout)
    }

    /// The characters and runs of `bytes` (clamped into the string; character boundaries).
    func slice(_ bytes: Range<Int>) -> (string: String, runs: [TextStyleRun]) {
        let count = string.utf8.count
        let lower = min(max(bytes.lowerBound, 0), count), upper = min(max(bytes.upperBound, lower), count)
        if lower == 0, upper == count { return (string, runs) }
        let utf8 = Array(string.utf8)
        var sliced: [TextStyleRun] = []
        var start = 0
        for run in runs {
            let end = start + run.utf8Length
            let overlap = max(start, lower)..<max(min(end, upper), max(start, lower))
            if !overlap.isEmpty {
                var piece = run
                piece.utf8Length = overlap.count
                sliced.append(piece)
            }
            start = end
        }
        return (String(decoding: utf8[lower..<upper], as: UTF8.self), sliced)
    }

    /// The number of bytes of the character starting at byte `byte` (0 at the end).
    func characterLength(atByte byte: Int) -> Int {
        let utf8 = string.utf8
        guard byte >= 0, byte < utf8.count else { return 0 }
        let index = utf8.index(utf8.startIndex, offsetBy: byte)
        return string[index...].first?.utf8.count ?? 0
    }

    /// The index in ``paragraphs`` of the paragraph holding byte `byte`.
    private func paragraphIndex(ofByte byte: Int) -> Int {
        var low = 0, high = paragraphs.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if paragraphs[middle].start <= byte { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }

    /// Whether byte `byte` starts a paragraph: the string's start, or just after a line
    /// feed, carriage return or paragraph separator.
    func startsParagraph(atByte byte: Int) -> Bool {
        byte <= 0 || (byte <= string.utf8.count && paragraphs[paragraphIndex(ofByte: byte)].start == byte)
    }

    /// The end of the paragraph holding byte `byte`: just after its separator, or the
    /// string's end.
    func paragraphEnd(afterByte byte: Int) -> Int {
        let next = paragraphIndex(ofByte: byte) + 1
        return next < paragraphs.count ? paragraphs[next].start : string.utf8.count
    }

    /// The line heights and spacing of the paragraph holding byte `byte`.
    func paragraphStyle(atByte byte: Int) -> Paragraph {
        paragraphs.isEmpty ? paragraph : paragraphs[paragraphIndex(ofByte: byte)].style
    }

    /// Where a line starting at byte `byte` starts in its frame: its paragraph's first-line
    /// indent when it starts the paragraph, else the head indent.
    func indentStart(ofLineAtByte byte: Int) -> CGFloat {
        paragraphStyle(atByte: byte).indents.start(ofParagraphStart: startsParagraph(atByte: byte))
    }

    /// The greatest leading (``CTFontGetLeading(_:)``) of the fonts of the runs over `bytes`
    /// (of the run at its start when it is empty).
    func leading(ofBytes bytes: Range<Int>) -> CGFloat {
        TextStyleRun.greatestLeading(ofBytes: bytes, in: runs) { run in
            CTFontGetLeading(CTFontCreateWithName(runs[run].fontName, runs[run].fontSize, nil))
        }
    }

    /// The run delegate of a run's attributes, if it has one.
    static func runDelegate(_ attributes: [NSAttributedString.Key: Any]) -> CTRunDelegate? {
        attributes[NSAttributedString.Key(kCTRunDelegateAttributeName)] as? CTRunDelegate
    }

    /// How Core Text draws a run of `utf8Length` bytes with `attributes`: its font and size
    /// (Helvetica 12 without one), fill colour (black without one; none for a run that is only
    /// stroked), kern or tracking, baseline offset, underline, ligatures, font features, language,
    /// superscript, run delegate and ruby annotation. The stroke is the whole text's (see ``stroke``).
    static func styleRun(utf8Length: Int, attributes: [NSAttributedString.Key: Any]) -> TextStyleRun {
        let font = Self.font(attributes[.font])
        let color = attributes[.foregroundColor].flatMap { $0 as? CGColor }
        let fills = (Self.number(attributes[.strokeWidth]) ?? 0) <= 0
        // Core Text: no kern attribute kerns by the font; a kern of 0 does no kerning at all.
        // Tracking is added after each character as a kern is, keeps the font's kerning and
        // wins over a kern other than 0; other than 0, it keeps only the ligatures the script
        // needs unless the run says which.
        let tracking = Self.number(attributes[.tracking] ?? attributes[NSAttributedString.Key(kCTTrackingAttributeName)])
        let kern = Self.number(attributes[.kern])
        let spacing = tracking.flatMap { $0 != 0 ? $0 : nil } ?? kern ?? 0
        let ligatures =
            attributes[.ligature] == nil && (tracking ?? 0) != 0 ? TextLigatures.essential : Self.ligatures(attributes[.ligature])
        var run = TextStyleRun(
            utf8Length: utf8Length, fontName: font.name, fontSize: font.size,
            foregroundColor: fills ? (color ?? .black) : nil, kern: spacing,
            baselineOffset: Self.number(attributes[.baselineOffset]) ?? 0,
            underline: TextUnderline(underlineStyle: Self.underlineStyle(attributes[.underlineStyle])),
            underlineColor: attributes[.underlineColor].flatMap { $0 as? CGColor },
            usesFontKerning: kern != 0, ligatures: ligatures, fontFeatures: font.features, fontVariations: font.variations)
        run.language = Self.language(attributes[NSAttributedString.Key(kCTLanguageAttributeName)])
        run.superscript = Int((Self.number(attributes[NSAttributedString.Key(kCTSuperscriptAttributeName)]) ?? 0).rounded()).signum()
        if let delegate = Self.runDelegate(attributes) {
            let metrics = delegate.metrics
            run.placeholder = TextPlaceholder(width: metrics.width, ascent: metrics.ascent, descent: metrics.descent)
        }
        if let annotation = attributes[NSAttributedString.Key(kCTRubyAnnotationAttributeName)] as? CTRubyAnnotation {
            run.rubies = Self.rubies(of: annotation, over: run)
        }
        return run
    }

    /// The ruby texts `annotation` draws over (and under) the base text `base`: in its own font,
    /// else the base's at the annotation's size factor, and its own colour, else the base's.
    static func rubies(of annotation: CTRubyAnnotation, over base: TextStyleRun) -> [TextRuby] {
        let ownFont = annotation.attributes[kCTFontAttributeName].map { Self.font($0) }
        let ownColor = annotation.attributes[kCTForegroundColorAttributeName].flatMap { $0 as? CGColor }
        let alignment: TextRuby.Alignment =
            switch annotation.alignment {
            case .start: .start
            case .end: .end
            case .distributeLetter: .distributeLetter
            case .distributeSpace: .distributeSpace
            case .lineEdge: .lineEdge
            case .auto, .center, .invalid: .center
            }
        return [CTRubyPosition.before, .after].compactMap { position in
            guard let text = CTRubyAnnotationGetTextForPosition(annotation, position), !text.isEmpty else { return nil }
            return TextRuby(
                text: text, isAbove: position == .before, alignment: alignment, fontName: ownFont?.name ?? base.fontName,
                fontSize: ownFont?.size ?? base.fontSize * annotation.sizeFactor, color: ownColor ?? base.foregroundColor,
                scalesToFit: annotation.scalesToFit)
        }
    }

    /// The stroke a run with `attributes` asks for: its width in points (a stroke width is a
    /// percentage of the font size, its sign only says whether the run is filled too) and
    /// its colour (the stroke colour, else the fill colour, else black); nil for none.
    static func stroke(of attributes: [NSAttributedString.Key: Any]) -> (width: CGFloat, color: CGColor)? {
        let width = Self.number(attributes[.strokeWidth]) ?? 0
        guard width != 0 else { return nil }
        let color = attributes[.strokeColor].flatMap { $0 as? CGColor } ?? attributes[.foregroundColor].flatMap { $0 as? CGColor }
        return (abs(width) * Self.font(attributes[.font]).size / 100, color ?? .black)
    }

    /// The font a `.font` attribute names: a ``CTFont``, or a name with an optional size.
    static func font(_ value: Any?) -> (name: String, size: CGFloat, features: [FontFeature], variations: [FontVariation]) {
        if let font = value as? CTFont { return (font.name, font.size, font.features, font.variations) }
        let name = (value as? String) ?? FontResolution.defaultFontName
        return (name, FontResolution.sizeGiven(inFontName: name) ?? defaultFontSize, [], [])
    }

    /// The ``CTFont`` a `.font` attribute names (see ``font(_:)``): its features and variation too.
    static func ctFont(_ value: Any?) -> CTFont {
        if let font = value as? CTFont { return font }
        let font = self.font(value)
        return CTFontCreateWithName(font.name, font.size, nil)
    }

    /// The ligatures a ligature attribute's value asks for: 0 only essential ones, 2 all,
    /// anything else (1, or no attribute) the standard ones.
    static func ligatures(_ value: Any?) -> TextLigatures {
        switch number(value) {
        case 0: .essential
        case 2: .all
        default: .standard
        }
    }

    /// An underline style attribute's bits: a number, or an ``NSUnderlineStyle`` or
    /// ``CTUnderlineStyle`` itself (Apple bridges those to their numbers); 0 for anything else.
    static func underlineStyle(_ value: Any?) -> Int {
        switch value {
        case let style as NSUnderlineStyle: style.rawValue
        case let style as CTUnderlineStyle: Int(style.rawValue)
        default: number(value).map { Int(exactly: $0.rounded(.towardZero)) ?? 0 } ?? 0
        }
    }

    /// A language attribute's identifier: a non-empty string; nil for anything else.
    static func language(_ value: Any?) -> String? {
        guard let identifier = value as? String, !identifier.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return identifier
    }

    /// A number attribute's value, if finite.
    static func number(_ value: Any?) -> CGFloat? {
        let number: CGFloat? =
            switch value {
            case let v as CGFloat: v
            case let v as Double: CGFloat(v)
            case let v as Float: CGFloat(v)
            case let v as Int: CGFloat(v)
            case let v as any BinaryInteger: CGFloat(v)
            case let v as NSNumber: CGFloat(v.doubleValue)
            default: nil
            }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    /// The paragraph an ``NSParagraphStyle`` or ``CTParagraphStyle`` describes.
    static func paragraph(_ value: Any?) -> Paragraph {
        let style: NSParagraphStyle? = (value as? NSParagraphStyle) ?? (value as? CTParagraphStyle)?.style
        guard let style else { return Paragraph() }
        let alignment: TextLineAlignment =
            switch style.alignment {
            case .left: .left
            case .right: .right
            case .center: .center
            case .justified: .justified
            case .natural: .natural
            }
        func length(_ value: CGFloat) -> CGFloat { value.isFinite ? max(value, 0) : 0 }
        return Paragraph(
            alignment: alignment, lineBreakMode: style.lineBreakMode, lineSpacing: length(style.lineSpacing),
            lineHeightMultiple: length(style.lineHeightMultiple), minimumLineHeight: length(style.minimumLineHeight),
            maximumLineHeight: length(style.maximumLineHeight), paragraphSpacing: length(style.paragraphSpacing),
            paragraphSpacingBefore: length(style.paragraphSpacingBefore),
            indents: TextIndents(firstLine: style.firstLineHeadIndent, head: style.headIndent, tail: style.tailIndent),
            tabs: TextTabs(
                stops: style.tabStops.map { TextTabs.Stop(location: $0.location, alignment: $0.textTabAlignment) },
                interval: style.defaultTabInterval),
            direction: style.baseWritingDirection == .rightToLeft
                ? .rightToLeft : style.baseWritingDirection == .leftToRight ? .leftToRight : nil)
    }
}

extension TextStyleRun {
    /// A run of `utf8Length` bytes styled by `attributes` as Core Text reads an attributed
    /// string's run (a text layer's runs are drawn as Core Text draws them).
    package init(utf8Length: Int, coreTextAttributes attributes: [NSAttributedString.Key: Any]) {
        self = AttributedText.styleRun(utf8Length: utf8Length, attributes: attributes)
    }

    /// The stroke a run with `attributes` asks for, as Core Text strokes it: its width in
    /// points and its colour; nil for none.
    package static func stroke(coreTextAttributes attributes: [NSAttributedString.Key: Any]) -> (width: CGFloat, color: CGColor)? {
        AttributedText.stroke(of: attributes)
    }
}
