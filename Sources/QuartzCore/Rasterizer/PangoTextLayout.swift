import CCairo
import CPangoCairo
import CoreGraphics

/// A Pango layout of a ``CARenderText`` for one cairo context: shaped by HarfBuzz, with
/// fonts from fontconfig (through the calling thread's own Pango font map, so layouts on
/// different threads share nothing). Made for one draw or measurement and freed with it;
/// never shared between threads.
///
/// Positions are in the context's user space (points): metrics are not hinted, so the same
/// text lays out to the same size at every device scale.
struct PangoTextLayout: ~Copyable {
    /// The `PangoLayout`.
    private let layout: OpaquePointer
    /// How far right of the layout's origin the lines start, for alignment when the
    /// layout has no width of its own.
    let originOffsetX: CGFloat

    /// Lays out `text` on `cr` (at its current transformation) in a box of `size` points.
    /// `alpha` multiplies the runs' colours. Nil if Pango cannot make a layout.
    init?(_ text: CARenderText, on cr: OpaquePointer, in size: CGSize, alpha: CGFloat = 1, colorSpace: CGColorSpace? = nil) {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        self.layout = layout
        let scale = CGFloat(lamina_pango_scale())

        // Unhinted metrics: layout independent of the device scale.
        if let context = pango_layout_get_context(layout), let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(context, text.allowsFontSubpixelQuantization ? 1 : 0)
            pango_layout_context_changed(layout)
        }

        text.string.withCString { pango_layout_set_text(layout, $0, Int32(clamping: text.string.utf8.count)) }
        if let attributes = pango_attr_list_new() {
            var start = 0
            for run in text.runs {
                let end = start + run.utf8Length
                Self.addAttributes(of: run, from: start, to: end, alpha: alpha, colorSpace: colorSpace, to: attributes)
                start = end
            }
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }

        // Widths in Pango units, kept within Int32.
        func units(_ points: CGFloat) -> Int32 {
            guard points.isFinite else { return points > 0 ? Int32.max : 0 }
            return Int32((min(max(points, 0), 1_000_000) * scale).rounded(.down))
        }
        let wrapsOrTruncates = text.isWrapped || text.truncationMode != .none
        let hasWidth = wrapsOrTruncates && size.width.isFinite && size.width > 0
        if hasWidth {
            pango_layout_set_width(layout, units(size.width))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if text.truncationMode != .none {
                pango_layout_set_ellipsize(layout, Self.ellipsize(text.truncationMode))
                // Wrapped: as many lines as fit the height, the last one ellipsized.
                // Unwrapped: one line per paragraph (Pango's default height of -1).
                if text.isWrapped, size.height.isFinite { pango_layout_set_height(layout, units(size.height)) }
            }
        }
        pango_layout_set_alignment(layout, Self.alignment(text.alignmentMode))
        if text.alignmentMode == .justified, text.isWrapped { pango_layout_set_justify(layout, 1) }
        if text.alignmentMode == .left || text.alignmentMode == .right || text.alignmentMode == .center {
            // Explicit sides stay where they are in right-to-left paragraphs.
            pango_layout_set_auto_dir(layout, 0)
        }

        // Without a layout width, Pango aligns lines to the widest one: place that in the box.
        var offset: CGFloat = 0
        if !hasWidth, size.width.isFinite {
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let slack = size.width - CGFloat(logical.width) / scale
            switch text.alignmentMode {
            case .right: offset = slack
            case .center: offset = slack / 2
            case .left: offset = 0
            default:
                let direction = pango_layout_get_direction(layout, 0)
                offset = direction == PANGO_DIRECTION_RTL ? slack : 0
            }
        }
        originOffsetX = offset.isFinite ? offset : 0
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The size of the laid-out lines in points: the widest line's logical width and the
    /// lines' total height.
    var logicalSize: CGSize {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let scale = CGFloat(lamina_pango_scale())
        return CGSize(width: CGFloat(max(logical.width, 0)) / scale, height: CGFloat(max(logical.height, 0)) / scale)
    }

    /// Draws the lines with their top-left corner (before alignment) at `origin`, user
    /// space, in the runs' colours.
    func show(on cr: OpaquePointer, at origin: CGPoint) {
        cairo_move_to(cr, Double(origin.x + originOffsetX), Double(origin.y))
        pango_cairo_show_layout(cr, layout)
    }

    /// Adds the font and colour of `run` over bytes `start..<end` to `list`.
    private static func addAttributes(
        of run: CARenderText.Run, from start: Int, to end: Int, alpha: CGFloat, colorSpace: CGColorSpace?, to list: OpaquePointer
    ) {
        func insert(_ attribute: UnsafeMutablePointer<PangoAttribute>?) {
            guard let attribute else { return }
            attribute.pointee.start_index = UInt32(clamping: start)
            attribute.pointee.end_index = UInt32(clamping: end)
            pango_attr_list_insert(list, attribute)
        }
        if let description = fontDescription(named: run.fontName) {
            pango_font_description_set_absolute_size(description, Double(run.fontSize * CGFloat(lamina_pango_scale())))
            insert(pango_attr_font_desc_new(description))
            pango_font_description_free(description)
        }
        func channel(_ c: CGFloat) -> UInt16 {
            guard c.isFinite else { return 0 }
            return UInt16((min(max(c, 0), 1) * 65535).rounded())
        }
        // In the colour space of the pixels drawn into (sRGB when nil).
        let c = run.foregroundColor?.rgba(in: colorSpace) ?? (0, 0, 0, 0)
        let color = (red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
        let visibleAlpha = color.alpha * (alpha.isFinite ? alpha : 0)
        insert(pango_attr_foreground_new(channel(color.red), channel(color.green), channel(color.blue)))
        // Pango reads an alpha of 0 as "opaque": the least alpha is invisible in 8 bits.
        insert(pango_attr_foreground_alpha_new(max(channel(visibleAlpha), 1)))
    }

    /// A Pango font description for a font name: a PostScript-style style suffix
    /// (`"Helvetica-Bold"`) read as a style (`"Helvetica Bold"`); an empty name is Helvetica.
    /// The caller frees it.
    static func fontDescription(named name: String) -> OpaquePointer? {
        // Trimmed in Swift (Foundation's trimming goes through NSString, a noticeable part of
        // drawing a short label): white space and newlines at both ends.
        let kept = name.prefix(256)
        let start = kept.firstIndex { !$0.isWhitespace } ?? kept.endIndex
        let end = kept.lastIndex { !$0.isWhitespace }.map { kept.index(after: $0) } ?? start
        var name = String(kept[start..<end])
        if name.isEmpty { name = CATextLayer.defaultFontName }
        if let dash = name.lastIndex(of: "-"), !name.contains(" ") {
            let style = name[name.index(after: dash)...]
            if !style.isEmpty {
                // "BoldOblique" → "Bold Oblique".
                var spaced = ""
                for character in style {
                    if character.isUppercase, !spaced.isEmpty { spaced.append(" ") }
                    spaced.append(character)
                }
                name = String(name[..<dash]) + " " + spaced
            }
        }
        return name.withCString { pango_font_description_from_string($0) }
    }

    /// The size given in a font name (`"DejaVu Sans 20"`), in points, if it has one.
    static func sizeGiven(inFontName name: String) -> CGFloat? {
        guard let description = fontDescription(named: name) else { return nil }
        defer { pango_font_description_free(description) }
        let size = pango_font_description_get_size(description)
        guard size > 0 else { return nil }
        return CGFloat(size) / CGFloat(lamina_pango_scale())
    }

    private static func ellipsize(_ mode: CATextLayerTruncationMode) -> PangoEllipsizeMode {
        switch mode {
        case .start: PANGO_ELLIPSIZE_START
        case .middle: PANGO_ELLIPSIZE_MIDDLE
        case .end: PANGO_ELLIPSIZE_END
        default: PANGO_ELLIPSIZE_NONE
        }
    }

    private static func alignment(_ mode: CATextLayerAlignmentMode) -> PangoAlignment {
        switch mode {
        case .right: PANGO_ALIGN_RIGHT
        case .center: PANGO_ALIGN_CENTER
        default: PANGO_ALIGN_LEFT
        }
    }
}

extension CARenderText {
    /// The size of the laid-out text rounded up to whole points, in a box of `size` (its
    /// width wraps or truncates when ``isWrapped`` or ``truncationMode`` say so).
    func measuredSize(in size: CGSize) -> CGSize {
        guard !string.isEmpty,
            let surface = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1), "creating a surface to measure text",
                reportingTo: CALayer.diagnoseDrawingFailure)
        else { return .zero }
        defer { cairo_surface_destroy(surface) }
        guard
            let cr = CairoError.context(
                cairo_create(surface), "creating a context to measure text", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return .zero }
        defer { cairo_destroy(cr) }
        guard let layout = PangoTextLayout(self, on: cr, in: size) else { return .zero }
        let logical = layout.logicalSize
        return CGSize(width: logical.width.rounded(.up), height: logical.height.rounded(.up))
    }
}
