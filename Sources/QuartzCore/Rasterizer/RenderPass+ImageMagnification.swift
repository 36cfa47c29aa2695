import CCairo
import CPixman
import CoreGraphics

extension RenderPass {
    /// How a pass magnifies contents images drawn with the linear filter.
    enum ImageMagnification: Sendable {
        /// Bilinear interpolation, as a GPU samples a texture: what windows show.
        case bilinear
        /// Bilinear interpolation between the two nearest pixels across and down, the
        /// position between them eased toward the nearer one (``easedWeight(_:)``): what
        /// Apple's `render(in:)` draws. Measured on Apple's renders of real Core Animation
        /// code, a 442 × 440 image drawn at twice its size matches this at 100% of pixels and
        /// plain bilinear at 92%; a JPEG drawn at 1.68 times its size at 98.7% (bilinear 92.8%).
        case eased
    }

    /// The weight of the farther of two pixels for a sample `f` of the way from the nearer
    /// one (`0...1`): `f^p / (f^p + (1 − f)^p)`, with `p` 1.85 fitted to Apple's renders
    /// (bilinear's is `f`). Symmetric about ½, 0 and 1 at the pixels.
    static func easedWeight(_ f: Double) -> Double {
        let near = pow(1 - f, 1.85), far = pow(f, 1.85)
        return far / (far + near)
    }

    /// Pixman's separable convolution parameters for ``ImageMagnification/eased``: two taps
    /// across and down, for each of 256 sub-pixel phases the eased weights of the two pixels
    /// around the phase's centre.
    static let easedMagnificationParameters: [pixman_fixed_t] = {
        let phaseBits = 8
        var parameters: [pixman_fixed_t] = [2 << 16, 2 << 16, pixman_fixed_t(phaseBits << 16), pixman_fixed_t(phaseBits << 16)]
        var phases: [pixman_fixed_t] = []
        for phase in 0..<(1 << phaseBits) {
            // Pixman rounds a sample to its phase's centre, then takes the pixel whose centre is
            // at or before the sample and the next one.
            let position = (Double(phase) + 0.5) / Double(1 << phaseBits)
            let f = position >= 0.5 ? position - 0.5 : position + 0.5
            let far = pixman_fixed_t((easedWeight(f) * 65536).rounded())
            phases += [65536 - far, far]
        }
        return parameters + phases + phases
    }()

    /// Draws the image `surface` through `deviceToImage` where the current clip lets it, eased
    /// (``ImageMagnification/eased``): magnified into an intermediate image over the clip's
    /// device box, then painted there with `alpha`. False (nothing drawn) when the image's
    /// format or the box's size does not allow it; the caller then draws bilinear.
    func drawEasedMagnification(_ surface: OpaquePointer?, deviceToImage: CGAffineTransform, alpha: CGFloat) -> Bool {
        guard let surface, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
            let sourceData = cairo_image_surface_get_data(surface)
        else { return false }
        let format: pixman_format_code_t
        switch cairo_image_surface_get_format(surface) {
        case CAIRO_FORMAT_ARGB32: format = PIXMAN_a8r8g8b8
        case CAIRO_FORMAT_RGB24: format = PIXMAN_x8r8g8b8
        default: return false
        }
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return false }
        let left = Int(x0.rounded(.down)), top = Int(y0.rounded(.down))
        let width = Int(x1.rounded(.up)) - left, height = Int(y1.rounded(.up)) - top
        guard width > 0, height > 0 else { return true }  // clipped away
        guard width <= 1 << 15, height <= 1 << 15, width * height <= 1 << 26 else { return false }

        guard let intermediate = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return false }
        defer { cairo_surface_destroy(intermediate) }
        guard cairo_surface_status(intermediate) == CAIRO_STATUS_SUCCESS,
            let intermediateData = cairo_image_surface_get_data(intermediate)
        else { return false }
        cairo_surface_flush(surface)
        guard
            let source = pixman_image_create_bits(
                format, cairo_image_surface_get_width(surface), cairo_image_surface_get_height(surface),
                UnsafeMutableRawPointer(sourceData).assumingMemoryBound(to: UInt32.self),
                cairo_image_surface_get_stride(surface)),
            let destination = pixman_image_create_bits(
                PIXMAN_a8r8g8b8, Int32(width), Int32(height),
                UnsafeMutableRawPointer(intermediateData).assumingMemoryBound(to: UInt32.self),
                cairo_image_surface_get_stride(intermediate))
        else { return false }
        defer {
            pixman_image_unref(source)
            pixman_image_unref(destination)
        }
        // Intermediate pixel → device (offset by the box) → image pixel.
        let m = CGAffineTransform(translationX: CGFloat(left), y: CGFloat(top)).concatenating(deviceToImage)
        var floating = pixman_f_transform(
            m: ((Double(m.a), Double(m.c), Double(m.tx)), (Double(m.b), Double(m.d), Double(m.ty)), (0, 0, 1)))
        var fixed = pixman_transform()
        guard pixman_transform_from_pixman_f_transform(&fixed, &floating) != 0 else { return false }
        pixman_image_set_transform(source, &fixed)
        let parameters = Self.easedMagnificationParameters
        guard parameters.withUnsafeBufferPointer({
            pixman_image_set_filter(source, PIXMAN_FILTER_SEPARABLE_CONVOLUTION, $0.baseAddress, Int32($0.count)) != 0
        }) else { return false }
        pixman_image_set_repeat(source, PIXMAN_REPEAT_PAD)
        pixman_image_composite32(PIXMAN_OP_SRC, source, nil, destination, 0, 0, 0, 0, 0, 0, Int32(width), Int32(height))
        cairo_surface_mark_dirty(intermediate)

        cairo_set_source_surface(cr, intermediate, Double(left), Double(top))
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_paint_with_alpha(cr, Double(alpha))
        return true
    }
}
