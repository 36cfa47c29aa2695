import CCompositor
import CoreGraphics

/// A cached image composited with OVER at a whole-pixel offset, faded by a constant opacity
/// or not, eight pixels at a time by Lamina's own loop (`CCompositor`, AVX2): the step every
/// layer at rest, moved by whole pixels or fading takes each frame, which pixman does four
/// pixels at a time. The pixels are the same as pixman's.
///
/// The loop runs on x86-64 processors with AVX2 only; an optimised build prefers it there
/// (``isPreferred``). Otherwise, and for an image or rectangle the loop does not take, the
/// caller composites with pixman.
enum WholePixelComposite {
    /// Whether the loop runs on this processor.
    static let runsHere = lamina_compositor_has_wide_over()

    /// Whether the painter uses the loop by default: it runs here and was compiled with
    /// optimisation (unoptimised, it is slower than pixman).
    static let isPreferred = runsHere && lamina_compositor_is_optimized()

    /// Composites the rectangle of `image` (a pixman image of premultiplied ARGB32, without
    /// a transform) at `sourceX`, `sourceY` into `rect` of `target`, multiplied by `alpha`
    /// as pixman's solid mask of that opacity would be. `known` is the image's pixels as the
    /// loop reads them, when the caller keeps them (read from `image` otherwise). Returns
    /// false, having written nothing, when the loop does not take it: another format, a
    /// rectangle reaching outside either image, or a processor without AVX2.
    static func composite(
        _ image: OpaquePointer, known: lamina_source_image? = nil, sourceX: Int32, sourceY: Int32,
        into target: lamina_target_image, rect: PixelRect, alpha: CGFloat
    ) -> Bool {
        guard let source = known ?? lamina_source_image(pixmanImage: image) else { return false }
        return lamina_composite_over(
            source, sourceX, sourceY, target, rect.x0, rect.y0, rect.width, rect.height, OpacityMasks.maskAlpha8(alpha))
    }
}
