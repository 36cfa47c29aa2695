import CCairo
import CPixman

/// What a shadow image is drawn from, and so what it can be reused for: the outline (a
/// `shadowPath`, or a background's rounded bounds) filled with an opacity, drawn through the
/// linear part of a placement (no translation), blurred with a standard deviation in pixels.
/// Nothing about where the layer is: every layer with the same outline at the same scale
/// shares one image.
struct ShadowShape: Hashable, Sendable {
    /// The outline, in the layer's bounds coordinates.
    enum Outline: Equatable, Sendable {
        case path(CARenderPath)
        case roundedRect(CGRect, radius: CGFloat, corners: CACornerMask, continuous: Bool)
    }

    var outline: Outline
    /// The opacity the outline is filled with (the body's alpha the shadow is cast from).
    var fillAlpha: CGFloat
    /// Layer coordinates → the image's pixels, less the image's origin.
    var raster: CGAffineTransform
    /// The blur's standard deviation, in the image's pixels.
    var sigma: Double

    /// The outline's control-point box, in layer coordinates.
    var outlineBox: CGRect {
        switch outline {
        case .path(let path): path.controlPointBounds
        case .roundedRect(let rect, _, _, _): rect
        }
    }

    static func == (l: ShadowShape, r: ShadowShape) -> Bool {
        l.fillAlpha == r.fillAlpha && l.raster == r.raster && l.sigma == r.sigma && l.outline == r.outline
    }

    func hash(into hasher: inout Hasher) {
        // The box and sizes only: equal outlines give equal boxes, and few shapes are kept.
        let box = outlineBox
        hasher.combine(box.minX)
        hasher.combine(box.minY)
        hasher.combine(box.width)
        hasher.combine(box.height)
        hasher.combine(fillAlpha)
        hasher.combine(sigma)
        hasher.combine(raster.a)
        hasher.combine(raster.d)
    }
}

/// The blurred coverage of a ``ShadowShape``: an 8-bit alpha image drawn once (the outline
/// filled by cairo, blurred as the render pass blurs a shadow) and composited wherever a
/// layer with that shape casts its shadow, in the shadow's colour.
final class ShadowImage: @unchecked Sendable {
    // Immutable once made: its pixels are written by the initializer only, then only read.
    /// The pixman image (8-bit alpha, owns its pixels).
    let image: OpaquePointer
    /// Where its pixel (0, 0) is in the shape's ``ShadowShape/raster`` coordinates.
    let originX: Int
    let originY: Int
    let width: Int32
    let height: Int32

    /// The largest side drawn; larger shadows stay with the render pass.
    static let maximumSide = 4096

    /// Draws the image of `shape`, blurred as far as `reach` pixels; nil when it would be
    /// larger than ``maximumSide`` or cannot be allocated.
    init?(_ shape: ShadowShape, reach: Double) {
        let box = shape.outlineBox.applying(shape.raster)
        guard RenderPass.isFinite(box), reach.isFinite, reach >= 0 else { return nil }
        // The outline's pixels with a pixel of antialiasing on each side.
        let limit = Double(Self.maximumSide)
        let x0 = Double(box.minX.rounded(.down)) - 1, y0 = Double(box.minY.rounded(.down)) - 1
        let x1 = Double(box.maxX.rounded(.up)) + 1, y1 = Double(box.maxY.rounded(.up)) + 1
        guard abs(x0) < 0x2000_0000, abs(y0) < 0x2000_0000, x1 - x0 + 2 * reach <= limit, y1 - y0 + 2 * reach <= limit else {
            return nil
        }
        let (bodyWidth, bodyHeight, pad) = (Int(x1 - x0), Int(y1 - y0), Int(reach))
        guard bodyWidth > 0, bodyHeight > 0 else { return nil }
        let body = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bodyWidth), Int32(bodyHeight))
        defer { cairo_surface_destroy(body) }
        guard cairo_surface_status(body) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(body) else { return nil }
        cairo_surface_set_device_offset(body, -x0, -y0)
        let pass = RenderPass(cr: cr)
        switch shape.outline {
        case .path(let path):
            pass.addPath(path, toDevice: shape.raster)
        case .roundedRect(let rect, let radius, let corners, let continuous):
            cairo_new_path(cr)
            pass.addShape(rect, radius: radius, corners: corners, continuous: continuous, toDevice: shape.raster)
        }
        cairo_set_source_rgba(cr, 0, 0, 0, Double(shape.fillAlpha))
        cairo_fill(cr)
        cairo_destroy(cr)
        cairo_surface_flush(body)
        guard let data = cairo_image_surface_get_data(body) else { return nil }
        let (width, height) = (Int32(bodyWidth + 2 * pad), Int32(bodyHeight + 2 * pad))
        guard let image = pixman_image_create_bits(PIXMAN_a8, width, height, nil, 0), let bits = pixman_image_get_data(image)
        else { return nil }
        ShadowBlur.blurredAlpha(
            of: data, width: bodyWidth, height: bodyHeight, stride: Int(cairo_image_surface_get_stride(body)), pad: pad,
            sigma: shape.sigma, into: UnsafeMutableRawPointer(bits).assumingMemoryBound(to: UInt8.self),
            maskStride: Int(pixman_image_get_stride(image)))
        self.image = image
        originX = Int(x0) - pad
        originY = Int(y0) - pad
        self.width = width
        self.height = height
        pixmanValidate(image)
    }

    deinit { pixman_image_unref(image) }

    /// Bytes of pixel memory held.
    var byteCount: Int { Int(pixman_image_get_stride(image)) * Int(height) }
}
