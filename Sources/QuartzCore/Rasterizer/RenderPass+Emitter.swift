import CCairo
import CoreGraphics

extension RenderPass {
    /// Draws an emitter layer's particles at the emitter's time, in its render mode's order:
    /// each its cell's contents centred on the particle, scaled, rotated, multiplied by the
    /// particle's colour (added to what is below with `.additive`).
    func drawParticles(of emitter: CARenderEmitter, toDevice a: CGAffineTransform, alpha: CGFloat) {
        let particles = emitter.particles
        guard !particles.isEmpty else { return }
        let additive = emitter.renderMode == .additive
        // One cairo surface per cell image, made when first needed.
        var surfaces: [Int: OpaquePointer] = [:]
        defer { for surface in surfaces.values { cairo_surface_destroy(surface) } }
        let deviceScale = Double(a.longerAxisStretch)
        for particle in particles {
            let cell = emitter.drawnCells[particle.cell]
            guard let image = cell.contents, let source = Self.particleSource(image, cell) else { continue }
            let surface: OpaquePointer
            if let made = surfaces[particle.cell] {
                surface = made
            } else {
                guard let made = Self.surface(of: image, cropping: source) else { continue }
                surfaces[particle.cell] = made
                surface = made
            }
            let (red, green, blue, particleAlpha) = particle.color
            let tinted = red < 1 || green < 1 || blue < 1
            let drawn = tinted ? Self.tinted(surface, red: red, green: green, blue: blue) : surface
            guard let drawn else { continue }
            defer { if tinted { cairo_surface_destroy(drawn) } }
            let factor = particle.scale / cell.contentsScale
            cairo_save(cr)
            setMatrix(a)
            cairo_translate(cr, Double(particle.position.x), Double(particle.position.y))
            cairo_rotate(cr, particle.angle)
            cairo_scale(cr, factor, factor)
            let (w, h) = (Double(source.width), Double(source.height))
            cairo_new_path(cr)
            cairo_rectangle(cr, -w / 2, -h / 2, w, h)
            cairo_clip(cr)
            cairo_set_source_surface(cr, drawn, -w / 2, -h / 2)
            let magnifying = factor * deviceScale >= 1
            let filter = magnifying ? cell.magnificationFilter : cell.minificationFilter
            cairo_pattern_set_filter(cairo_get_source(cr), Self.cairoFilter(filter, shrink: 1 / (factor * deviceScale)))
            if additive { cairo_set_operator(cr, CAIRO_OPERATOR_ADD) }
            cairo_paint_with_alpha(cr, particleAlpha * Double(alpha))
            cairo_restore(cr)
        }
        cairo_new_path(cr)
    }

    /// The pixels of `image` a particle of `cell` draws (its contents rect), in whole
    /// pixels; nil when empty.
    static func particleSource(_ image: CGImage, _ cell: CARenderEmitter.Cell) -> (x: Int, y: Int, width: Int, height: Int)? {
        let unit = cell.contentsRect.standardized
        let (w, h) = (Double(image.width), Double(image.height))
        let x0 = min(max((Double(unit.minX) * w).rounded(), 0), w), x1 = min(max((Double(unit.maxX) * w).rounded(), 0), w)
        let y0 = min(max((Double(unit.minY) * h).rounded(), 0), h), y1 = min(max((Double(unit.maxY) * h).rounded(), 0), h)
        guard x1 > x0, y1 > y0 else { return nil }
        return (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
    }

    /// A new ARGB32 surface holding the `source` pixels of `image`.
    private static func surface(of image: CGImage, cropping source: (x: Int, y: Int, width: Int, height: Int)) -> OpaquePointer? {
        guard
            let copy = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(source.width), Int32(source.height)),
                "creating a \(source.width)×\(source.height) particle image", reportingTo: CALayer.diagnoseDrawingFailure),
            let data = cairo_image_surface_get_data(copy)
        else { return nil }
        let stride = Int(cairo_image_surface_get_stride(copy))
        image.withUnsafePixelBytes { bytes in
            let end = (source.y + source.height - 1) * image.bytesPerRow + (source.x + source.width) * 4
            guard let base = bytes.baseAddress, end <= bytes.count else { return }
            for row in 0..<source.height {
                let from = base + (source.y + row) * image.bytesPerRow + source.x * 4
                UnsafeMutableRawPointer(data + row * stride).copyMemory(from: from, byteCount: source.width * 4)
            }
        }
        cairo_surface_mark_dirty(copy)
        return copy
    }

    /// A new surface: `surface`'s pixels with their colour channels multiplied by `red`,
    /// `green` and `blue` (alpha unchanged).
    private static func tinted(_ surface: OpaquePointer, red: Double, green: Double, blue: Double) -> OpaquePointer? {
        let width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface)
        guard
            let copy = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
                "creating a \(width)×\(height) tinted particle image", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return nil }
        guard let to = cairo_image_surface_get_data(copy), let from = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(copy)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(copy)), fromStride = Int(cairo_image_surface_get_stride(surface))
        // Native-endian ARGB words: blue, green, red, alpha from the low byte up; factors in 1/256.
        let r = UInt32((red * 256).rounded()), g = UInt32((green * 256).rounded()), b = UInt32((blue * 256).rounded())
        for y in 0..<Int(height) {
            let source = (from + y * fromStride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { $0 }
            let target = (to + y * stride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { $0 }
            for x in 0..<Int(width) {
                let p = source[x]
                let nb = ((p & 0xFF) * b) >> 8
                let ng = (((p >> 8) & 0xFF) * g) >> 8
                let nr = (((p >> 16) & 0xFF) * r) >> 8
                target[x] = (p & 0xFF00_0000) | nr << 16 | ng << 8 | nb
            }
        }
        cairo_surface_mark_dirty(copy)
        return copy
    }
}

extension CARenderEmitter {
    /// The box the particles at ``time`` cover, in the layer's coordinates; nil when none
    /// is drawn.
    var particleBounds: CGRect? {
        var box: CGRect?
        for particle in particles {
            let cell = drawnCells[particle.cell]
            guard let image = cell.contents, let source = RenderPass.particleSource(image, cell) else { continue }
            // Any rotation stays within the circle through the corners.
            let reach = hypot(Double(source.width), Double(source.height)) / 2 * particle.scale / cell.contentsScale
            let rect = CGRect(
                x: Double(particle.position.x) - reach, y: Double(particle.position.y) - reach, width: 2 * reach,
                height: 2 * reach)
            box = box.map { $0.union(rect) } ?? rect
        }
        return box
    }
}
