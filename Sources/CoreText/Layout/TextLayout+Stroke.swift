import CCairo
import CPangoCairo
import CoreGraphics

extension TextLayout {
    /// Strokes the glyph outlines of `indices` of `lines` (this layout's) with the layout's
    /// top-left corner (before alignment) at `origin` in the context's current user space,
    /// `width` points wide, in `color` (premultiplied by nothing; cairo blends it OVER).
    func stroke(
        lines indices: Range<Int>, of lines: [Line], on cr: OpaquePointer, at origin: CGPoint, width: CGFloat,
        color: (red: Double, green: Double, blue: Double, alpha: Double)
    ) {
        guard width > 0, width.isFinite else { return }
        forEachLine(indices, of: lines, on: cr, at: origin) { line in
            cairo_new_path(cr)
            cairo_move_to(cr, 0, 0)
            pango_cairo_layout_line_path(cr, line)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_set_line_width(cr, Double(width))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
        }
    }
}
