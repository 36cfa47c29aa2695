import CoreGraphics
import Foundation

/// Lays out an attributed string into frames (Core Text's `CTFramesetter`).
public final class CTFramesetter {
    /// The string.
    let attributedString: NSAttributedString

    init(_ attributedString: NSAttributedString) {
        self.attributedString = attributedString.copy() as? NSAttributedString ?? attributedString
    }
}

/// A framesetter for `attrString` (Core Text's `CTFramesetterCreateWithAttributedString`);
/// later changes to a mutable string do not affect it.
public func CTFramesetterCreateWithAttributedString(_ attrString: CFAttributedString) -> CTFramesetter {
    CTFramesetter(attrString)
}

/// Lays out `stringRange` of the framesetter's string (a length of 0 is to the end; a range
/// outside the string is clamped) in `path` (Core Text's `CTFramesetterCreateFrame`).
///
/// Lines wrap to the width of the path's bounding box and are placed from its top, each
/// below the last; lines that do not fit its height are left out of the frame (see
/// ``CTFrameGetVisibleStringRange(_:)``). Lamina lays out in the bounding box of any path.
/// `frameAttributes` is accepted and ignored.
public func CTFramesetterCreateFrame(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ path: CGPath, _ frameAttributes: [String: Any]?
) -> CTFrame {
    let box = path.boundingBoxOfPath
    return CTFrame(
        AttributedText(framesetter.attributedString, range: stringRange), range: stringRange.clamped(toCount: framesetter.attributedString.length),
        path: path, box: box.isNull || !box.origin.x.isFinite ? .zero : box)
}

/// The size the frame of `stringRange` (a length of 0 is to the end) needs within
/// `constraints` (`CGFloat.greatestFiniteMagnitude` for no limit): the widest line's width and
/// the lines' height (Core Text's `CTFramesetterSuggestFrameSizeWithConstraints`). `fitRange`,
/// when given, receives the range that fits the constraints' height.
public func CTFramesetterSuggestFrameSizeWithConstraints(
    _ framesetter: CTFramesetter, _ stringRange: CFRange, _ frameAttributes: [String: Any]?, _ constraints: CGSize,
    _ fitRange: UnsafeMutablePointer<CFRange>?
) -> CGSize {
    let range = stringRange.clamped(toCount: framesetter.attributedString.length)
    let text = AttributedText(framesetter.attributedString, range: stringRange)
    let width = constraints.width.isFinite && constraints.width > 0 && constraints.width < 1_000_000 ? constraints.width : CGFloat.infinity
    let height = constraints.height.isFinite && constraints.height > 0 ? constraints.height : CGFloat.infinity
    let result = text.withLayout(in: CGSize(width: width, height: .infinity), options: text.options(wraps: width.isFinite)) {
        layout -> (CGSize, Int) in
        let lines = layout.lines
        let fitting = lines.prefix { $0.baseline + $0.descent <= height + 0.001 }
        let widest = fitting.map(\.width).max() ?? 0
        let bottom = fitting.last.map { $0.baseline + $0.descent } ?? 0
        return (CGSize(width: widest, height: bottom), fitting.last?.utf8Range.upperBound ?? 0)
    }
    fitRange?.pointee = CFRange(location: range.lowerBound, length: text.utf16(ofByte: result?.1 ?? 0))
    return result?.0 ?? .zero
}
