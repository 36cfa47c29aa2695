import CoreGraphics

/// Places a frame's lines top to bottom as Core Text's framesetter does with a paragraph
/// style's line heights and spacing.
///
/// A line's natural height is its fonts' ascent, descent and leading; the line height
/// multiple scales it, then the least and greatest line heights limit it. The baseline sits
/// the descent and leading above the line's bottom, so the space a taller line gains is
/// above its glyphs, and glyphs taller than a greatest height reach into the line above.
/// Between two lines is the line spacing; between two paragraphs also the first's spacing
/// after and the second's spacing before; the first paragraph's spacing before is above
/// the first line.
struct LineStack {
    /// The style the lines follow.
    let paragraph: AttributedText.Paragraph
    /// Where the next line's top is, down from the frame's top.
    private(set) var top: CGFloat = 0
    /// How many lines have been placed.
    private(set) var count = 0

    init(_ paragraph: AttributedText.Paragraph) {
        self.paragraph = paragraph
    }

    /// The height of a line of these natural metrics.
    func height(ascent: CGFloat, descent: CGFloat, leading: CGFloat) -> CGFloat {
        var height = ascent + descent + leading
        if paragraph.lineHeightMultiple > 0 { height *= paragraph.lineHeightMultiple }
        height = max(height, paragraph.minimumLineHeight)
        if paragraph.maximumLineHeight > 0 { height = min(height, paragraph.maximumLineHeight) }
        return height
    }

    /// Adds the space above the next line: the line spacing after the line above, and the
    /// paragraph spacing when the next line starts a paragraph.
    mutating func addSpace(beforeLineStartingParagraph startsParagraph: Bool) {
        if count > 0 { top += paragraph.lineSpacing }
        if startsParagraph { top += (count > 0 ? paragraph.paragraphSpacing : 0) + paragraph.paragraphSpacingBefore }
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

    /// Places a line of `height` at ``top``: the next line goes below it.
    mutating func place(height: CGFloat) {
        top += height
        count += 1
    }
}
