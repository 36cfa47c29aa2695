import CCairo
import CPangoCairo
import CoreGraphics

extension TextLayout {
    /// Draws the underlines of `line`'s underlined runs, y down from its baseline at the
    /// context's origin: each run's own font's underline (its position and thickness from the
    /// font's tables, as Pango reads them), from where the run starts to where it ends.
    ///
    /// One line for `.single`; twice the thickness for `.thick`; for `.double`, a second line
    /// of the same thickness one thickness below the first. A pattern breaks the lines into
    /// dots and dashes whose lengths are multiples of the thickness (dots as long as the line
    /// is thick and as far apart, dashes three times as long); `.byWord` leaves white space
    /// without a line.
    func drawUnderlines(of line: UnsafeMutablePointer<PangoLayoutLine>, on cr: OpaquePointer) {
        forEachRun(of: line) { _, item, glyphs, start in
            let byte = Int(max(item.offset, 0))
            guard let underline = underlines.first(where: { $0.bytes.contains(byte) }), underline.color.alpha > 0,
                let font = item.analysis.font, let metrics = pango_font_get_metrics(font, nil)
            else { return }
            let position = Self.points(pango_font_metrics_get_underline_position(metrics))
            var thickness = Self.points(pango_font_metrics_get_underline_thickness(metrics))
            pango_font_metrics_unref(metrics)
            guard thickness > 0, thickness.isFinite, position.isFinite else { return }
            if underline.underline.lines == .thick { thickness *= 2 }
            // The stretches of the run to underline, in points from the line's origin (a
            // negative kern can make glyphs advance backwards: each stretch left to right).
            var stretches: [ClosedRange<CGFloat>] = []
            func addStretch(from: Int, to: Int) {
                stretches.append(Self.points(min(from, to))...Self.points(max(from, to)))
            }
            var x = start
            var stretchStart: Int?
            for g in 0..<Int(max(glyphs.num_glyphs, 0)) {
                guard let info = glyphs.glyphs?[g] else { break }
                let cluster = byte + Int(glyphs.log_clusters?[g] ?? 0)
                if underline.underline.byWord, whiteSpaceBytes.contains(cluster) {
                    if let from = stretchStart { addStretch(from: from, to: x) }
                    stretchStart = nil
                } else if stretchStart == nil {
                    stretchStart = x
                }
                x += Int(info.geometry.width)
            }
            if let from = stretchStart { addStretch(from: from, to: x) }
            var tops = [-position]
            if underline.underline.lines == .double { tops.append(-position + 2 * thickness) }
            let c = underline.color
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
            cairo_new_path(cr)
            for top in tops {
                for stretch in stretches where stretch.upperBound > stretch.lowerBound {
                    Self.addUnderline(
                        from: stretch.lowerBound, to: stretch.upperBound, top: top, thickness: thickness,
                        pattern: underline.underline.pattern, on: cr)
                }
            }
            cairo_fill(cr)
        }
    }

    /// The on and off lengths of `pattern`, in thicknesses; empty for a solid line.
    static func dashes(of pattern: TextUnderline.Pattern) -> [CGFloat] {
        switch pattern {
        case .solid: []
        case .dot: [1, 1]
        case .dash: [3, 1]
        case .dashDot: [3, 1, 1, 1]
        case .dashDotDot: [3, 1, 1, 1, 1, 1]
        }
    }

    /// Adds the rectangles of an underline from `start` to `end` with its top at `top`,
    /// `thickness` tall, broken as `pattern` says (the pattern starts at `start`).
    private static func addUnderline(
        from start: CGFloat, to end: CGFloat, top: CGFloat, thickness: CGFloat, pattern: TextUnderline.Pattern,
        on cr: OpaquePointer
    ) {
        let dashes = dashes(of: pattern)
        guard !dashes.isEmpty else {
            cairo_rectangle(cr, Double(start), Double(top), Double(end - start), Double(thickness))
            return
        }
        var x = start
        var index = 0
        var count = 0
        while x < end, count < 100_000 {
            let length = dashes[index % dashes.count] * thickness
            if index % 2 == 0 {
                cairo_rectangle(cr, Double(x), Double(top), Double(min(length, end - x)), Double(thickness))
            }
            x += length
            index += 1
            count += 1
        }
    }
}
