import CCompositor
import CPixman
import CoreGraphics

/// A cached image composited with OVER through a turning (rotated or skewed) affine
/// transform, filtered bilinearly, in one pass of Lamina's own loop (`CCompositor`): pixman
/// has fast paths for whole-pixel offsets and for scales, but turns go through its general
/// path (a fetch into a scanline, then a combine), which a turning layer's frames spend most
/// of their time in. The pixels are the same as pixman's.
///
/// Used for a transform with a turn, in an optimised build of the loop (``isAvailable``: a
/// debug build's is slower than pixman); otherwise the caller composites with pixman.
struct ResampledComposite {
    /// The cached image (kept alive by the caller while this is used).
    private let image: OpaquePointer
    private let deviceToImage: CGAffineTransform
    private let source: lamina_source_image
    /// Device pixels to source pixels, 16.16, as pixman converts the transform.
    private let matrix: lamina_affine_fixed

    /// Whether the loop was compiled with optimisation.
    static let isAvailable = lamina_compositor_is_optimized()

    /// `image` (a pixman image of premultiplied ARGB32) seen through `deviceToImage`, when
    /// the transform turns it; `known` is its pixels as the loop reads them, when the
    /// caller keeps them.
    static func turning(
        _ image: OpaquePointer, known: lamina_source_image? = nil, deviceToImage t: CGAffineTransform
    ) -> ResampledComposite? {
        guard t.b != 0 || t.c != 0, let source = known ?? lamina_source_image(pixmanImage: image),
            let rows = t.pixmanFixed?.matrix
        else { return nil }
        return ResampledComposite(
            image: image, deviceToImage: t, source: source,
            matrix: lamina_affine_fixed(a: rows.0.0, b: rows.0.1, c: rows.0.2, d: rows.1.0, e: rows.1.1, f: rows.1.2))
    }

    /// Composites the image into `rect` of the target (premultiplied ARGB32, `width` ×
    /// `height`), multiplied by `alpha` as pixman's solid mask of that opacity would be.
    /// Sample positions past 16.16 fixed point (a layer scaled to nearly nothing) go
    /// through pixman.
    func composite(
        into pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, rect: PixelRect, alpha: CGFloat
    ) {
        let target = lamina_target_image(pixels, width: width, height: height, bytesPerRow: bytesPerRow)
        guard !lamina_composite_bilinear_affine_over(
            source, target, rect.x0, rect.y0, rect.width, rect.height, matrix, OpacityMasks.maskAlpha8(alpha))
        else { return }
        TransformedImage(image, deviceToImage: deviceToImage)?.compositeOver(
            into: pixels, width: width, height: height, bytesPerRow: bytesPerRow, rect: rect, alpha: alpha)
    }
}
