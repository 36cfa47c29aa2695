import CCairo
import CoreGraphics
import Foundation

/// Lines of text laid out in a path (Core Text's `CTFrame`), made by
/// ``CTFramesetterCreateFrame(_:_:_:_:)-(_,_,_,[String:Any]?)`` and drawn with ``CTFrameDraw(_:_:)``.
public final class CTFrame {
    /// The text laid out.
    let text: AttributedText
    /// The range of the framesetter's string laid out, in UTF-16 units.
    let range: Range<Int>
    /// The path the frame was made in.
    let path: CGPath
    /// Its bounding box: line origins are relative to its bottom-left corner.
    let box: CGRect
    /// How the text is laid out.
    let options: TextLayoutOptions
    /// The lines that fit the path and which layouts draw them.
    let layout: FrameLayout
    /// The lines, as ``CTLine``s.
    let lines: [CTLine]
    /// The frame attributes it was made with.
    let attributes: [String: Any]?

    /// `text`, `range` of `string`, laid out in `path`, whose bounding box is `box`.
    init(
        _ text: AttributedText, of string: AttributedRuns, range: Range<Int>, path: CGPath, box: CGRect,
        fillRule: CGPathFillRule, attributes: [String: Any]? = nil
    ) {
        self.attributes = attributes
        self.text = text
        self.range = range
        self.path = path
        self.box = box
        let options = text.options(wraps: true)
        self.options = options
        let clippingPaths = FrameClippingPaths(attributes)
        CTFrameDiagnostics.reportProgression(CTFrameProgression.in(attributes))
        layout =
            (path.isRect(nil) && clippingPaths.paths.isEmpty) || !text.someParagraphWraps
            ? FrameLayout(text, size: box.size, options: options)
            : FrameLayout(text, in: path, rule: fillRule, box: box, options: options, clippingPaths: clippingPaths)
        lines = layout.lines.map { placed in
            let start = text.utf16(ofByte: placed.line.utf8Range.lowerBound)
            let end = text.utf16(ofByte: placed.line.utf8Range.upperBound)
            let location = range.lowerBound + start
            // A range's length of 0 reads to the string's end: an empty line reads nothing.
            let lineText =
                end > start
                ? AttributedText(string, range: CFRange(location: location, length: end - start))
                : AttributedText(NSAttributedString(string: ""))
            // Its tab stops are measured from where it starts in the frame.
            var options = CTLine.options(for: lineText, tabOrigin: text.indentStart(ofLineAtByte: placed.line.utf8Range.lowerBound))
            // A truncated paragraph's line is shortened to the width it was laid out in, as drawn.
            guard !placed.options.wraps, placed.options.truncation != .none, placed.layoutWidth.isFinite else {
                return CTLine(lineText, stringOffset: location, options: options)
            }
            options.truncation = placed.options.truncation
            return CTLine(lineText, stringOffset: location, options: options, width: placed.layoutWidth)
        }
    }

    /// Draws the lines in `ctx`, the box's top-left at its place in user space (y up).
    func draw(in ctx: CGContext) {
        guard !layout.lines.isEmpty else { return }
        let matrix = ctx.textMatrix
        let colorSpace = ctx.colorSpace
        ctx.drawWithCairo(castsShadow: true) { cr, userToDevice, alpha in
            setLayoutSpace(on: cr, textMatrix: matrix, origin: CGPoint(x: box.minX, y: box.maxY), userToDevice: userToDevice)
            layout.show(text, boxSize: box.size, on: cr, alpha: alpha, colorSpace: colorSpace)
        }
    }
}

/// The frame's lines that fit its path, top first (Core Text's `CTFrameGetLines`); cast it
/// to `[CTLine]`.
@discardableResult
public func CTFrameGetLines(_ frame: CTFrame) -> CFArray {
    frame.lines
}

/// Copies the origins of the lines of `range` (a length of 0 is to the end) into `origins`:
/// each line's start on its baseline, relative to the bottom-left of the frame's path's
/// bounding box, y up (Core Text's `CTFrameGetLineOrigins`).
public func CTFrameGetLineOrigins(_ frame: CTFrame, _ range: CFRange, _ origins: UnsafeMutablePointer<CGPoint>) {
    for (offset, index) in range.clamped(toCount: frame.layout.lines.count).enumerated() {
        let line = frame.layout.lines[index].line
        origins[offset] = CGPoint(x: frame.layout.originOffsetX + line.x, y: frame.box.height - line.baseline)
    }
}

/// The range of the string the frame was asked to lay out (Core Text's `CTFrameGetStringRange`).
@discardableResult
public func CTFrameGetStringRange(_ frame: CTFrame) -> CFRange {
    CFRange(location: frame.range.lowerBound, length: frame.range.count)
}

/// The range of the string whose lines fit the frame (Core Text's
/// `CTFrameGetVisibleStringRange`).
@discardableResult
public func CTFrameGetVisibleStringRange(_ frame: CTFrame) -> CFRange {
    let end = frame.layout.lines.last.map { frame.text.utf16(ofByte: $0.line.utf8Range.upperBound) } ?? 0
    return CFRange(location: frame.range.lowerBound, length: end)
}

/// The path the frame was made in (Core Text's `CTFrameGetPath`).
@discardableResult
public func CTFrameGetPath(_ frame: CTFrame) -> CGPath {
    frame.path
}

/// The frame attributes the frame was made with (Core Text's `CTFrameGetFrameAttributes`);
/// nil when it was made without any.
@discardableResult
public func CTFrameGetFrameAttributes(_ frame: CTFrame) -> [String: Any]? {
    frame.attributes
}

/// Draws the frame's lines in `context` (Core Text's `CTFrameDraw`): each at its origin
/// (see ``CTFrameGetLineOrigins(_:_:_:)``) from the path's box, glyphs transformed by the
/// text matrix's linear part, in the runs' colours, painted as the context's text drawing
/// mode says (as ``CTLineDraw(_:_:)``). The context is y up, as Core Text expects: a layer's
/// flipped context draws text upside down unless the CTM is flipped first.
public func CTFrameDraw(_ frame: CTFrame, _ context: CGContext) {
    guard context.drawsTextAsOutlines else { return frame.draw(in: context) }
    var origins = [CGPoint](repeating: .zero, count: frame.lines.count)
    CTFrameGetLineOrigins(frame, CFRange(), &origins)
    context.drawOutlines(
        of: zip(frame.lines, origins).map { line, origin in
            (line.runs, CGPoint(x: frame.box.minX + origin.x, y: frame.box.minY + origin.y))
        })
}
