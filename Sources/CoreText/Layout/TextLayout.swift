import CCairo
import CPangoCairo
import CoreGraphics

/// A Pango layout of styled text for one cairo context: shaped by HarfBuzz, with fonts
/// from fontconfig (through the calling thread's own Pango font map, so layouts on
/// different threads share nothing). Made for one draw or measurement and freed with it;
/// never shared between threads. Core Text's lines and frames and QuartzCore's text layers
/// are laid out and drawn by it, so the same text gives the same pixels through either.
///
/// Positions are in the context's user space (points), y down from the layout's top-left:
/// metrics are not hinted, so the same text lays out to the same size at every device scale.
///
/// A run's kern follows each of its characters, the last one of a line too, as Core Text
/// adds it: Pango's letter spacing (which wraps lines as Core Text does) leaves it out of a
/// line's width after its last character (and half of it before the first, which it gives
/// back by drawing the next glyph half a kern further), so line widths, alignment and carets
/// here add it back. Words broken across lines get no hyphen, as in Core Text.
package struct TextLayout: ~Copyable {
    /// One laid-out line, in points from the layout's top-left (before ``originOffsetX``).
    package struct Line: Sendable, Equatable {
        /// The line's bytes of the string.
        package var utf8Range: Range<Int>
        /// Where the line starts horizontally.
        package var x: CGFloat
        /// Where its baseline is, down from the top.
        package var baseline: CGFloat
        /// Its typographic width.
        package var width: CGFloat
        /// How far it reaches above the baseline.
        package var ascent: CGFloat
        /// How far it reaches below the baseline.
        package var descent: CGFloat
        /// Its glyphs' ink, relative to the line's origin on the baseline, y down.
        package var ink: CGRect
    }

    /// The `PangoLayout`.
    let layout: OpaquePointer
    /// How far right of the layout's origin the lines start, for alignment when the
    /// layout has no width of its own.
    package let originOffsetX: CGFloat
    /// Each run's bytes and kern.
    let kerns: [(bytes: Range<Int>, kern: CGFloat)]
    /// How Pango aligned the lines to the layout's width, if it did.
    let alignsToWidth: TextLineAlignment?
    /// Whether the text ends with a line feed, carriage return or paragraph separator.
    let endsWithParagraphSeparator: Bool
    /// Each run's bytes and colour (premultiplied by nothing), its glyphs filled as outlines.
    let fills: [(bytes: Range<Int>, color: TextFillColor)]
    /// Each underlined run's bytes, underline and the underline's colour.
    let underlines: [(bytes: Range<Int>, underline: TextUnderline, color: TextFillColor)]
    /// Where the string's white space characters start, when an underline skips them
    /// (`.byWord`); else empty.
    let whiteSpaceBytes: Set<Int>
    /// How the paragraphs' indents move their lines.
    let indentation: Indentation
    /// Each run in an Apple family drawn in a stand-in: its bytes, the Apple font's ascent
    /// and descent at its size, and how much the stand-in's glyphs are scaled vertically.
    let standIns: [(bytes: Range<Int>, ascent: CGFloat, descent: CGFloat, verticalScale: CGFloat)]
    /// Each run's ruby texts, with the metrics they are placed by.
    let rubies: [RunRuby]
    /// What multiplies the ruby texts' colours, and the colour space they are converted into.
    let rubyPaint: (alpha: CGFloat, colorSpace: CGColorSpace?)

    /// Lays out `runs` of `string` on `cr` (at its current transformation) in a box of
    /// `size` points. `alpha` multiplies the runs' colours, which are converted into
    /// `colorSpace` (sRGB when nil). Nil if Pango cannot make a layout.
    package init?(
        _ string: String, runs: [TextStyleRun], options: TextLayoutOptions, on cr: OpaquePointer, in size: CGSize,
        alpha: CGFloat = 1, colorSpace: CGColorSpace? = nil
    ) {
        // The layout uses this thread's font map, which hears of registered fonts first.
        if let map = pango_cairo_font_map_get_default() { FontRegistry.refresh(map) }
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        self.layout = layout
        endsWithParagraphSeparator = string.unicodeScalars.last.map { $0 == "\n" || $0 == "\r" || $0 == "\u{2029}" } ?? false
        let scale = CGFloat(lamina_pango_scale())
        var kerns: [(bytes: Range<Int>, kern: CGFloat)] = []
        var fills: [(bytes: Range<Int>, color: TextFillColor)] = []
        var standIns: [(bytes: Range<Int>, ascent: CGFloat, descent: CGFloat, verticalScale: CGFloat)] = []
        var underlines: [(bytes: Range<Int>, underline: TextUnderline, color: TextFillColor)] = []
        var runStart = 0
        for run in runs {
            let bytes = runStart..<runStart + run.utf8Length
            kerns.append((bytes, run.kern))
            let fill = Self.fillColor(of: run, alpha: alpha, colorSpace: colorSpace)
            fills.append((bytes, fill))
            if run.isUnderlined {
                let color = run.underlineColor.map { Self.color($0, alpha: alpha, colorSpace: colorSpace) } ?? fill
                underlines.append((bytes, run.underline, color))
            }
            if let metrics = StandInMetrics.forName(run.fontName) {
                standIns.append(
                    (bytes, metrics.ascent * run.fontSize, metrics.descent * run.fontSize,
                     StandInMetrics.verticalScale(forName: run.fontName)))
            }
            runStart += run.utf8Length
        }
        self.kerns = kerns
        self.standIns = standIns
        rubies = Self.rubies(of: runs)
        rubyPaint = (alpha, colorSpace)
        self.fills = fills
        self.underlines = underlines
        var whiteSpaceBytes = Set<Int>()
        if underlines.contains(where: { $0.underline.byWord }) {
            var offset = 0
            for scalar in string.unicodeScalars {
                if scalar.properties.isWhitespace { whiteSpaceBytes.insert(offset) }
                offset += UTF8.width(scalar)
            }
        }
        self.whiteSpaceBytes = whiteSpaceBytes
        // The kern after the text's last character, which Pango's lines leave out: justified
        // lines are stretched that much less, so that with it they fill the width.
        let trailingKern = kerns.last { !$0.bytes.isEmpty }?.kern ?? 0

        // Unhinted metrics: layout independent of the device scale.
        if let context = pango_layout_get_context(layout), let fontOptions = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
            // Unhinted outlines, as Core Text draws them (hinting moves stems onto pixels).
            cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(fontOptions, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, fontOptions)
            cairo_font_options_destroy(fontOptions)
            pango_context_set_round_glyph_positions(context, options.roundsGlyphPositions ? 1 : 0)
            pango_layout_context_changed(layout)
        }
        if options.isSingleParagraph { pango_layout_set_single_paragraph_mode(layout, 1) }

        string.withCString { pango_layout_set_text(layout, $0, Int32(clamping: string.utf8.count)) }
        if let attributes = pango_attr_list_new() {
            var start = 0
            for run in runs {
                let end = start + run.utf8Length
                Self.addAttributes(of: run, from: start, to: end, alpha: alpha, colorSpace: colorSpace, to: attributes)
                start = end
            }
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }

        let wrapsOrTruncates = options.wraps || options.truncation != .none
        // Indented lines wrap between their indents: the layout spans those.
        let rightToLeft = options.baseDirection == .rightToLeft
        let lineBox = Self.lineBox(ofWidth: size.width, indents: options.indents, rightToLeft: rightToLeft)
        indentation = Indentation(
            options.indents, left: lineBox.left, alignment: options.alignment,
            rightToLeft: rightToLeft && size.width.isFinite && size.width > 0)
        if !options.indents.isZero {
            pango_layout_set_indent(layout, Self.signedUnits(options.indents.firstLine - options.indents.head))
        }
        Self.setTabs(options.tabs, from: options.tabOrigin ?? options.indents.firstLine, on: layout)
        let hasWidth = wrapsOrTruncates && lineBox.width.isFinite && lineBox.width > 0
        if hasWidth {
            pango_layout_set_width(layout, Self.units(lineBox.width))
            pango_layout_set_wrap(layout, options.breaksAnywhere ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD_CHAR)
            if options.truncation != .none {
                pango_layout_set_ellipsize(layout, Self.ellipsize(options.truncation))
                // Wrapped: as many lines as fit the height, the last one ellipsized.
                // Unwrapped: one line per paragraph (Pango's default height of -1).
                if options.wraps, size.height.isFinite { pango_layout_set_height(layout, Self.units(size.height)) }
            }
        }
        // A paragraph of a given direction runs that way whatever its text, and a natural
        // (or justified) one starts from that side.
        var pangoAlignment = Self.alignment(options.alignment)
        if let direction = options.baseDirection {
            if let context = pango_layout_get_context(layout) {
                pango_context_set_base_dir(context, direction == .rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
                pango_layout_context_changed(layout)
            }
            pango_layout_set_auto_dir(layout, 0)
            if direction == .rightToLeft, options.alignment == .natural || options.alignment == .justified {
                pangoAlignment = PANGO_ALIGN_RIGHT
            }
        }
        pango_layout_set_alignment(layout, pangoAlignment)
        if options.alignment == .justified, options.wraps { pango_layout_set_justify(layout, 1) }
        if let width = options.justificationWidth, width.isFinite, width > 0 {
            pango_layout_set_width(layout, Self.units(width - trailingKern))
            pango_layout_set_justify(layout, 1)
            pango_layout_set_justify_last_line(layout, 1)
        }
        if options.alignment == .left || options.alignment == .right || options.alignment == .center {
            // Explicit sides stay where they are in right-to-left paragraphs.
            pango_layout_set_auto_dir(layout, 0)
        }

        // Without a layout width, Pango aligns lines to the widest one: place that in the box.
        var offset: CGFloat = 0
        if !hasWidth, size.width.isFinite {
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let slack = size.width - (CGFloat(logical.width) / scale + trailingKern)
            switch options.alignment {
            case .right: offset = slack
            case .center: offset = slack / 2
            case .left: offset = 0
            default:
                let direction = pango_layout_get_direction(layout, 0)
                offset = direction == PANGO_DIRECTION_RTL ? slack : 0
            }
        }
        originOffsetX = offset.isFinite ? offset : 0
        // Pango aligns lines to a width by their widths without their last kern.
        alignsToWidth = hasWidth && options.justificationWidth == nil ? options.alignment : nil
        if hasWidth, options.wraps, options.truncation != .none, size.height.isFinite {
            fitTruncatedLinesWithLeading(of: runs, to: size.height)
        }
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// `points` in Pango units, kept within Int32.
    static func units(_ points: CGFloat) -> Int32 {
        guard points.isFinite else { return points > 0 ? Int32.max : 0 }
        return Int32((min(max(points, 0), 1_000_000) * CGFloat(lamina_pango_scale())).rounded(.down))
    }

    /// `points` (of either sign) in Pango units, kept within a million points, so sums of a
    /// few stay within Int32; not a number is 0.
    static func signedUnits(_ points: CGFloat) -> Int32 {
        guard !points.isNaN else { return 0 }
        return Int32((min(max(points, -1_000_000), 1_000_000) * CGFloat(lamina_pango_scale())).rounded())
    }

    /// Pango units in points.
    static func points(_ units: Int32) -> CGFloat {
        points(Int(units))
    }

    /// Pango units, summed in 64 bits, in points.
    static func points(_ units: Int) -> CGFloat {
        CGFloat(units) / CGFloat(lamina_pango_scale())
    }

    /// The size of the laid-out lines in points: the widest line's logical width and the
    /// lines' total height.
    package var logicalSize: CGSize {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return CGSize(width: Self.points(max(logical.width, 0)), height: Self.points(max(logical.height, 0)))
    }

    /// The laid-out lines, top first.
    package var lines: [Line] {
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var lines: [Line] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { break }
            var logical = PangoRectangle()
            var lineInk = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            pango_layout_line_get_extents(line, &lineInk, nil)
            let baseline = pango_layout_iter_get_baseline(iterator)
            let range = Self.bytes(of: line)
            lines.append(
                Line(
                    utf8Range: range, x: Self.points(logical.x) - alignmentShift(of: range) + indentation.shift(of: line),
                    baseline: Self.points(baseline), width: Self.points(logical.width) + trailingKern(of: range),
                    ascent: Self.points(Int(baseline) - Int(logical.y)),
                    descent: Self.points(Int(logical.y) + Int(logical.height) - Int(baseline)),
                    ink: CGRect(
                        x: Self.points(lineInk.x), y: Self.points(lineInk.y), width: Self.points(lineInk.width),
                        height: Self.points(lineInk.height))))
        } while pango_layout_iter_next_line(iterator) != 0 && lines.count < 1_000_000
        if !standIns.isEmpty { raiseToStandInMetrics(&lines) }
        if !rubies.isEmpty { makeRoomForRubies(&lines) }
        // Pango ends text that ends with a paragraph separator with an empty line; Core Text
        // does not (the separator ends the last line), so neither a frame nor a text layer has it.
        if endsWithParagraphSeparator, lines.count > 1, lines.last?.utf8Range.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// Makes each line holding text in an Apple family drawn in a stand-in reach at least the
    /// Apple font's ascent above and descent below its baseline (the stand-in's own, which
    /// Pango stacked the lines by, are smaller), moving the lines below down by what that adds.
    /// The ink of a line all in one stand-in is scaled as its glyphs are drawn.
    private func raiseToStandInMetrics(_ lines: inout [Line]) {
        Self.restack(&lines) { index, lines in
            let bytes = lines[index].utf8Range
            var ascent = lines[index].ascent
            var descent = lines[index].descent
            for standIn in standIns {
                // An empty line takes the font of the run it starts in, or ends.
                let holds = bytes.isEmpty
                    ? standIn.bytes.contains(bytes.lowerBound) || standIn.bytes.upperBound == bytes.lowerBound
                    : standIn.bytes.overlaps(bytes)
                guard holds else { continue }
                ascent = max(ascent, standIn.ascent)
                descent = max(descent, standIn.descent)
                if standIn.bytes.lowerBound <= bytes.lowerBound, standIn.bytes.upperBound >= bytes.upperBound {
                    let ink = lines[index].ink
                    lines[index].ink = CGRect(
                        x: ink.minX, y: ink.minY * standIn.verticalScale, width: ink.width,
                        height: ink.height * standIn.verticalScale)
                }
            }
            return (ascent, descent)
        }
    }

    /// Gives each line the ascent and descent `metrics` answers for it (given its index and the
    /// lines, which it may change otherwise), moving its baseline and the lines below down by
    /// what the lines grow above it.
    static func restack(
        _ lines: inout [Line], to metrics: (Int, inout [Line]) -> (ascent: CGFloat, descent: CGFloat)
    ) {
        var shift: CGFloat = 0
        for index in lines.indices {
            let (ascent, descent) = metrics(index, &lines)
            shift += ascent - lines[index].ascent
            lines[index].baseline += shift
            shift += descent - lines[index].descent
            lines[index].ascent = ascent
            lines[index].descent = descent
        }
    }

    /// Draws the lines with the layout's top-left corner (before alignment) at `origin` in
    /// the context's current user space (y down), in the runs' colours.
    package func show(on cr: OpaquePointer, at origin: CGPoint) {
        let lines = lines
        show(lines: lines.indices, of: lines, on: cr, at: origin)
    }

    /// Draws `indices` of `lines` (this layout's) with the layout's top-left corner (before
    /// alignment) at `origin` in the context's current user space (y down).
    package func show(lines indices: Range<Int>, of lines: [Line], on cr: OpaquePointer, at origin: CGPoint) {
        forEachLine(indices, of: lines, on: cr, at: origin) { line in
            fillOutlines(of: line, colors: fills, on: cr)
            if !underlines.isEmpty { drawUnderlines(of: line, on: cr) }
            if !rubies.isEmpty { drawRubies(of: line, on: cr) }
        }
    }

    /// Fills each run's glyphs of `line` as outlines in the run's colour.
    private func fillOutlines(
        of line: UnsafeMutablePointer<PangoLayoutLine>, colors: [(bytes: Range<Int>, color: TextFillColor)], on cr: OpaquePointer
    ) {
        func color(at byte: Int) -> TextFillColor? { colors.first { $0.bytes.contains(byte) }?.color ?? colors.last?.color }
        forEachGlyphRun(of: line, on: cr) { byte in
            guard let color = color(at: byte), color.alpha > 0 else { return false }
            cairo_new_path(cr)
            return true
        } draw: { byte in
            guard let color = color(at: byte) else { return }
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_fill(cr)
        }
    }

    /// Adds the glyph outlines of each run of `line` that `wants` (given the run's first byte)
    /// to the context's path, then calls `draw` with that byte. Glyphs are placed as Core
    /// Graphics places them in an axis-aligned context (Apple's renders show it): across at a
    /// quarter of a device pixel, down at whole device pixels (cairo 1.16 composites glyph
    /// images at whole device pixels across too, up to half a pixel from Apple's). A stand-in
    /// for an Apple family is drawn scaled vertically as ``StandInMetrics`` says.
    func forEachGlyphRun(
        of line: UnsafeMutablePointer<PangoLayoutLine>, on cr: OpaquePointer, wants: (Int) -> Bool, draw: (Int) -> Void
    ) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let quantizes = matrix.xy == 0 && matrix.yx == 0
        var cairoGlyphs: [cairo_glyph_t] = []
        forEachRun(of: line) { run, item, glyphs, start in
            let byte = Int(max(item.offset, 0))
            var x = start
            cairoGlyphs.removeAll(keepingCapacity: true)
            for g in 0..<Int(max(glyphs.num_glyphs, 0)) {
                guard let info = glyphs.glyphs?[g] else { break }
                defer { x += Int(info.geometry.width) }
                // Pango's empty glyph and its hex boxes for characters the font lacks.
                if info.glyph == 0x0FFF_FFFF || info.glyph & 0x1000_0000 != 0 { continue }
                var gx = Double(Self.points(x + Int(info.geometry.x_offset)))
                var gy = Double(Self.points(Int(info.geometry.y_offset) - Int(run.y_offset)))
                if quantizes {
                    cairo_user_to_device(cr, &gx, &gy)
                    gx = (gx * 4).rounded() / 4
                    gy = gy.rounded()
                    cairo_device_to_user(cr, &gx, &gy)
                }
                cairoGlyphs.append(cairo_glyph_t(index: UInt(info.glyph), x: gx, y: gy))
            }
            guard !cairoGlyphs.isEmpty, let font = item.analysis.font, let scaled = pango_cairo_font_get_scaled_font(font),
                wants(byte)
            else { return }
            cairo_set_scaled_font(cr, scaled)
            let verticalScale = standIns.first { $0.bytes.contains(byte) }?.verticalScale ?? 1
            if verticalScale != 1 {
                var fontMatrix = cairo_matrix_t()
                cairo_get_font_matrix(cr, &fontMatrix)
                fontMatrix.yx *= Double(verticalScale)
                fontMatrix.yy *= Double(verticalScale)
                cairo_set_font_matrix(cr, &fontMatrix)
            }
            cairo_glyph_path(cr, &cairoGlyphs, Int32(cairoGlyphs.count))
            draw(byte)
        }
    }

    /// Calls `body` with each run of `line`, its item, its glyphs and where it starts, in
    /// Pango units from the line's origin (summed in 64 bits: a long line of large glyphs
    /// passes Int32's range).
    func forEachRun(
        of line: UnsafeMutablePointer<PangoLayoutLine>,
        _ body: (_ run: PangoGlyphItem, _ item: PangoItem, _ glyphs: PangoGlyphString, _ start: Int) -> Void
    ) {
        var x = 0
        var node = line.pointee.runs
        var count = 0
        while let current = node, count < 100_000 {
            node = current.pointee.next
            count += 1
            guard let run = current.pointee.data?.assumingMemoryBound(to: PangoGlyphItem.self).pointee,
                let item = run.item?.pointee, let glyphs = run.glyphs?.pointee
            else { continue }
            body(run, item, glyphs, x)
            for g in 0..<Int(max(glyphs.num_glyphs, 0)) {
                guard let info = glyphs.glyphs?[g] else { break }
                x += Int(info.geometry.width)
            }
        }
    }

    /// Calls `body` for each of `indices` of `lines` (this layout's) with the context's user
    /// space moved to the line's origin on its baseline (the layout's top-left corner, before
    /// alignment, at `origin`); the context's state is restored after each.
    func forEachLine(
        _ indices: Range<Int>, of lines: [Line], on cr: OpaquePointer, at origin: CGPoint,
        _ body: (UnsafeMutablePointer<PangoLayoutLine>) -> Void
    ) {
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        var index = 0
        repeat {
            if index >= indices.upperBound { break }
            if index >= indices.lowerBound, index < lines.count, let line = pango_layout_iter_get_line_readonly(iterator) {
                cairo_save(cr)
                cairo_translate(cr, Double(origin.x + originOffsetX + lines[index].x), Double(origin.y + lines[index].baseline))
                body(line)
                cairo_restore(cr)
            }
            index += 1
        } while pango_layout_iter_next_line(iterator) != 0
    }

    /// The kern of the run holding byte `byte`.
    func kern(atByte byte: Int) -> CGFloat {
        kerns.first { $0.bytes.contains(byte) }?.kern ?? 0
    }

    /// The kern after the last character of a line of `bytes`, which Pango leaves out.
    func trailingKern(of bytes: Range<Int>) -> CGFloat {
        bytes.isEmpty ? 0 : kern(atByte: bytes.upperBound - 1)
    }

    /// How much further left a line of `bytes` goes than Pango aligned it, for its last kern:
    /// all of it for lines aligned right, half for centred ones.
    func alignmentShift(of bytes: Range<Int>) -> CGFloat {
        guard let alignment = alignsToWidth else { return 0 }
        let kern = trailingKern(of: bytes)
        guard kern != 0 else { return 0 }
        switch alignment {
        case .right: return kern
        case .center: return kern / 2
        case .left: return 0
        case .natural, .justified:
            return pango_layout_get_direction(layout, Int32(clamping: bytes.lowerBound)) == PANGO_DIRECTION_RTL ? kern : 0
        }
    }

    /// The `PangoLayoutLine` of line `index`, valid while the layout is.
    func pangoLine(_ index: Int) -> UnsafeMutablePointer<PangoLayoutLine>? {
        guard let iterator = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iterator) }
        var current = 0
        repeat {
            if current == index { return pango_layout_iter_get_line_readonly(iterator) }
            current += 1
        } while pango_layout_iter_next_line(iterator) != 0
        return nil
    }

    /// Adds the font, colour, spacing, rise, features and language of `run` over bytes
    /// `start..<end` to `list`.
    private static func addAttributes(
        of run: TextStyleRun, from start: Int, to end: Int, alpha: CGFloat, colorSpace: CGColorSpace?, to list: OpaquePointer
    ) {
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
            guard let attribute else { return }
            attribute.pointee.start_index = UInt32(clamping: start)
            attribute.pointee.end_index = UInt32(clamping: end)
            pango_attr_list_insert(list, attribute)
        }
        if let description = FontResolution.fontDescription(named: run.fontName) {
            pango_font_description_set_absolute_size(description, Double(run.fontSize * CGFloat(lamina_pango_scale())))
            FontVariation.apply(run.fontVariations, toDescription: description)
            insert(pango_attr_font_desc_new(description))
            pango_font_description_free(description)
        }
        func channel(_ c: Double) -> UInt16 {
            guard c.isFinite else { return 0 }
            return UInt16((min(max(c, 0), 1) * 65535).rounded())
        }
        let color = fillColor(of: run, alpha: alpha, colorSpace: colorSpace)
        insert(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)))
        // Pango reads an alpha of 0 as "opaque": the least alpha is invisible in 8 bits.
        insert(pango_attr_foreground_alpha_new(max(channel(color.alpha), 1)))
        if run.kern != 0 { insert(pango_attr_letter_spacing_new(signedUnits(run.kern))) }
        if run.baselineOffset != 0 { insert(pango_attr_rise_new(signedUnits(run.baselineOffset))) }
        if let features = fontFeatures(of: run) { insert(pango_attr_font_features_new(features)) }
        // Pango reads BCP 47 tags (`sr-latn`); a locale identifier's underscores are hyphens there.
        if let language = run.language {
            insert(pango_attr_language_new(pango_language_from_string(language.replacingOccurrences(of: "_", with: "-"))))
        }
        if let placeholder = run.placeholder {
            // An empty box on the baseline: no ink, the delegate's advance and extent.
            var ink = PangoRectangle()
            var logical = PangoRectangle(
                x: 0, y: -Int32(units(placeholder.ascent)), width: units(placeholder.width),
                height: units(placeholder.ascent) &+ units(placeholder.descent))
            insert(pango_attr_shape_new(&ink, &logical))
        }
        insert(pango_attr_insert_hyphens_new(0))
    }

    /// The OpenType features `run` turns on or off against HarfBuzz's defaults, in the
    /// syntax Pango passes to HarfBuzz; nil when it keeps them all.
    private static func fontFeatures(of run: TextStyleRun) -> String? {
        // The font's own settings first: the run's kern and ligature attributes win.
        var features = run.fontFeatures.map(\.setting)
        if !run.usesFontKerning { features.append("kern=0") }
        switch run.ligatures {
        case .essential: features += ["liga=0", "clig=0"]
        case .standard: break
        case .all: features.append("dlig=1")
        }
        if run.superscript > 0 { features.append("sups=1") } else if run.superscript < 0 { features.append("subs=1") }
        return features.isEmpty ? nil : features.joined(separator: ",")
    }

    /// The colour `run` is filled with, in the colour space of the pixels drawn into (sRGB
    /// when nil), its alpha multiplied by `alpha`.
    private static func fillColor(of run: TextStyleRun, alpha: CGFloat, colorSpace: CGColorSpace?) -> TextFillColor {
        run.foregroundColor.map { color($0, alpha: alpha, colorSpace: colorSpace) } ?? TextFillColor(red: 0, green: 0, blue: 0, alpha: 0)
    }

    /// `color` in `colorSpace` (sRGB when nil), its alpha multiplied by `alpha`.
    private static func color(_ color: CGColor, alpha: CGFloat, colorSpace: CGColorSpace?) -> TextFillColor {
        let c = color.rgba(in: colorSpace) ?? (0, 0, 0, 0)
        return TextFillColor(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha * Double(alpha.isFinite ? alpha : 0))
    }

    private static func ellipsize(_ mode: TextTruncation) -> PangoEllipsizeMode {
        switch mode {
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        case .none: PANGO_ELLIPSIZE_NONE
        }
    }

    private static func alignment(_ mode: TextLineAlignment) -> PangoAlignment {
        switch mode {
        case .right: PANGO_ALIGN_RIGHT
        case .center: PANGO_ALIGN_CENTER
        default: PANGO_ALIGN_LEFT
        }
    }
}

/// A run's fill colour: components in the drawn pixels' colour space, alpha with the
/// context's alpha.
struct TextFillColor {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double
}

