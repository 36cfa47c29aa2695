import CoreGraphics

/// A frame's lines as Core Text's framesetter places them: which text each holds, where it
/// is, and which layout draws it.
///
/// In a rectangle, lines wrap to its width. In any other path each line goes where the
/// path's inside spans the whole height of the line: a band holding several stretches of
/// the inside (a path with a hole, or of several shapes) holds a line in each, left to
/// right; a band where no stretch is wide enough for the next character is passed a point
/// at a time (in paths taller than 10,000 points, a 10,000th of the height at a time).
struct FrameLayout {
    /// One line of a frame.
    struct PlacedLine {
        /// The line: its bytes of the text, its x from the box's left edge (before
        /// ``FrameLayout/originOffsetX``), its baseline down from the box's top.
        var line: TextLayout.Line
        /// The bytes of the text the layout that draws it holds.
        var layoutBytes: Range<Int>
        /// The width that layout wraps its lines to.
        var layoutWidth: CGFloat
        /// The line's index in that layout.
        var index: Int
        /// How far right of the box's left edge that layout's left edge is.
        var layoutX: CGFloat
        /// The options that layout was made with (its paragraph's alignment and line breaking).
        var options: TextLayoutOptions
    }

    /// The lines that fit, top first.
    private(set) var lines: [PlacedLine] = []
    /// How far right the lines are placed when a rectangle's layout has no width.
    private(set) var originOffsetX: CGFloat = 0

    /// The most lines laid out.
    static let maximumLineCount = 100_000

    /// `text` laid out in a box of `size` (a rectangle, or lines that do not wrap): the
    /// lines that fit its height. When paragraphs are aligned or broken into lines unlike the
    /// first, each is laid out alone as its own style says.
    init(_ text: AttributedText, size: CGSize, options: TextLayoutOptions) {
        if size.width.isFinite, text.paragraphsDifferInLayout {
            placeParagraphs(of: text, size: size)
            return
        }
        let width = size.width
        let laidOut = text.withLayout(in: size, options: options) { layout in (layout.lines, layout.originOffsetX) }
        guard let (pangoLines, offset) = laidOut else { return }
        originOffsetX = offset
        var stack = LineStack()
        for (index, var line) in pangoLines.enumerated() {
            let start = line.utf8Range.lowerBound
            guard
                stack.place(
                    &line, leading: text.leading(ofBytes: line.utf8Range), in: text.paragraphStyle(atByte: start),
                    startingParagraph: text.startsParagraph(atByte: start), within: size.height)
            else { break }
            lines.append(
                PlacedLine(
                    line: line, layoutBytes: 0..<text.string.utf8.count, layoutWidth: width, index: index, layoutX: 0,
                    options: options))
        }
    }

    /// Places each paragraph of `text`, laid out alone at the box's width, aligned and broken
    /// into lines by its own style, below the one before: the lines that fit the box's height.
    private mutating func placeParagraphs(of text: AttributedText, size: CGSize) {
        var stack = LineStack()
        for (number, paragraph) in text.paragraphs.enumerated() {
            let bytes = paragraph.start..<text.paragraphEnd(afterByte: paragraph.start)
            // The separator that ends the text ends its last line: no empty line follows.
            if number > 0, bytes.isEmpty, bytes.lowerBound == text.string.utf8.count { return }
            let options = text.options(wraps: true, as: paragraph.style)
            guard
                let laidOut = text.withLayout(of: bytes, in: CGSize(width: size.width, height: .infinity), options: options, {
                    $0.lines
                })
            else { return }
            for (index, var line) in laidOut.enumerated() {
                line.utf8Range = line.utf8Range.lowerBound + bytes.lowerBound..<line.utf8Range.upperBound + bytes.lowerBound
                guard
                    stack.place(
                        &line, leading: text.leading(ofBytes: line.utf8Range), in: paragraph.style,
                        startingParagraph: index == 0, within: size.height)
                else { return }
                lines.append(
                    PlacedLine(
                        line: line, layoutBytes: bytes, layoutWidth: size.width, index: index, layoutX: 0, options: options))
            }
        }
    }

    /// `text` laid out inside `path` (filled by `rule`), whose bounding box is `box`, and
    /// outside the insides of `clippingPaths`: the lines that fit.
    init(
        _ text: AttributedText, in path: CGPath, rule: CGPathFillRule, box: CGRect, options: TextLayoutOptions,
        clippingPaths: FrameClippingPaths = FrameClippingPaths(nil)
    ) {
        guard box.height.isFinite, box.width.isFinite, box.width > 0 else { return }
        // Bands too narrow for text are passed a point at a time, in at most 10,000 steps.
        let step = max(1, box.height / 10_000)
        let inside = PathSpans(path, rule: rule, excluding: clippingPaths.paths)
        let end = text.string.utf8.count
        var stack = LineStack()
        var start = 0
        while start < end, lines.count < Self.maximumLineCount {
            let paragraph = start..<text.paragraphEnd(afterByte: start)
            let style = text.paragraphStyle(atByte: start)
            var options = text.paragraphsDifferInLayout ? text.options(wraps: true, as: style) : options
            // Each line is laid out as the first of what is left of its paragraph: one that
            // does not start the paragraph starts at the head indent.
            if start != paragraph.lowerBound {
                options.indents.firstLine = options.indents.head
                options.tabOrigin = options.indents.head
            }
            // The line's height as if it spanned the box: its band of the path.
            guard
                let trial = text.withLayout(of: paragraph, in: CGSize(width: box.width, height: .infinity), options: options, {
                    $0.lines.first
                }) ?? nil
            else { break }
            let trialLeading = text.leading(ofBytes: paragraph.lowerBound..<paragraph.lowerBound + trial.utf8Range.upperBound)
            stack.addSpace(beforeLineIn: style, startingParagraph: text.startsParagraph(atByte: start))
            let height = stack.height(ascent: trial.ascent, descent: trial.descent, leading: trialLeading, in: style)
            var placedInBand = false
            while !placedInBand, lines.count < Self.maximumLineCount {
                let bottom = stack.baseline(height: height, descent: trial.descent, leading: trialLeading) + trial.descent
                guard bottom <= box.height + 0.001 else { return }
                let band = (box.maxY - stack.top - height)...(box.maxY - stack.top)
                for span in inside.spans(inBand: band) where start < paragraph.upperBound {
                    let width = span.upperBound - span.lowerBound
                    guard let placed = Self.line(of: text, bytes: start..<paragraph.upperBound, width: width, options: options)
                    else { continue }
                    var line = placed.line
                    let leading = text.leading(ofBytes: line.utf8Range)
                    line.baseline = stack.baseline(height: height, descent: line.descent, leading: leading)
                    line.x += span.lowerBound - box.minX
                    lines.append(
                        PlacedLine(
                            line: line, layoutBytes: start..<paragraph.upperBound, layoutWidth: width, index: 0,
                            layoutX: span.lowerBound - box.minX, options: options))
                    start = placed.next
                    placedInBand = true
                }
                if placedInBand { stack.place(height: height, in: style) } else { stack.skip(step) }
            }
        }
    }

    /// The first line of `bytes` of `text` wrapped to `width`, its bytes of the whole text,
    /// and where the next line starts; nil when not even its first character fits.
    static func line(
        of text: AttributedText, bytes: Range<Int>, width: CGFloat, options: TextLayoutOptions
    ) -> (line: TextLayout.Line, next: Int)? {
        let firstCharacter = text.characterLength(atByte: bytes.lowerBound)
        let laidOut = text.withLayout(of: bytes, in: CGSize(width: width, height: .infinity), options: options) {
            layout -> (TextLayout.Line, Int, CGFloat)? in
            let lines = layout.lines
            guard var first = lines.first else { return nil }
            first.utf8Range = first.utf8Range.lowerBound + bytes.lowerBound..<first.utf8Range.upperBound + bytes.lowerBound
            let next = lines.count > 1 ? lines[1].utf8Range.lowerBound : bytes.count
            let firstAdvance = first.utf8Range.isEmpty ? 0 : layout.offset(ofByte: firstCharacter, inLine: 0)
            return (first, bytes.lowerBound + max(next, 1), abs(firstAdvance))
        }
        guard let (line, next, firstAdvance) = laidOut ?? nil, firstAdvance <= width + 0.001 else { return nil }
        return (line, min(next, bytes.upperBound))
    }

    /// Draws the lines with the box's top-left corner at the origin of `cr`'s user space
    /// (y down), each by the layout (and options) it was laid out with, in the runs' colours under `alpha`,
    /// then strokes them as the text's stroke says.
    func show(_ text: AttributedText, boxSize: CGSize, on cr: OpaquePointer, alpha: CGFloat, colorSpace: CGColorSpace?) {
        var first = 0
        while first < lines.count {
            let key = (lines[first].layoutBytes, lines[first].layoutWidth)
            let group = lines[first...].prefix { $0.layoutBytes == key.0 && $0.layoutWidth == key.1 }
            first += group.count
            let isBox = key.0 == 0..<text.string.utf8.count && key.1 == boxSize.width
            let part = text.slice(key.0)
            guard
                let layout = TextLayout(
                    part.string, runs: part.runs, options: group[group.startIndex].options, on: cr,
                    in: CGSize(width: key.1, height: isBox ? boxSize.height : .infinity), alpha: alpha, colorSpace: colorSpace)
            else { continue }
            var own = layout.lines
            for placed in group where placed.index < own.count {
                own[placed.index].x = placed.line.x - placed.layoutX
                own[placed.index].baseline = placed.line.baseline
            }
            // A group's lines follow one another in its layout, from one left edge.
            guard let firstIndex = group.first?.index, let lastIndex = group.last?.index, lastIndex < own.count else { continue }
            let indices = firstIndex..<lastIndex + 1
            let origin = CGPoint(x: group[group.startIndex].layoutX, y: 0)
            layout.show(lines: indices, of: own, on: cr, at: origin)
            layout.stroke(lines: indices, of: own, on: cr, at: origin, as: text.stroke, in: colorSpace, alpha: alpha)
        }
    }
}
