import CoreGraphics
import CPangoCairo

extension TextStyleRun {
    /// The greatest of `leading(i)` (the leading of `runs[i]`'s font) over the runs holding
    /// `bytes` (the run at its start when it is empty); 0 for none.
    static func greatestLeading(ofBytes bytes: Range<Int>, in runs: [TextStyleRun], leading: (Int) -> CGFloat) -> CGFloat {
        var start = 0
        var greatest: CGFloat?
        for (index, run) in runs.enumerated() {
            let end = start + run.utf8Length
            let overlaps = start < bytes.upperBound && bytes.lowerBound < end
            let holdsEmpty = bytes.isEmpty && start <= bytes.lowerBound && bytes.lowerBound <= end
            if overlaps || holdsEmpty { greatest = max(greatest ?? 0, leading(index)) }
            start = end
        }
        return greatest ?? 0
    }
}

extension TextLayout {
    /// The lines stacked as Core Text's framesetter stacks a paragraph's lines: each as tall
    /// as its fonts' ascent, descent and greatest leading, the leading below its descent; and
    /// the height they take. A text layer's lines stand so, as the same text's lines do in a
    /// frame (``CTFrameDraw(_:_:)``); Pango's own lines leave the fonts' leading out.
    package func linesStackedWithLeading(of runs: [TextStyleRun]) -> (lines: [Line], height: CGFloat) {
        // One font per run, not per line.
        let leadings = runs.map { CTFontGetLeading(CTFontCreateWithName($0.fontName, $0.fontSize, nil)) }
        var stacked = lines
        var stack = LineStack()
        let style = AttributedText.Paragraph()
        for index in stacked.indices {
            let leading = TextStyleRun.greatestLeading(ofBytes: stacked[index].utf8Range, in: runs) { leadings[$0] }
            _ = stack.place(&stacked[index], leading: leading, in: style, startingParagraph: false, within: .infinity)
        }
        return (stacked, stack.top)
    }

    /// Makes wrapped, truncated lines that stand their fonts' leading apart end with the last
    /// line that fits `height` so stacked (its ellipsis there): Pango fitted them to the height
    /// by their heights without the leading, which lets one more line in whose bottom is cut.
    func fitTruncatedLinesWithLeading(of runs: [TextStyleRun], to height: CGFloat) {
        let unstacked = lines
        let stacked = linesStackedWithLeading(of: runs).lines
        let fitting = stacked.prefix { $0.baseline + $0.descent <= height + 0.001 }.count
        guard fitting < unstacked.count else { return }
        // At least the first line, as Pango shows one that does not fit either.
        let last = unstacked[max(fitting, 1) - 1]
        pango_layout_set_height(layout, Self.units(last.baseline + last.descent + 0.001))
    }
}
