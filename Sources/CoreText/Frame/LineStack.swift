import CoreGraphics

/// Places a frame's lines top to bottom as Core Text's framesetter does with each
/// paragraph's style.
///
/// A line's natural height is its fonts' ascent, descent and leading; its paragraph's line
/// height multiple scales it, then the least and greatest line heights limit it. The
/// baseline sits the descent and leading above the line's bottom, so the space a taller line
/// gains is above its glyphs, and glyphs taller than a greatest height reach into the line
/// above. Below each line is its paragraph's line spacing; between two paragraphs also the
/// first's spacing after and the second's spacing before; the first paragraph's spacing
/// before is above the first line.
struct LineStack {
    /// Where the next line's top is, down from the frame's top.
    private(set) var top: CGFloat = 0
    /// The style of the line placed last.
    private var previous: AttributedText.Paragraph?

    /// The height of a line of these natural metrics in a paragraph of `style`.
    func height(ascent: CGFloat, descent: CGFloat, leading: CGFloat, in style: AttributedText.Paragraph) -> CGFloat {
        var height = ascent + descent + leading
        if style.lineHeightMultiple > 0 { height *= style.lineHeightMultiple }
        height = max(height, style.minimumLineHeight)
        if style.maximumLineHeight > 0 { height = min(height, style.maximumLineHeight) }
        return height
    }

    /// Adds the space above the next line, of a paragraph of `style`: the line spacing below
    /// the line above, and the paragraphs' spacing when the next line starts a paragraph.
    mutating func addSpace(beforeLineIn style: AttributedText.Paragraph, startingParagraph startsParagraph: Bool) {
        if let previous {
            top += previous.lineSpacing
            if startsParagraph { top += previous.paragraphSpacing }
        }
        if startsParagraph { top += style.paragraphSpacingBefore }
    }

    /// Moves the next line's top down by `distance` (past a band of the path too narrow
    /// for any text).
    mutating func skip(_ distance: CGFloat) {
        top += distance
    }

    /// Where the baseline of a line of `height` with `descent` and `leading` is, down from
    /// the frame's top, when placed at ``top``.
    func baseline(height: CGFloat, descent: CGFloat, leading: CGFloat) -> CGFloat {
        top + height - descent - leading
    }

    /// Places a line of `height` of a paragraph of `style` at ``top``: the next line goes
    /// below it.
    mutating func place(height: CGFloat, in style: AttributedText.Paragraph) {
        top += height
        previous = style
    }

    /// Places `line` (its fonts' greatest leading `leading`) below the lines placed so far,
    /// with the space its paragraph asks before it, and sets its baseline; false when its
    /// bottom would pass `boxHeight` (the line is not placed, and no line after it fits).
    mutating func place(
        _ line: inout TextLayout.Line, leading: CGFloat, in style: AttributedText.Paragraph, startingParagraph: Bool,
        within boxHeight: CGFloat
    ) -> Bool {
        addSpace(beforeLineIn: style, startingParagraph: startingParagraph)
        let height = height(ascent: line.ascent, descent: line.descent, leading: leading, in: style)
        line.baseline = baseline(height: height, descent: line.descent, leading: leading)
        guard line.baseline + line.descent <= boxHeight + 0.001 else { return false }
        place(height: height, in: style)
        return true
    }
}
