import CCompositor
import CPixman
import CoreGraphics

/// A group image combined with what is below it by one of Lamina's own compositing formulas
/// (the compositing filters pixman has no operator for: plus-darker, Core Image's subtract,
/// divide, linear burn …), a pixel at a time by the compositor's C loop.
enum FormulaComposite {
    /// Combines the rectangle of `image` (premultiplied ARGB32, no transform) at `sourceX`,
    /// `sourceY` with `rect` of `target` by `formula`, the image multiplied by `alpha`.
    /// Writes nothing where the rectangle reaches outside either image.
    static func composite(
        _ image: OpaquePointer, known: lamina_source_image? = nil, sourceX: Int32, sourceY: Int32,
        into target: lamina_target_image, rect: PixelRect, alpha: CGFloat, formula: CompositingFormula
    ) {
        guard let source = known ?? lamina_source_image(pixmanImage: image) else { return }
        _ = lamina_composite_formula(
            source, sourceX, sourceY, target, rect.x0, rect.y0, rect.width, rect.height, OpacityMasks.maskAlpha8(alpha),
            formula.rawValue)
    }

    /// Combines `image` seen through its own transform (pixman's source transform and filter,
    /// device pixels to image pixels) with `rect` of `target` by `formula`: the image is first
    /// resampled into a scratch image the size of `rect`.
    static func composite(
        transformed image: OpaquePointer, into target: lamina_target_image, rect: PixelRect, alpha: CGFloat,
        formula: CompositingFormula
    ) {
        guard !rect.isEmpty, let scratch = pixman_image_create_bits(PIXMAN_a8r8g8b8, rect.width, rect.height, nil, 0)
        else { return }
        defer { pixman_image_unref(scratch) }
        pixman_image_composite32(
            PIXMAN_OP_SRC, image, nil, scratch, rect.x0, rect.y0, 0, 0, 0, 0, rect.width, rect.height)
        composite(
            scratch, sourceX: 0, sourceY: 0, into: target, rect: rect, alpha: alpha, formula: formula)
    }
}
