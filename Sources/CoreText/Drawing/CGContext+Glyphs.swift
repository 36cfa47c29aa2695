import CoreGraphics

extension CGContext {
    /// Draws `glyphs` of the context's font (`setFont(_:)`, else
    /// Helvetica) at its font size, each at its position in text space, through the text
    /// matrix, painted as the text drawing mode says with the fill and stroke colours (Apple's
    /// `showGlyphs(_:at:)`). Extra glyphs or positions are ignored.
    public func showGlyphs(_ glyphs: [CGGlyph], at positions: [CGPoint]) {
        let name = textState.font?.postScriptName ?? FontResolution.defaultFontName
        let font = CTFontCreateWithName(name, textState.fontSize, nil)
        drawGlyphOutlines(glyphs, at: positions, font: font, mode: textState.drawingMode)
    }

    /// Fills (or paints as `mode` says) the outlines of `glyphs` of `font`, each at its text
    /// space position, through the text matrix.
    func drawGlyphOutlines(_ glyphs: [CGGlyph], at positions: [CGPoint], font: CTFont, mode: CGTextDrawingMode) {
        let path = glyphOutlines(glyphs, at: positions, font: font)
        guard !path.isEmpty else { return }
        paintGlyphOutlines(path, as: mode)
        if mode.clips {
            addPath(path)
            clip()
        }
    }

    /// The outlines of `glyphs` of `font`, each at its text space position, through the text
    /// matrix: a path in user space.
    func glyphOutlines(_ glyphs: [CGGlyph], at positions: [CGPoint], font: CTFont) -> CGMutablePath {
        let path = CGMutablePath()
        let matrix = textMatrix
        for index in 0..<min(glyphs.count, positions.count) {
            var transform = CGAffineTransform(translationX: positions[index].x, y: positions[index].y).concatenating(matrix)
            if let outline = CTFontCreatePathForGlyph(font, glyphs[index], &transform) { path.addPath(outline) }
        }
        return path
    }

    /// Fills and strokes the glyph outlines `path` as `mode` says (its clipping part aside).
    func paintGlyphOutlines(_ path: CGPath, as mode: CGTextDrawingMode) {
        let drawingMode: CGPathDrawingMode?
        switch mode {
        case .fill, .fillClip: drawingMode = .fill
        case .stroke, .strokeClip: drawingMode = .stroke
        case .fillStroke, .fillStrokeClip: drawingMode = .fillStroke
        case .invisible, .clip: drawingMode = nil
        }
        guard let drawingMode else { return }
        addPath(path)
        drawPath(using: drawingMode)
    }
}

/// Draws `count` glyphs of `font` at `positions` in text space, through the context's text
/// matrix, in its fill colour (Core Text's `CTFontDrawGlyphs`).
public func CTFontDrawGlyphs(
    _ font: CTFont, _ glyphs: UnsafePointer<CGGlyph>, _ positions: UnsafePointer<CGPoint>, _ count: Int, _ context: CGContext
) {
    guard count > 0 else { return }
    context.drawGlyphOutlines(
        Array(UnsafeBufferPointer(start: glyphs, count: count)), at: Array(UnsafeBufferPointer(start: positions, count: count)),
        font: font, mode: .fill)
}

/// Draws the run's glyphs at their positions from the context's text position (Core Text's
/// `CTRunDraw`), in the run's colour; `range` selects glyphs (a length of 0 is to the end).
///
/// As Apple's attributes say: with a positive `.strokeWidth` the outlines are stroked and not
/// filled, with a negative one filled and stroked; the stroke is the width's percentage of
/// the font size wide, in `.strokeColor` (else the foreground colour).
public func CTRunDraw(_ run: CTRun, _ context: CGContext, _ range: CFRange) {
    let selected = range.clamped(toCount: run.glyphs.count)
    let font = AttributedText.ctFont(run.attributes[.font])
    let origin = context.textPosition
    let positions = run.positions[selected].map { CGPoint(x: $0.x + origin.x, y: $0.y + origin.y) }
    let foreground = run.attributes[.foregroundColor].flatMap { $0 as? CGColor }
    let color = foreground ?? CGColor(red: 0, green: 0, blue: 0, alpha: 1)
    let strokeWidth = AttributedText.number(run.attributes[.strokeWidth]) ?? 0
    context.saveGState()
    context.setFillColor(color)
    if strokeWidth != 0 {
        context.setStrokeColor(run.attributes[.strokeColor].flatMap { $0 as? CGColor } ?? color)
        context.setLineWidth(abs(strokeWidth) * font.size / 100)
        context.setLineJoin(.miter)
    }
    let saved = context.textMatrix
    context.textPosition = .zero
    context.drawGlyphOutlines(
        Array(run.glyphs[selected]), at: positions, font: font,
        mode: strokeWidth > 0 ? .stroke : strokeWidth < 0 ? .fillStroke : .fill)
    context.textMatrix = saved
    context.restoreGState()
}

extension CGTextDrawingMode {
    /// Whether the mode adds the glyphs to the clip.
    var clips: Bool { self == .clip || self == .fillClip || self == .strokeClip || self == .fillStrokeClip }
}
