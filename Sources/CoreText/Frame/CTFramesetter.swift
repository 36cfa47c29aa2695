import CoreGraphics
import Foundation

/// Lays out an attributed string into frames (Core Text's `CTFramesetter`).
public final class CTFramesetter {
    /// The string, as it was when the framesetter was made.
    let attributedString: AttributedRuns

    /// The typesetter of the string, made when first asked for.
    private(set) lazy var typesetter = CTTypesetter(attributedString)

    init(_ attributedString: NSAttributedString) {
        self.attributedString = AttributedRuns(attributedString)
    }

    /// A framesetter of `typesetter`'s string that breaks lines with it.
    init(typesetter: CTTypesetter) {
        attributedString = typesetter.attributedString
        self.typesetter = typesetter
    }
}

/// A framesetter that lays out `typesetter`'s string, breaking lines with it (Core Text's
/// `CTFramesetterCreateWithTypesetter`).
@discardableResult
public func CTFramesetterCreateWithTypesetter(_ typesetter: CTTypesetter) -> CTFramesetter {
    CTFramesetter(typesetter: typesetter)
}

/// The typesetter the framesetter breaks its string's lines with (Core Text's
/// `CTFramesetterGetTypesetter`): the same one each time.
@discardableResult
public func CTFramesetterGetTypesetter(_ framesetter: CTFramesetter) -> CTTypesetter {
    framesetter.typesetter
}

/// A framesetter for `attrString` (Core Text's `CTFramesetterCreateWithAttributedString`);
/// later changes to a mutable string do not affect it.
@discardableResult
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attrString)
}

/// Lays out `stringRange` of the framesetter's string (a length of 0 is to the end; a range
/// outside the string is clamped) in `path` (Core Text's `CTFramesetterCreateFrame`).
///
/// Lines are placed from the top of the path, each below the last as the paragraph style's
/// line heights and spacing say (see ``NSParagraphStyle``). In a rectangle they wrap to its
/// width; in any other closed path each line goes where the path's inside spans the line's
/// whole height, a line in each such stretch of a band, left to right. The inside is
/// even-odd unless `frameAttributes` gives ``kCTFramePathFillRuleAttributeName``; lines go
/// around the insides of the paths ``kCTFrameClippingPathsAttributeName`` gives. Lines that
/// do not fit are left out of the frame (see ``CTFrameGetVisibleStringRange(_:)``); lines
/// that do not wrap (truncating and clipping line break modes) are placed in the path's
/// bounding box. Lines stack top to bottom whatever ``kCTFrameProgressionAttributeName``
/// says; other frame attributes are ignored.
@discardableResult
public func CTFramesetterCreateFrame(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: [String: Any]?
) -> CTFrame {
    let box = path.boundingBoxOfPath
    return CTFrame(
        AttributedText(framesetter.attributedString, range: stringRange), of: framesetter.attributedString,
        range: stringRange.clamped(toCount: framesetter.attributedString.length), path: path,
        box: box.isNull || !box.origin.x.isFinite ? .zero : box,
        fillRule: CTFramePathFillRule.in(frameAttributes).pathFillRule, attributes: frameAttributes)
}

/// The size the frame of `stringRange` (a length of 0 is to the end) needs within
/// `constraints` (`CGFloat.greatestFiniteMagnitude` for no limit): the widest line's width and
/// the bottom of the last line, placed as in a frame (Core Text's
/// `CTFramesetterSuggestFrameSizeWithConstraints`). `fitRange`, when given, receives the
/// range that fits the constraints' height.
@discardableResult
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: [String: Any]?, _ constraints: CGSize,
    _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    let range = stringRange.clamped(toCount: framesetter.attributedString.length)
    let text = AttributedText(framesetter.attributedString, range: stringRange)
    let width = constraints.width.isFinite && constraints.width > 0 && constraints.width < 1_000_000 ? constraints.width : CGFloat.infinity
    let height = constraints.height.isFinite && constraints.height > 0 ? constraints.height : CGFloat.infinity
    let layout = FrameLayout(text, size: CGSize(width: width, height: height), options: text.options(wraps: width.isFinite))
    // Each line with its paragraph's indents either side.
    let widest =
        layout.lines.map { placed in
            let start = placed.line.utf8Range.lowerBound
            return text.indentStart(ofLineAtByte: start) + placed.line.width + max(-text.paragraphStyle(atByte: start).indents.tail, 0)
        }.max() ?? 0
    let bottom = layout.lines.last.map { $0.line.baseline + $0.line.descent } ?? 0
    fitRange?.pointee = CFRange(
        location: range.lowerBound, length: text.utf16(ofByte: layout.lines.last?.line.utf8Range.upperBound ?? 0))
    return CGSize(width: widest, height: bottom)
}
