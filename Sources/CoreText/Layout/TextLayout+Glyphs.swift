import CPangoCairo
import CoreGraphics

extension TextLayout {
    /// The glyphs of one shaped run of a line, positions relative to the line's origin on
    /// the baseline, y up, in points.
    struct GlyphRun {
        /// The run's bytes of the string.
        var utf8Range: Range<Int>
        /// The glyphs.
        var glyphs: [CGGlyph] = []
        /// Where each glyph is drawn.
        var positions: [CGPoint] = []
        /// Each glyph's advance.
        var advances: [CGFloat] = []
        /// Where each glyph is drawn relative to its pen position: the font's positioning of
        /// a glyph relative to the one before it in its grapheme (a mark on its base), and the
        /// run's baseline offset. A grapheme's first glyph sits on its pen.
        var origins: [CGPoint] = []
        /// How far each glyph moves the pen: its advance without that positioning (the kern
        /// included).
        var baseAdvances: [CGFloat] = []
        /// The byte of the string each glyph comes from.
        var bytes: [Int] = []
        /// The installed face the glyphs are from, as a font name (`"DejaVu Sans Bold"`), and
        /// its family: the run's own font's, or a fallback fontconfig chose for characters it lacks.
        var face: (name: String, family: String)?
    }

    /// The shaped runs of line `index`, in visual order.
    func glyphRuns(ofLine index: Int) -> [GlyphRun] {
        guard let line = pangoLine(index) else { return [] }
        var runs: [GlyphRun] = []
        // Summed in 64 bits: a long line of large glyphs passes Int32's range.
        var x = 0
        var node = line.pointee.runs
        while let current = node, runs.count < 100_000 {
            node = current.pointee.next
            guard let item = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                let pangoItem = item.item?.pointee, let glyphString = item.glyphs?.pointee
            else { continue }
            let start = Int(max(pangoItem.offset, 0))
            var run = GlyphRun(utf8Range: start..<start + Int(max(pangoItem.length, 0)))
            run.face = pangoItem.analysis.font.flatMap(Self.faceName(of:))
            // Pango widens a truncated line's ellipsis to fill the width it was shortened to;
            // Core Text's ellipsis advances as the glyph does, right after the kept text.
            let ellipsisFont =
                Int32(pangoItem.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0 ? pangoItem.analysis.font : nil
            for g in 0..<Int(max(glyphString.num_glyphs, 0)) {
                guard let info = glyphString.glyphs?[g] else { break }
                var geometry = info.geometry
                if let ellipsisFont {
                    var logical = PangoRectangle()
                    pango_font_get_glyph_extents(ellipsisFont, info.glyph, nil, &logical)
                    geometry.width = logical.width
                    geometry.x_offset = 0
                }
                run.glyphs.append(CGGlyph(truncatingIfNeeded: info.glyph))
                run.positions.append(
                    CGPoint(
                        x: Self.points(x + Int(geometry.x_offset)),
                        // Pango's glyph offsets are y down, the run's baseline shift y up.
                        y: Self.points(Int(item.y_offset) - Int(geometry.y_offset))))
                run.advances.append(Self.points(geometry.width))
                run.baseAdvances.append(Self.points(geometry.width))
                run.bytes.append(start + Int(glyphString.log_clusters?[g] ?? 0))
                x += Int(geometry.width)
            }
            runs.append(run)
        }
        // Kerned: each glyph advances to the next one's position, the last to the line's end
        // with its kern (Pango's glyph widths hold half kerns either side).
        let end = lineEnd(line)
        if runs.contains(where: { kern(atByte: $0.utf8Range.lowerBound) != 0 }) {
            var next = end
            for r in runs.indices.reversed() {
                for g in runs[r].positions.indices.reversed() {
                    runs[r].advances[g] = next - runs[r].positions[g].x
                    next = runs[r].positions[g].x
                }
            }
        }
        placeOnPens(&runs, lineEnd: end, graphemes: graphemeStarts(in: Self.bytes(of: line)))
        return runs
    }

    /// The bytes of the string line `line` holds.
    static func bytes(of line: UnsafeMutablePointer<PangoLayoutLine>) -> Range<Int> {
        let start = Int(max(line.pointee.start_index, 0))
        return start..<start + Int(max(line.pointee.length, 0))
    }

    /// The x where line `line` ends, its last character's kern included.
    private func lineEnd(_ line: UnsafeMutablePointer<PangoLayoutLine>) -> CGFloat {
        var logical = PangoRectangle()
        pango_layout_line_get_extents(line, nil, &logical)
        return Self.points(logical.width) + trailingKern(of: Self.bytes(of: line))
    }

    /// Fills `runs`' origins and base advances: the first glyph of each grapheme is on its
    /// pen (spacing between graphemes — kerns, letter spacing — moves the pen), each later
    /// glyph of the grapheme (a mark) is at its offset from the pen the glyphs before it left
    /// (their own advances), and the grapheme's last glyph moves the pen to the next
    /// grapheme's first (or the line's end).
    /// `graphemes`: the bytes at which the line's graphemes start.
    private func placeOnPens(_ runs: inout [GlyphRun], lineEnd: CGFloat, graphemes starts: Set<Int>) {
        // The line's glyphs in visual order: their run and index, byte and x.
        let glyphs = runs.indices.flatMap { r in
            runs[r].positions.indices.map { (run: r, index: $0, byte: runs[r].bytes[$0], x: runs[r].positions[$0].x) }
        }
        let startsGrapheme = glyphs.indices.map { i in
            i == 0 || starts.contains(glyphs[i].byte) && glyphs[i].byte != glyphs[i - 1].byte
        }
        for r in runs.indices { runs[r].origins = runs[r].positions.map { CGPoint(x: 0, y: $0.y) } }
        var pen: CGFloat = 0
        for (i, glyph) in glyphs.enumerated() {
            if startsGrapheme[i] { pen = glyph.x }
            runs[glyph.run].origins[glyph.index].x = glyph.x - pen
            let advance =
                i + 1 == glyphs.count ? lineEnd - pen
                : startsGrapheme[i + 1] ? glyphs[i + 1].x - pen
                : runs[glyph.run].baseAdvances[glyph.index]
            runs[glyph.run].baseAdvances[glyph.index] = advance
            pen += advance
        }
    }

    /// The bytes in `range` of the layout's text at which a grapheme (a character as Swift
    /// counts them) starts; only the line's bytes are read, so a frame of many lines costs
    /// each line its own length.
    private func graphemeStarts(in range: Range<Int>) -> Set<Int> {
        guard let bytes = pango_layout_get_text(layout), !range.isEmpty else { return [] }
        let text = UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self)
        let line = String(decoding: UnsafeBufferPointer(start: text + range.lowerBound, count: range.count), as: UTF8.self)
        var starts: Set<Int> = []
        var byte = range.lowerBound
        for character in line {
            starts.insert(byte)
            byte += character.utf8.count
        }
        return starts
    }

    /// The name of the installed face `font` is (its family and style, which fontconfig
    /// resolves back to it) and its family.
    static func faceName(of font: OpaquePointer) -> (name: String, family: String)? {
        guard let described = pango_font_describe(font) else { return nil }
        defer { pango_font_description_free(described) }
        guard let family = pango_font_description_get_family(described).map({ String(cString: $0) }) else { return nil }
        let style = pango_font_get_face(font).flatMap(pango_font_face_get_face_name).map { String(cString: $0) }
        return (style.map { "\(family) \($0)" } ?? family, family)
    }

    /// The x offset of byte `byte` in line `index` from the line's start, in points.
    func offset(ofByte byte: Int, inLine index: Int) -> CGFloat {
        guard let line = pangoLine(index) else { return 0 }
        return offset(ofByte: byte, in: line)
    }

    /// The x offset of byte `byte` in `line` (this layout's) from the line's start, in points.
    func offset(ofByte byte: Int, in line: UnsafeMutablePointer<PangoLayoutLine>) -> CGFloat {
        var x: Int32 = 0
        pango_layout_line_index_to_x(line, Int32(clamping: byte), 0, &x)
        // Pango's caret is half a kern before a kerned character, and its line ends before the
        // last character's kern.
        let bytes = Self.bytes(of: line)
        if byte <= bytes.lowerBound { return Self.points(x) }
        if byte >= bytes.upperBound { return Self.points(x) + trailingKern(of: bytes) }
        return Self.points(x) + kern(atByte: byte) / 2
    }

    /// The byte nearest to `x` points from line `index`'s start.
    func byte(atOffset x: CGFloat, inLine index: Int) -> Int {
        guard let line = pangoLine(index) else { return 0 }
        var byte: Int32 = 0
        var trailing: Int32 = 0
        // Pango's characters start half a kern before where Core Text's carets are.
        let pangoX = (x.isFinite ? x : 0) - kern(atByte: Self.bytes(of: line).lowerBound) / 2
        let units = Self.signedUnits(pangoX)
        _ = pango_layout_line_x_to_index(line, units, &byte, &trailing)
        return Int(byte) + Int(trailing > 0 ? 1 : 0)
    }
}
