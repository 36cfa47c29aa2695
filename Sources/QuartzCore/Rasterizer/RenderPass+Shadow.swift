import CCairo

extension RenderPass {
    /// The Gaussian blur of a shadow of `radius` points drawn through `a`: its standard
    /// deviation in device pixels and how far it reaches (3σ + 1, whole pixels); nil when it
    /// reaches farther than any buffer (such a shadow is not drawn).
    static func shadowBlur(radius: CGFloat, toDevice a: CGAffineTransform) -> (sigma: Double, reach: Double)? {
        let deviceScale = abs(a.a * a.d - a.b * a.c).squareRoot()
        let sigma = Double(max(radius, 0) * deviceScale)
        let reach = sigma > 0 ? (3 * sigma).rounded(.up) + 1 : 0
        guard reach.isFinite, reach <= 32767 else { return nil }
        return (sigma, reach)
    }

    /// Draws the shadow of a layer whose body was drawn into the group `body`: the body's
    /// alpha, blurred (Gaussian, sigma = `shadowRadius` points), offset by `shadowOffset`
    /// (layer coordinates), filled with the shadow colour at `alpha`.
    func drawShadow(
        of body: OpaquePointer?, layer: CARenderLayer, toDevice a: CGAffineTransform,
        red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat
    ) {
        var surfacePointer: OpaquePointer?
        guard cairo_pattern_get_surface(body, &surfacePointer) == CAIRO_STATUS_SUCCESS,
            let surface = surfacePointer, cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE
        else { return }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else { return }
        var offsetX = 0.0
        var offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)

        // A blur wider than any buffer (shadowRadius up to 1e300, or a huge device scale)
        // spreads the shadow to nothing visible: it is skipped, before any Int conversion.
        guard let (sigma, reach) = Self.shadowBlur(radius: layer.shadowRadius, toDevice: a) else { return }
        let pad = Int(reach)
        let shadowWidth = width + 2 * pad
        let shadowHeight = height + 2 * pad
        guard shadowWidth <= 32767, shadowHeight <= 32767 else { return }
        guard
            let maskSurface = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(shadowWidth), Int32(shadowHeight)),
                "creating a \(shadowWidth)×\(shadowHeight) shadow mask", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return }
        defer { cairo_surface_destroy(maskSurface) }
        guard let maskData = cairo_image_surface_get_data(maskSurface) else { return }
        ShadowBlur.blurredAlpha(
            of: data, width: width, height: height, stride: stride, pad: pad, sigma: sigma, into: maskData,
            maskStride: Int(cairo_image_surface_get_stride(maskSurface)))
        cairo_surface_mark_dirty(maskSurface)
        let offset = CGSize(width: layer.shadowOffset.width, height: layer.shadowOffset.height).applying(a)
        cairo_set_source_rgba(cr, Double(red), Double(green), Double(blue), Double(alpha))
        cairo_mask_surface(
            cr, maskSurface, -offsetX - Double(pad) + Double(offset.width), -offsetY - Double(pad) + Double(offset.height))
    }
}

/// A Gaussian blur approximated by three box blurs per axis.
enum ShadowBlur {
    /// Writes the alpha of `data` (premultiplied ARGB32, `width × height`, `stride` bytes a
    /// row), `pad` pixels of nothing added on every side and blurred with `sigma`, into
    /// `mask` (8-bit alpha, `width + 2 pad` × `height + 2 pad`, `maskStride` bytes a row),
    /// each value rounded to the nearest of 255 steps.
    static func blurredAlpha(
        of data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, pad: Int, sigma: Double,
        into mask: UnsafeMutablePointer<UInt8>, maskStride: Int
    ) {
        let shadowWidth = width + 2 * pad
        let shadowHeight = height + 2 * pad
        var coverage = [Float](repeating: 0, count: shadowWidth * shadowHeight)
        for y in 0..<height {
            let row = data + y * stride
            for x in 0..<width {
                coverage[(y + pad) * shadowWidth + x + pad] = Float(row[x * 4 + 3]) / 255
            }
        }
        if sigma > 0 {
            blur(&coverage, width: shadowWidth, height: shadowHeight, sigma: sigma)
        }
        for y in 0..<shadowHeight {
            let row = mask + y * maskStride
            for x in 0..<shadowWidth {
                row[x] = UInt8(min(max(coverage[y * shadowWidth + x] * 255, 0), 255).rounded())
            }
        }
    }

    /// Blurs `values` (`width × height`, row-major) in place.
    static func blur(_ values: inout [Float], width: Int, height: Int, sigma: Double) {
        let radii = boxRadii(sigma: sigma)
        var scratch = [Float](repeating: 0, count: max(width, height))
        for radius in radii where radius > 0 {
            for y in 0..<height {
                boxPass(&values, start: y * width, step: 1, count: width, radius: radius, scratch: &scratch)
            }
            for x in 0..<width {
                boxPass(&values, start: x, step: width, count: height, radius: radius, scratch: &scratch)
            }
        }
    }

    /// Radii of three box blurs whose combined variance is `sigma²` (those of a filter's
    /// blur; a radius of 0 blurs nothing and is left out).
    static func boxRadii(sigma: Double) -> [Int] { CIBoxBlur.radii(sigma: sigma) }

    /// One running-sum box blur of `count` values `step` apart, zero outside.
    private static func boxPass(
        _ values: inout [Float], start: Int, step: Int, count: Int, radius: Int, scratch: inout [Float]
    ) {
        let scale = 1 / Float(2 * radius + 1)
        var sum: Float = 0
        for i in 0..<min(radius, count) {
            sum += values[start + i * step]
        }
        for i in 0..<count {
            let entering = i + radius
            if entering < count { sum += values[start + entering * step] }
            scratch[i] = sum * scale
            let leaving = i - radius
            if leaving >= 0 { sum -= values[start + leaving * step] }
        }
        for i in 0..<count {
            values[start + i * step] = scratch[i]
        }
    }
}
