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
            // The outlines the fill draws, where it draws them.
            forEachGlyphRun(of: line, on: cr) { _ in true } draw: { _ in }
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_set_line_width(cr, Double(width))
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
            cairo_stroke(cr)
        }
    }

    /// Strokes the outlines of `indices` of `lines` as ``stroke(lines:of:on:at:width:color:)``
    /// does with the text's `stroke` (nothing without one), its colour in `colorSpace` under
    /// the context's `alpha`.
    package func stroke(
        lines indices: Range<Int>, of lines: [Line], on cr: OpaquePointer, at origin: CGPoint,
        as stroke: (width: CGFloat, color: CGColor)?, in colorSpace: CGColorSpace?, alpha: CGFloat
    ) {
        guard let stroke, let c = stroke.color.rgba(in: colorSpace) else { return }
        let alpha = Double(alpha.isFinite ? alpha : 0)
        self.stroke(
            lines: indices, of: lines, on: cr, at: origin, width: stroke.width, color: (c.red, c.green, c.blue, c.alpha * alpha))
    }
}
