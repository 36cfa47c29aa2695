import CCairo
import CoreGraphics
import Foundation

/// One line of laid-out text (Core Text's `CTLine`): made from an attributed string with
/// ``CTLineCreateWithAttributedString(_:)`` or taken from a frame with
/// ``CTFrameGetLines(_:)``; drawn with ``CTLineDraw(_:_:)``.
///
/// Its origin is on the baseline at its start; glyphs rise in +y from there (text space).
public final class CTLine {
    /// The text of the line.
    let text: AttributedText
    /// Where the text starts in the string the line was made from (frames' lines).
    let stringOffset: Int
    /// How the line is laid out.
    let options: TextLayoutOptions
    /// The width the line is laid out in: a truncated line's, or infinity.
    let width: CGFloat
    /// The laid-out line; nil when Pango could not lay it out (an empty line).
    let line: TextLayout.Line?
    /// The line's shaped runs.
    public let runs: [CTRun]

    /// How a line of `text` is laid out: on one line from its origin, in its paragraph's
    /// direction (else its first strong character's), at its paragraph's tab stops measured
    /// from `tabOrigin` (where the line starts in its frame).
    static func options(for text: AttributedText, tabOrigin: CGFloat = 0) -> TextLayoutOptions {
        var options = TextLayoutOptions(alignment: .left, isSingleParagraph: true)
        options.tabs = text.paragraph.tabs
        options.tabOrigin = tabOrigin
        options.baseDirection = text.paragraph.direction
        return options
    }

    init(_ text: AttributedText, stringOffset: Int = 0, options: TextLayoutOptions? = nil, width: CGFloat = .infinity) {
        self.text = text
        self.stringOffset = stringOffset
        let options = options ?? Self.options(for: text)
        self.options = options
        self.width = width
        let laidOut = text.withLayout(in: CGSize(width: width, height: .infinity), options: options) {
            layout -> (TextLayout.Line?, [TextLayout.GlyphRun]) in
            var first = layout.lines.first
            let runs = layout.glyphRuns(ofLine: 0)
            // Pango gives an ellipsized line the whole width it was shortened to; Core Text
            // measures what is kept and the ellipsis.
            if options.truncation != .none, width.isFinite {
                first?.width = runs.reduce(0) { $0 + $1.advances.reduce(0, +) }
            }
            return (first, runs)
        }
        line = laidOut?.0
        runs = (laidOut?.1 ?? []).map { run in
            let start = text.utf16(ofByte: run.utf8Range.lowerBound)
            let end = text.utf16(ofByte: run.utf8Range.upperBound)
            var attributes = text.attributes(at: start)
            // Glyphs of a fallback face are that face's: the run's font is the one they are
            // drawn from, as Core Text reports it, so that drawing them by it draws them.
            if let face = run.face {
                let requested = AttributedText.font(attributes[.font])
                if CTFontCopyFamilyName(CTFontCreateWithName(requested.name, requested.size, nil)) != face.family {
                    attributes[.font] = CTFontCreateWithName(face.name, requested.size, nil)
                }
            }
            return CTRun(
                glyphs: run.glyphs, positions: run.positions, advances: run.advances.map { CGSize(width: $0, height: 0) },
                baseAdvances: run.baseAdvances.map { CGSize(width: $0, height: 0) },
                origins: run.origins,
                stringIndices: run.bytes.map { text.utf16(ofByte: $0) + stringOffset },
                stringRange: CFRange(location: start + stringOffset, length: end - start), attributes: attributes)
        }
    }

    /// The greatest leading of the line's fonts.
    var leading: CGFloat {
        text.runs.map { CTFontGetLeading(CTFontCreateWithName($0.fontName, $0.fontSize, nil)) }.max() ?? 0
    }

    /// Draws the line with its origin at `origin` in `ctx`'s user space, glyphs transformed
    /// by the text matrix's linear part.
    func draw(in ctx: CGContext, at origin: CGPoint) {
        let matrix = ctx.textMatrix
        let colorSpace = ctx.colorSpace
        ctx.drawWithCairo(castsShadow: true) { cr, userToDevice, alpha in
            guard let layout = TextLayout(text.string, runs: text.runs, options: options, on: cr, in: CGSize(width: width, height: .infinity), alpha: alpha, colorSpace: colorSpace)
            else { return }
            let lines = layout.lines
            guard !lines.isEmpty else { return }
            setLayoutSpace(on: cr, textMatrix: matrix, origin: origin, userToDevice: userToDevice)
            let start = CGPoint(x: -lines[0].x - layout.originOffsetX, y: -lines[0].baseline)
            layout.show(lines: 0..<1, of: lines, on: cr, at: start)
            layout.stroke(lines: 0..<1, of: lines, on: cr, at: start, as: text.stroke, in: colorSpace, alpha: alpha)
        }
    }
}

/// A line of `attributedString`'s text, unwrapped (Core Text's
/// `CTLineCreateWithAttributedString`); line breaks in the string are laid out on the line.
@discardableResult
public func CTLineCreateWithAttributedString(_ attributedString: CFAttributedString) -> CTLine {
    CTLine(AttributedText(attributedString))
}

/// The line's typographic width, filling `ascent`, `descent` and `leading` when given: the
/// greatest ascent and descent of its fonts and the greatest leading (Core Text's
/// `CTLineGetTypographicBounds`). 0 for an empty line.
@discardableResult
public func CTLineGetTypographicBounds(
    _ line: CTLine, _ ascent: UnsafeMutablePointer<CGFloat>?, _ descent: UnsafeMutablePointer<CGFloat>?,
    _ leading: UnsafeMutablePointer<CGFloat>?
) -> Double {
    ascent?.pointee = line.line?.ascent ?? 0
    descent?.pointee = line.line?.descent ?? 0
    leading?.pointee = line.line == nil ? 0 : line.leading
    return Double(line.line?.width ?? 0)
}

/// The line's typographic box: from its origin, its width, up by its ascent and down by its
/// descent (Core Text's `CTLineGetBoundsWithOptions` with no options).
@discardableResult
public func CTLineGetBoundsWithOptions(_ line: CTLine, _ options: CTLineBoundsOptions) -> CGRect {
    guard let laid = line.line else { return .zero }
    if options.contains(.useGlyphPathBounds) { return CTLineGetImageBounds(line, nil) }
    return CGRect(x: 0, y: -laid.descent, width: laid.width, height: laid.ascent + laid.descent)
}

/// What ``CTLineGetBoundsWithOptions(_:_:)`` measures (`CTLineBoundsOptions`).
public struct CTLineBoundsOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Leave out the leading (Lamina's bounds never include it).
    public static let excludeTypographicLeading = CTLineBoundsOptions(rawValue: 1 << 0)
    /// Leave out the shifts of glyphs (recorded).
    public static let excludeTypographicShifts = CTLineBoundsOptions(rawValue: 1 << 1)
    /// Measure hanging punctuation (recorded).
    public static let useHangingPunctuation = CTLineBoundsOptions(rawValue: 1 << 2)
    /// Measure the glyphs' ink instead.
    public static let useGlyphPathBounds = CTLineBoundsOptions(rawValue: 1 << 3)
    /// Measure optical bounds (recorded).
    public static let useOpticalBounds = CTLineBoundsOptions(rawValue: 1 << 4)
}

/// The box of the line's glyphs' ink, y up from its origin (Core Text's
/// `CTLineGetImageBounds`); `context` is accepted and not needed. Zero for a line without ink.
@discardableResult
public func CTLineGetImageBounds(_ line: CTLine, _ context: CGContext?) -> CGRect {
    guard let ink = line.line?.ink, !ink.isEmpty else { return .zero }
    return CGRect(x: ink.minX, y: -ink.maxY, width: ink.width, height: ink.height)
}

/// The number of glyphs in the line (Core Text's `CTLineGetGlyphCount`).
@discardableResult
public func CTLineGetGlyphCount(_ line: CTLine) -> CFIndex {
    line.runs.reduce(0) { $0 + $1.glyphs.count }
}

/// The line's runs, in visual order (Core Text's `CTLineGetGlyphRuns`); cast it to `[CTRun]`.
@discardableResult
public func CTLineGetGlyphRuns(_ line: CTLine) -> CFArray {
    line.runs
}

/// The line's range of the string it was made from, in UTF-16 units (Core Text's
/// `CTLineGetStringRange`).
@discardableResult
public func CTLineGetStringRange(_ line: CTLine) -> CFRange {
    CFRange(location: line.stringOffset, length: line.text.length)
}

/// How far from the line's origin the caret before string index `charIndex` is (Core
/// Text's `CTLineGetOffsetForStringIndex`), filling `secondaryOffset` with the same value.
/// An index outside the line is clamped to its ends.
@discardableResult
public func CTLineGetOffsetForStringIndex(
    _ line: CTLine, _ charIndex: CFIndex, _ secondaryOffset: UnsafeMutablePointer<CGFloat>?
) -> CGFloat {
    let byte = line.text.byte(ofUTF16: charIndex - line.stringOffset)
    let offset: CGFloat =
        line.text.withLayout(in: CGSize(width: line.width, height: .infinity), options: line.options) {
            $0.offset(ofByte: byte, inLine: 0)
        } ?? 0
    secondaryOffset?.pointee = offset
    return offset
}

/// The string index of the caret nearest to `position`'s x from the line's origin (Core
/// Text's `CTLineGetStringIndexForPosition`): the line's start or end beyond its ends.
@discardableResult
public func CTLineGetStringIndexForPosition(_ line: CTLine, _ position: CGPoint) -> CFIndex {
    let byte =
        line.text.withLayout(in: CGSize(width: line.width, height: .infinity), options: line.options) {
            $0.byte(atOffset: position.x, inLine: 0)
        } ?? 0
    return line.text.utf16(ofByte: byte) + line.stringOffset
}

/// The width of the line's trailing white space (Core Text's
/// `CTLineGetTrailingWhitespaceWidth`).
@discardableResult
public func CTLineGetTrailingWhitespaceWidth(_ line: CTLine) -> Double {
    let trimmed = line.text.string.utf8.count - line.text.string.reversed().prefix { $0.isWhitespace }.reduce(0) { $0 + $1.utf8.count }
    guard let width = line.line?.width else { return 0 }
    return Double(width - CTLineGetOffsetForStringIndex(line, line.text.utf16(ofByte: trimmed) + line.stringOffset, nil))
}

/// Draws the line with its origin at the context's text position (Core Text's
/// `CTLineDraw`), glyphs transformed by the text matrix, in the runs' colours, painted as the
/// context's text drawing mode says (`setTextDrawingMode(_:)`):
/// filled by default; stroked at the context's line width in each run's stroke colour (else
/// its foreground colour); or added to the clip, which stays after the call.
public func CTLineDraw(_ line: CTLine, _ context: CGContext) {
    if context.drawsTextAsOutlines {
        context.drawOutlines(of: [(line.runs, context.textPosition)])
    } else {
        line.draw(in: context, at: context.textPosition)
    }
}
