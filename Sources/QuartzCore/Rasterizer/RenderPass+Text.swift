import CCairo
import CoreText
import CoreGraphics

extension RenderPass {
    /// Draws a ``CATextLayer``'s text from the top-left of `bounds` (layer coordinates,
    /// mapped by `a`), clipped to the bounds, its lines stacked as a Core Text frame's are
    /// (the fonts' leading below each). Glyph outlines are filled at the device
    /// transform, so text is as sharp as the target's pixels. The layout is made here, on
    /// this pass's context, and freed before returning: nothing is shared with passes on
    /// other threads.
    func drawText(_ text: CARenderText, in bounds: CGRect, toDevice a: CGAffineTransform, alpha: CGFloat) {
        guard text.isVisible, !bounds.isEmpty, Self.isFinite(bounds) else { return }
        inLayerSpace(a) {
            cairo_rectangle(cr, Double(bounds.minX), Double(bounds.minY), Double(bounds.width), Double(bounds.height))
            cairo_clip(cr)
            guard let layout = text.layout(on: cr, in: bounds.size, alpha: alpha, colorSpace: colorSpace) else { return }
            let lines = layout.linesStackedWithLeading(of: text.styleRuns).lines
            layout.show(lines: lines.indices, of: lines, on: cr, at: bounds.origin)
            layout.stroke(
                lines: lines.indices, of: lines, on: cr, at: bounds.origin, as: text.stroke.map { ($0.width, $0.color) },
                in: colorSpace, alpha: alpha)
        }
    }
}
