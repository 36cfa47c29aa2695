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
    /// The outline of the first run with a stroke width: its width in points and its colour.
    let stroke: (width: CGFloat, color: CGColor)?
    /// The UTF-16 offset of each UTF-8 byte offset (one more than the byte count).
    let utf16OfByte: [Int]
    /// The UTF-8 byte offset of each UTF-16 offset (one more than the UTF-16 count).
    let byteOfUTF16: [Int]

    /// A paragraph's alignment and spacing.
    struct Paragraph: Sendable {
        var alignment = TextLineAlignment.natural
        var lineBreakMode = NSLineBreakMode.byWordWrapping
        var lineSpacing: CGFloat = 0
        var lineHeightMultiple: CGFloat = 0
    }

    /// The default font size of a run without a font (Core Text's).
    static let defaultFontSize: CGFloat = 12

    /// The most UTF-16 units laid out.
    static let maximumLength = 1 << 20

    /// Reads `attributed` over the UTF-16 `range` (clamped into the string).
    init(_ attributed: NSAttributedString, range: CFRange = CFRange()) {
        let whole = attributed.string as NSString
        let span = range.clamped(toCount: min(whole.length, Self.maximumLength))
        var string = ""
        var runs: [TextStyleRun] = []
        var attributesOfRuns: [[NSAttributedString.Key: Any]] = []
        var locations: [Int] = []
        var paragraph: Paragraph?
        var stroke: (width: CGFloat, color: CGColor)?
        attributed.enumerateAttributes(in: NSRange(location: span.lowerBound, length: span.count), options: []) { attributes, range, _ in
            // NUL characters end C strings: drawn as nothing.
            let text = whole.substring(with: range).replacingOccurrences(of: "\0", with: " ")
            let font = Self.font(attributes[.font])
            let color = attributes[.foregroundColor].flatMap { $0 as? CGColor }
            let strokeWidth = Self.number(attributes[.strokeWidth]) ?? 0
            let fills = strokeWidth <= 0
            runs.append(
                TextStyleRun(
                    utf8Length: text.utf8.count, fontName: font.name, fontSize: font.size,
                    foregroundColor: fills ? (color ?? .black) : nil, kern: Self.number(attributes[.kern]) ?? 0,
                    baselineOffset: Self.number(attributes[.baselineOffset]) ?? 0,
                    isUnderlined: (Self.number(attributes[.underlineStyle]) ?? 0) != 0))
            attributesOfRuns.append(attributes)
            locations.append(range.location - span.lowerBound)
            if paragraph == nil { paragraph = Self.paragraph(attributes[.paragraphStyle]) }
            if stroke == nil, strokeWidth != 0 {
                let strokeColor = attributes[.strokeColor].flatMap { $0 as? CGColor } ?? color ?? .black
                stroke = (abs(strokeWidth) * font.size / 100, strokeColor)
            }
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

    /// The layout options the paragraph asks for; `wraps` when laid out in a frame.
    func options(wraps: Bool, singleParagraph: Bool = false) -> TextLayoutOptions {
        let truncation: TextTruncation =
            switch paragraph.lineBreakMode {
            case .byTruncatingHead: .start
            case .byTruncatingMiddle: .middle
            case .byTruncatingTail: .end
            default: .none
            }
        let wrapsLines = wraps && (paragraph.lineBreakMode == .byWordWrapping || paragraph.lineBreakMode == .byCharWrapping)
        return TextLayoutOptions(
            wraps: wrapsLines, truncation: wraps ? truncation : .none, alignment: paragraph.alignment,
            lineSpacing: paragraph.lineSpacing, lineHeightMultiple: paragraph.lineHeightMultiple, isSingleParagraph: singleParagraph)
    }

    /// Calls `body` with the text laid out in a box of `size` on a scratch context; nil if
    /// cairo or Pango cannot make one.
    func withLayout<R>(in size: CGSize, options: TextLayoutOptions, _ body: (borrowing TextLayout) -> R) -> R? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS,
            let layout = TextLayout(string, runs: runs, options: options, on: cr, in: size)
        else { return nil }
        return body(layout)
    }

    /// The font a `.font` attribute names: a ``CTFont``, or a name with an optional size.
    static func font(_ value: Any?) -> (name: String, size: CGFloat) {
        if let font = value as? CTFont { return (font.name, font.size) }
        let name = (value as? String) ?? FontResolution.defaultFontName
        return (name, FontResolution.sizeGiven(inFontName: name) ?? defaultFontSize)
    }

    /// A number attribute's value, if finite.
    static func number(_ value: Any?) -> CGFloat? {
        let number: CGFloat? =
            switch value {
            case let v as CGFloat: v
            case let v as Double: CGFloat(v)
            case let v as Float: CGFloat(v)
            case let v as Int: CGFloat(v)
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
        return Paragraph(
            alignment: alignment, lineBreakMode: style.lineBreakMode, lineSpacing: style.lineSpacing,
            lineHeightMultiple: style.lineHeightMultiple)
    }
}
