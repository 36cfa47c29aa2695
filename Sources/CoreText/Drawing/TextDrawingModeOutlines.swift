import CoreGraphics

extension CGContext {
    /// Whether lines and frames are drawn as glyph outlines painted as the context's text
    /// drawing mode says (every mode but ``CGTextDrawingMode/fill``, which draws glyphs as
    /// Pango renders them).
    var drawsTextAsOutlines: Bool { textState.drawingMode != .fill }

    /// Paints the outlines of the glyphs of `lines` (each line's runs with the origin its
    /// positions count from, in text space) as the context's text drawing mode says: filled
    /// in each run's foreground colour, stroked at the context's line width in the run's
    /// stroke colour (else its foreground colour), or nothing for
    /// ``CGTextDrawingMode/invisible``; the clipping modes then intersect the clip with all
    /// the glyphs at once (the clip stays after the call, as Apple's drawing functions may
    /// leave the context changed).
    func drawOutlines(of lines: [(runs: [CTRun], origin: CGPoint)]) {
        let mode = textState.drawingMode
        let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        // The positions carry the origin: the text matrix's own translation is left out.
        let matrix = textMatrix
        textPosition = .zero
        defer { textMatrix = matrix }
        let all = CGMutablePath()
        for (runs, origin) in lines {
            for run in runs where !run.glyphs.isEmpty {
                let foreground = run.attributes[.foregroundColor].flatMap { $0 as? CGColor } ?? black
                setFillColor(foreground)
                setStrokeColor(run.attributes[.strokeColor].flatMap { $0 as? CGColor } ?? foreground)
                let positions = run.positions.map { CGPoint(x: $0.x + origin.x, y: $0.y + origin.y) }
                let outlines = glyphOutlines(run.glyphs, at: positions, font: AttributedText.ctFont(run.attributes[.font]))
                paintGlyphOutlines(outlines, as: mode)
                all.addPath(outlines)
            }
        }
        if mode.clips {
            addPath(all)
            clip()
        }
    }
}
