import CCairo
import CCompositor
import CPixman

/// One layer's appearance rasterised once at a device transform: premultiplied ARGB pixels
/// composited by pixman each frame — at whole-pixel positions while the layer is placed as
/// it was drawn, resampled through a transform and faded by a constant mask while it moves,
/// scales, rotates or fades — until its appearance changes.
final class LayerBitmap: @unchecked Sendable {
    // Immutable once made: its pixels are written by the initializer only, then only read.
    /// Width and height in pixels (of ``inked``).
    let width: Int32, height: Int32
    /// The pixman image (owns its pixels): the ``inked`` pixels only.
    let image: OpaquePointer
    /// Where the pixels that are not fully transparent are in the box the layer was drawn
    /// into: only they are kept (the antialiasing margin drawn around a body is often left
    /// empty), in an image of their own (rows start aligned, and less memory is read).
    let inked: PixelRect
    /// Maps the layer's points to the pixels of the box it was drawn into (before ``inked``
    /// was cut out): how the bitmap is placed under any later device transform.
    let layerToBitmap: CGAffineTransform
    /// The opacity drawn into the pixels (1 when opacity is left to the compositing mask).
    let bakedAlpha: CGFloat
    /// Whether every pixel kept is fully opaque: composited alone (mask 1) it hides what is
    /// behind it in its box.
    let isOpaque: Bool
    /// A rectangle of its pixels (in ``image``) that are all fully opaque: what it hides of
    /// the target when composited without a mask (all of it when ``isOpaque``; may be empty).
    let opaqueRect: PixelRect
    /// ``image``'s pixels as Lamina's own loops read them (kept, so that compositing reads
    /// them without going through the pixman image).
    let source: lamina_source_image?
    /// Bytes of pixel memory held (kept: read for every bitmap the cache drops or replaces).
    let byteCount: Int

    /// Rasterises `layer` (a snapshot without sublayers) as `RenderPass.drawComposited`
    /// draws it into a target at `toDevice` with `alpha`, keeping the pixels inside `box`
    /// (target pixels).
    /// Nil when the pixels cannot be allocated.
    init?(drawing layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat, box: PixelRect) {
        guard !box.isEmpty,
            let image = pixman_image_create_bits(PIXMAN_a8r8g8b8, box.width, box.height, nil, 0),
            let bits = pixman_image_get_data(image)
        else { return nil }
        let stride = pixman_image_get_stride(image)
        guard
            let surface = CairoError.surface(
                cairo_image_surface_create_for_data(
                    UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    box.width, box.height, stride),
                "wrapping a \(box.width)×\(box.height) layer bitmap", reportingTo: CALayer.diagnoseDrawingFailure)
        else {
            pixman_image_unref(image)
            return nil
        }
        defer { cairo_surface_destroy(surface) }
        guard
            let cr = CairoError.context(
                cairo_create(surface), "creating a context for a layer bitmap", reportingTo: CALayer.diagnoseDrawingFailure)
        else {
            pixman_image_unref(image)
            return nil
        }
        defer { cairo_destroy(cr) }
        // Whole-pixel translation: the pixels are exactly those the target would get.
        let shifted = a.concatenating(CGAffineTransform(translationX: -CGFloat(box.x0), y: -CGFloat(box.y0)))
        RenderPass(cr: cr).drawComposited(layer, toDevice: shifted, alpha: alpha)
        cairo_surface_flush(surface)
        let inked = Self.inkedRect(bits, width: Int(box.width), height: Int(box.height), stride: Int(stride))
        isOpaque = !inked.isEmpty && Self.isOpaque(bits, in: inked, stride: Int(stride))
        opaqueRect =
            isOpaque
            ? PixelRect(x0: 0, y0: 0, x1: inked.width, y1: inked.height)
            : inked.isEmpty
                ? .empty
                : OpaqueInterior.rect(
                    in: bits + Int(inked.y0) * Int(stride) / 4 + Int(inked.x0), width: Int(inked.width),
                    height: Int(inked.height), stride: Int(stride))
        var kept = image
        if inked != PixelRect(x0: 0, y0: 0, x1: box.width, y1: box.height) {
            // An empty bitmap keeps one pixel (pixman needs a size); it is never composited.
            let side = (inked.isEmpty ? 1 : inked.width, inked.isEmpty ? 1 : inked.height)
            guard let cropped = pixman_image_create_bits(PIXMAN_a8r8g8b8, side.0, side.1, nil, 0) else {
                pixman_image_unref(image)
                return nil
            }
            if !inked.isEmpty {
                pixman_image_composite32(
                    PIXMAN_OP_SRC, image, nil, cropped, inked.x0, inked.y0, 0, 0, 0, 0, inked.width, inked.height)
            }
            pixman_image_unref(image)
            kept = cropped
        }
        self.image = kept
        self.inked = inked
        layerToBitmap = shifted
        bakedAlpha = alpha
        width = pixman_image_get_width(kept)
        height = pixman_image_get_height(kept)
        source = lamina_source_image(pixmanImage: kept)
        byteCount = Int(pixman_image_get_stride(kept)) * Int(height)
        pixmanValidate(kept)
    }

    /// The smallest rectangle holding every pixel that is not fully transparent (alpha 0
    /// in premultiplied ARGB means the pixel is 0); empty when there is none.
    private static func inkedRect(_ bits: UnsafeMutablePointer<UInt32>, width: Int, height: Int, stride: Int) -> PixelRect {
        var rect: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let found = withUnsafeMutablePointer(to: &rect) {
            $0.withMemoryRebound(to: Int32.self, capacity: 4) {
                lamina_inked_rect(bits, Int32(width), Int32(height), Int32(stride), $0)
            }
        }
        return found ? PixelRect(x0: rect.0, y0: rect.1, x1: rect.2, y1: rect.3) : .empty
    }

    /// Whether every pixel of `rect` has alpha 255.
    private static func isOpaque(_ bits: UnsafeMutablePointer<UInt32>, in rect: PixelRect, stride: Int) -> Bool {
        let wordsPerRow = stride / 4
        for y in Int(rect.y0)..<Int(rect.y1) {
            let row = UnsafeBufferPointer(start: bits + y * wordsPerRow + Int(rect.x0), count: Int(rect.width))
            if row.contains(where: { $0 >> 24 != 0xFF }) { return false }
        }
        return true
    }

    deinit { pixman_image_unref(image) }

    /// `deviceToBitmap` (device pixels → pixels of the box the layer was drawn into) carried
    /// on into the image, which keeps the inked pixels only.
    func deviceToImage(_ deviceToBitmap: CGAffineTransform) -> CGAffineTransform {
        deviceToBitmap.concatenating(CGAffineTransform(translationX: -CGFloat(inked.x0), y: -CGFloat(inked.y0)))
    }
}

/// A cached image seen through an affine transform (a rotated or skewed layer's bitmap,
/// or a bitmap or group image while its layer moves, scales or rotates): a pixman image
/// sharing the cached pixels, with the device-to-image transform and bilinear filtering
/// set, made by the thread that composites it (pixman updates an image's cached state when
/// it is used).
final class TransformedImage {
    /// The image composited (its own transform; the pixels are the cached image's, which
    /// the caller keeps alive while this is used).
    let image: OpaquePointer

    /// `pixels` (a pixman image) seen through `deviceToImage` (device pixels → its pixels).
    init?(_ pixels: OpaquePointer, deviceToImage t: CGAffineTransform) {
        guard let bits = pixman_image_get_data(pixels),
            let image = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, pixman_image_get_width(pixels), pixman_image_get_height(pixels), bits,
                pixman_image_get_stride(pixels))
        else { return nil }
        guard var fixed = t.pixmanFixed, pixman_image_set_transform(image, &fixed) != 0
        else {
            pixman_image_unref(image)
            return nil
        }
        _ = pixman_image_set_filter(image, PIXMAN_FILTER_BILINEAR, nil, 0)
        self.image = image
    }

    /// `bitmap` seen through `deviceToBitmap` (device pixels → pixels of the box it was
    /// drawn into; the bitmap keeps its inked pixels only).
    convenience init?(_ bitmap: LayerBitmap, deviceToBitmap t: CGAffineTransform) {
        self.init(bitmap.image, deviceToImage: bitmap.deviceToImage(t))
    }

    /// Composites the image with OVER into `rect` of a target of premultiplied ARGB32
    /// pixels (`width` × `height`), through pixman's solid mask for `alpha`, as the painter
    /// composites a turned image with pixman.
    func compositeOver(
        into pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, rect: PixelRect, alpha: CGFloat
    ) {
        guard let destination = pixman_image_create_bits(
            PIXMAN_a8r8g8b8, Int32(width), Int32(height), pixels.assumingMemoryBound(to: UInt32.self), Int32(bytesPerRow))
        else { return }
        defer { pixman_image_unref(destination) }
        var masks = OpacityMasks()
        defer { masks.release() }
        pixman_image_composite32(
            PIXMAN_OP_OVER, image, masks.mask(alpha), destination, rect.x0, rect.y0, 0, 0, rect.x0, rect.y0, rect.width,
            rect.height)
    }

    deinit { pixman_image_unref(image) }
}

/// Makes pixman compute what it caches about `image` now, on this thread: compositing
/// validates a changed image first (a write), and the bands of a frame composite the same
/// images from several threads at once, which must then only read them.
func pixmanValidate(_ image: OpaquePointer) {
    var pixel: UInt32 = 0
    guard let scratch = pixman_image_create_bits(PIXMAN_a8r8g8b8, 1, 1, &pixel, 4) else { return }
    pixman_image_composite32(PIXMAN_OP_OVER, image, nil, scratch, 0, 0, 0, 0, 0, 0, 1, 1)
    pixman_image_unref(scratch)
}
