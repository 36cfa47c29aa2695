import CCompositor
import CPixman

/// The shadow of a layer whose shadow is a known outline — its `shadowPath`, or without one
/// the rounded bounds of a layer drawing only its background — composited from a cached
/// ``ShadowImage`` (the outline's blurred coverage, shared by every layer of that shape and
/// scale) in the shadow's colour, wherever the layer is.
///
/// At whole-pixel positions the pixels are the render pass's: the same outline filled by
/// cairo, blurred by the same box blurs, rounded to the same 8-bit mask and composited
/// alike. At sub-pixel positions the image, drawn at whole pixels, is resampled (bilinear)
/// to the shadow's place, where the render pass fills the outline at that sub-pixel position
/// and then blurs it: a blurred image is smooth, so the two differ by the resampling of a
/// smooth function (at a shadow opacity of 1, within 2 levels of 8 bits for a blur of 2
/// pixels, 1 for 4 pixels; more for blurs under a pixel, where the image is nearly the sharp
/// outline). Layers turned or skewed keep
/// their shadows in their bitmaps or groups.
struct ShadowStep: Sendable {
    let image: ShadowImage
    /// Device pixels → the image's pixels.
    let deviceToImage: CGAffineTransform
    /// The shadow's colour with its opacity, premultiplied in 16 bits as cairo converts a
    /// source colour.
    let color: pixman_color_t
    /// The device pixels the outline covers where the layer is (the shadow unmoved by its
    /// offset), with a pixel of antialiasing: the render pass blurs only what its clip lets
    /// through of them, so the step stands for it only where its clip holds all of them.
    let outlineReach: PixelRect

    /// The step for `layer` placed by `a` with opacity `alpha` inside `clip`, drawing through
    /// `cache`; nil when its shadow is not a known outline, the layer's masks apply to it
    /// (`mask`, `masksToBounds`), or the clip cuts the outline (the render pass draws it then,
    /// with its body).
    init?(_ layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat, clip: PixelRect, cache: ShadowImageCache) {
        guard layer.castsShadow, layer.mask == nil, !layer.masksToBounds, layer.transition == nil, layer.contentsCrossFade == nil,
            !RenderPass.drawsFilteredGroup(layer), let shadowColor = layer.shadowColor?.rgba,
            let (sigma, reach) = RenderPass.shadowBlur(radius: layer.shadowRadius, toDevice: a)
        else { return nil }
        // As the render pass: a group's body is drawn without the opacity the group is
        // composited with.
        let bodyAlpha = layer.allowsGroupOpacity ? 1 : alpha
        let outline: ShadowShape.Outline
        let fillAlpha: CGFloat
        if let path = layer.shadowPath {
            outline = .path(path)
            fillAlpha = 1
        } else {
            // The body's alpha is its background's rounded bounds only when nothing else draws.
            let bounds = layer.bounds.standardized
            let hasBorder = layer.borderWidth > 0 && RenderPass.paints(layer.borderColor)
            guard layer.sublayers.isEmpty, layer.contents == nil, layer.shape == nil, layer.gradient == nil,
                layer.text == nil, layer.emitter == nil, layer.replicator == nil, !hasBorder, !bounds.isEmpty,
                let background = layer.backgroundColor?.rgba, background.alpha > 0
            else { return nil }
            outline = .roundedRect(
                bounds, radius: RenderPass.effectiveRadius(layer, bounds), corners: layer.maskedCorners,
                continuous: layer.hasContinuousCorners)
            fillAlpha = min(background.alpha, 1) * bodyAlpha
        }
        // Turned or skewed layers keep their shadows in their bitmaps or groups: resampling
        // the image through a turn a pixel at a time costs more than their resampled
        // bitmaps do (3.7 times the frame of the wobbling cards).
        guard a.b == 0, a.c == 0, a.a.isFinite, a.d.isFinite, a.tx.isFinite, a.ty.isFinite else { return nil }
        // The image is drawn at the placement's own scale.
        let raster = CGAffineTransform(a: a.a, b: 0, c: 0, d: a.d, tx: 0, ty: 0)
        let shape = ShadowShape(outline: outline, fillAlpha: fillAlpha, raster: raster, sigma: sigma)
        let outlineDevice = shape.outlineBox.applying(a)
        guard RenderPass.isFinite(outlineDevice) else { return nil }
        outlineReach = PixelRect(covering: outlineDevice, margin: 1, within: DisplayListBuilder.farLimit)
        guard clip.contains(outlineReach) else { return nil }
        guard let image = cache.image(for: shape, reach: reach),
            let rasterToLayer = raster.invertedIfPossible()
        else { return nil }
        // Image pixels → raster → layer → device, then moved by the shadow's offset.
        let offset = layer.shadowOffset.applying(a)
        let imageToDevice = CGAffineTransform(translationX: CGFloat(image.originX), y: CGFloat(image.originY))
            .concatenating(rasterToLayer).concatenating(a)
            .concatenating(CGAffineTransform(translationX: offset.width, y: offset.height))
        guard let deviceToImage = imageToDevice.invertedIfPossible() else { return nil }
        self.image = image
        self.deviceToImage = Self.snapped(deviceToImage)
        color = Self.sourceColor(shadowColor, alpha: CGFloat(layer.shadowOpacity) * alpha)
        guard color.alpha > 0 else { return nil }
    }

    /// `t` with a translation within a millionth of a pixel of whole pixels made whole (the
    /// inverse of a whole-pixel placement is whole up to rounding).
    private static func snapped(_ t: CGAffineTransform) -> CGAffineTransform {
        guard t.a == 1, t.b == 0, t.c == 0, t.d == 1 else { return t }
        var snapped = t
        if abs(t.tx - t.tx.rounded()) < 1e-6 { snapped.tx = t.tx.rounded() }
        if abs(t.ty - t.ty.rounded()) < 1e-6 { snapped.ty = t.ty.rounded() }
        return snapped
    }

    /// `color` with its alpha times `alpha`, premultiplied, each channel in 16 bits as
    /// cairo converts `cairo_set_source_rgba`'s colour.
    static func sourceColor(_ color: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat), alpha: CGFloat)
        -> pixman_color_t
    {
        func clamped(_ v: CGFloat) -> Double { v.isNaN ? 0 : min(max(Double(v), 0), 1) }
        let a = clamped(clamped(color.alpha) * clamped(alpha))
        func channel(_ v: Double) -> UInt16 { UInt16(v * 65535 + 0.5) }
        return pixman_color_t(
            red: channel(clamped(color.red) * a), green: channel(clamped(color.green) * a),
            blue: channel(clamped(color.blue) * a), alpha: channel(a))
    }

    /// The device pixels the shadow can change: its image's, where it lands.
    var box: PixelRect {
        let rect = CGRect(x: 0, y: 0, width: CGFloat(image.width), height: CGFloat(image.height))
        guard let imageToDevice = deviceToImage.invertedIfPossible() else { return .empty }
        if let (dx, dy) = deviceToImage.wholePixelTranslation {
            return PixelRect(x0: 0, y0: 0, x1: image.width, y1: image.height).offsetBy(dx: -dx, dy: -dy)
        }
        let mapped = rect.applying(imageToDevice)
        guard RenderPass.isFinite(mapped) else { return .empty }
        return PixelRect(covering: mapped, margin: 1, within: DisplayListBuilder.farLimit)
    }

    /// Whether both draw the same pixels.
    func drawsSame(as other: ShadowStep) -> Bool {
        image === other.image && deviceToImage == other.deviceToImage && color.red == other.color.red
            && color.green == other.color.green && color.blue == other.color.blue && color.alpha == other.color.alpha
    }

    /// Composites the shadow into `rects` of the frame: `target` is a band's pixman image of
    /// it, `loopTarget` the same pixels for Lamina's own loops. At whole pixels pixman
    /// composites it (its fast path, the render pass's pixels); resampled, Lamina's loop does
    /// (pixman would fetch the mask into a scanline and combine it through its general path).
    func composite(
        into target: OpaquePointer, loopTarget: lamina_target_image, rects: (_ body: (PixelRect) -> Void) -> Void
    ) {
        var color = color
        guard let source = pixman_image_create_solid_fill(&color) else { return }
        defer { pixman_image_unref(source) }
        if let (dx, dy) = deviceToImage.wholePixelTranslation {
            rects { r in
                pixman_image_composite32(
                    PIXMAN_OP_OVER, source, image.image, target, 0, 0, r.x0 + dx, r.y0 + dy, r.x0, r.y0, r.width, r.height)
            }
            return
        }
        // Moved by fractions of a pixel (the layer is not scaled relative to its image).
        let (tx, ty) = (deviceToImage.tx * 65536, deviceToImage.ty * 65536)
        guard deviceToImage.a == 1, deviceToImage.b == 0, deviceToImage.c == 0, deviceToImage.d == 1,
            abs(tx) < 0x7FFF_0000, abs(ty) < 0x7FFF_0000, let bits = pixman_image_get_data(image.image)
        else { return }
        let (dx, dy) = (Int32(tx.rounded()), Int32(ty.rounded()))
        let mask = UnsafeRawPointer(bits).assumingMemoryBound(to: UInt8.self)
        let stride = pixman_image_get_stride(image.image)
        // As pixman turns a 16-bit solid colour into 8 bits: the top 8 bits of each.
        let argb = UInt32(color.alpha >> 8) << 24 | UInt32(color.red >> 8) << 16 | UInt32(color.green >> 8) << 8
            | UInt32(color.blue >> 8)
        rects { r in
            _ = lamina_composite_solid_through_moved_mask(
                mask, image.width, image.height, stride, loopTarget, r.x0, r.y0, r.width, r.height, dx, dy, argb)
        }
    }
}
