import CCairo
import CCompositor

/// Layer filters: ``CARenderLayer/filters`` applied to the layer's group (the layer and its
/// sublayers drawn into an image of their own, filtered, then composited),
/// ``CARenderLayer/compositingMode`` choosing the operator that group is composited with,
/// and ``CARenderLayer/backgroundFilters`` applied to what was drawn behind the layer within
/// its bounds (clipped by its rounded corners) before the layer is drawn.
extension RenderPass {
    /// Device pixels per layer point through `a` (the square root of its area scale).
    static func deviceScale(_ a: CGAffineTransform) -> Double {
        Double(abs(a.a * a.d - a.b * a.c).squareRoot())
    }

    /// How far, in device pixels, the layer's filters move colour (a blur's reach).
    static func filterReach(_ layer: CARenderLayer, toDevice a: CGAffineTransform) -> Int32 {
        let scale = deviceScale(a)
        let reach = layer.filters.reduce(0) { $0 + $1.reach(deviceScale: scale) }
        return Int32(clamping: reach)
    }

    /// The largest side of an image a filter is applied to; beyond it the layer is drawn
    /// unfiltered.
    static let maximumFilteredSide: Int32 = 16384

    /// Whether the layer is drawn through its own group for its filters or compositing mode.
    static func drawsFilteredGroup(_ layer: CARenderLayer) -> Bool {
        !layer.filters.isEmpty || layer.compositingMode != nil
    }

    /// Draws the layer (with its shadow, mask and sublayers) into an image covering what it
    /// can draw within the clip grown by the filters' reach, applies its filters, and
    /// composites the image with its compositing mode and opacity.
    func drawFilteredGroup(_ layer: CARenderLayer, toDevice a: CGAffineTransform, alpha: CGFloat) {
        var plain = layer
        plain.filters = []
        plain.compositingMode = nil
        plain.backgroundFilters = []
        let reach = Self.filterReach(layer, toDevice: a)
        let clipBox = currentClipBox().grown(by: reach)
        let box = DisplayListBuilder.subtreeBox(layer, toDevice: CAProjectiveTransform(a), within: clipBox) ?? clipBox
        guard !box.isEmpty else { return }
        guard box.width <= Self.maximumFilteredSide, box.height <= Self.maximumFilteredSide,
            let image = FilterImage(box)
        else { return drawComposited(plain, toDevice: a, alpha: alpha) }
        defer { image.release() }
        let groupAlpha = layer.allowsGroupOpacity ? alpha : 1
        if let inner = CairoError.context(
            cairo_create(image.surface), "creating a context to draw a filtered layer", reportingTo: CALayer.diagnoseDrawingFailure)
        {
            drawing(into: inner).drawComposited(plain, toDevice: a, alpha: alpha / groupAlpha)
            scaleByClipCoverage(inner)
            cairo_destroy(inner)
        }
        image.apply(layer.filters, deviceScale: Self.deviceScale(a), edges: .transparent)
        if case .formula(let formula)? = layer.compositingMode {
            return composite(image, by: formula, alpha: groupAlpha)
        }
        var mode = CGBlendMode.normal
        if case .blendMode(let blend)? = layer.compositingMode { mode = blend }
        cairo_save(cr)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_set_operator(cr, mode.cairoOperator)
        cairo_paint_with_alpha(cr, Double(groupAlpha))
        cairo_restore(cr)
    }

    /// Combines `image` (times `alpha`) with what the target holds under it by Lamina's own
    /// `formula`: the target's pixels in the image's box are copied, combined, and written
    /// back through the current clip.
    private func composite(_ image: FilterImage, by formula: CompositingFormula, alpha: CGFloat) {
        guard let target = cairo_get_group_target(cr), let backdrop = FilterImage(image.box) else { return }
        defer { backdrop.release() }
        guard backdrop.copy(target) else { return }
        cairo_surface_flush(image.surface)
        cairo_surface_flush(backdrop.surface)
        guard let source = image.pixels, let behind = backdrop.pixels else { return }
        let (width, height) = (image.box.width, image.box.height)
        let combined = lamina_composite_formula(
            lamina_source_image(pixels: source, width: width, height: height, bytes_per_row: image.bytesPerRow), 0, 0,
            lamina_target_image(pixels: behind, width: width, height: height, bytes_per_row: backdrop.bytesPerRow), 0, 0,
            width, height, UInt8((min(max(alpha, 0), 1) * 255).rounded()), formula.rawValue)
        guard combined else { return }
        cairo_surface_mark_dirty(backdrop.surface)
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(
            cr, Double(image.box.x0), Double(image.box.y0), Double(image.box.width), Double(image.box.height))
        cairo_clip(cr)
        cairo_set_source_surface(cr, backdrop.surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Applies the layer's background filters to what the target holds within the layer's
    /// bounds (within the current clip, or the pixels of `box` when given: the filters'
    /// edges, hence every pixel near them, depend on it), and writes the result back inside
    /// its rounded shape; a large blur is shared out to `threads` threads.
    func applyBackgroundFilters(
        of layer: CARenderLayer, toDevice a: CGAffineTransform, reading box: PixelRect? = nil, threads: Int = 1
    ) {
        let b = layer.bounds.standardized
        guard !b.isEmpty, let target = cairo_get_group_target(cr) else { return }
        let box = box ?? Self.backdropBox(of: layer, toDevice: a, within: currentClipBox())
        guard !box.isEmpty, box.width <= Self.maximumFilteredSide, box.height <= Self.maximumFilteredSide,
            let image = FilterImage(box)
        else { return }
        defer { image.release() }
        guard image.copy(target) else { return }
        image.apply(layer.backgroundFilters, deviceScale: Self.deviceScale(a), edges: .clamped, threads: threads)
        cairo_save(cr)
        cairo_new_path(cr)
        addShape(
            b, radius: Self.effectiveRadius(layer, b), corners: layer.maskedCorners,
            continuous: layer.hasContinuousCorners, toDevice: a)
        cairo_clip(cr)
        cairo_set_source_surface(cr, image.surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// The device pixels a layer's background filters read and write: those covering its
    /// bounds, within `clip`.
    static func backdropBox(of layer: CARenderLayer, toDevice a: CGAffineTransform, within clip: PixelRect) -> PixelRect {
        PixelRect(covering: layer.bounds.standardized.applying(a), margin: 0, within: clip)
    }

    /// The device pixels of the current clip's extents.
    private func currentClipBox() -> PixelRect {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        return PixelRect(
            covering: CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), margin: 0, within: DisplayListBuilder.farLimit)
    }
}

/// A premultiplied ARGB image covering a box of device pixels (its device offset makes its
/// user space the target's device space), that filters are applied to in place.
private struct FilterImage {
    let surface: OpaquePointer
    let box: PixelRect

    init?(_ box: PixelRect) {
        guard
            let surface = CairoError.surface(
                cairo_image_surface_create(CAIRO_FORMAT_ARGB32, box.width, box.height),
                "creating a \(box.width)×\(box.height) image to filter", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return nil }
        cairo_surface_set_device_offset(surface, -Double(box.x0), -Double(box.y0))
        self.surface = surface
        self.box = box
    }

    func release() { cairo_surface_destroy(surface) }

    /// Replaces the image's pixels with those of `target` (a cairo surface in the same device
    /// space) in its box; false, with the failure reported, if cairo cannot draw.
    func copy(_ target: OpaquePointer) -> Bool {
        guard
            let copier = CairoError.context(
                cairo_create(surface), "creating a context to copy a backdrop", reportingTo: CALayer.diagnoseDrawingFailure)
        else { return false }
        cairo_set_source_surface(copier, target, 0, 0)
        cairo_set_operator(copier, CAIRO_OPERATOR_SOURCE)
        cairo_paint(copier)
        cairo_destroy(copier)
        return true
    }

    /// The image's pixels (after `cairo_surface_flush`); nil if cairo has none.
    var pixels: UnsafeMutablePointer<UInt32>? {
        cairo_image_surface_get_data(surface).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: UInt32.self) }
    }

    /// Bytes from one row of ``pixels`` to the next.
    var bytesPerRow: Int32 { cairo_image_surface_get_stride(surface) }

    /// Applies `effects` in order (blend modes are not pixel effects and are skipped).
    func apply(_ effects: [CIFilterEffect], deviceScale: Double, edges: CIBoxBlur.Edges, threads: Int = 1) {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let (width, height) = (Int(box.width), Int(box.height))
        for effect in effects {
            switch effect {
            case .gaussianBlur(let radius):
                CIBoxBlur.blur(
                    data, width: width, height: height, bytesPerRow: stride,
                    radii: CIBoxBlur.radii(sigma: radius * deviceScale), edges: edges, threads: threads)
            case .colorMatrix(let matrix):
                matrix.apply(to: data, width: width, height: height, bytesPerRow: stride)
            case .blend:
                continue
            }
        }
        cairo_surface_mark_dirty(surface)
    }
}

extension PixelRect {
    /// The rectangle with `margin` more pixels on each side (clamped to Lamina's far limit).
    func grown(by margin: Int32) -> PixelRect {
        guard margin > 0, !isEmpty else { return self }
        let limit = DisplayListBuilder.farLimit
        return PixelRect(
            x0: Swift.max(x0 &- margin, limit.x0), y0: Swift.max(y0 &- margin, limit.y0),
            x1: Swift.min(x1 &+ margin, limit.x1), y1: Swift.min(y1 &+ margin, limit.y1))
    }
}
