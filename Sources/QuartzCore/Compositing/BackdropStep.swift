import CCairo

/// A layer's background filters as a step of a ``DisplayList``: what the steps before it
/// drew within the layer's bounds is read back, filtered, and written back inside the
/// layer's rounded shape (as ``RenderPass`` does when it draws the layer). A class, so that
/// a step stays small to keep and compare.
///
/// It reads pixels the steps below it drew: a frame that redraws any of its box redraws all
/// of it (``DisplayList/growingBackdrops(_:)``), in one band.
final class BackdropStep: Sendable {
    let layer: CARenderLayer
    /// The layer's bounds space → device.
    let toDevice: CGAffineTransform

    init(_ layer: CARenderLayer, toDevice: CGAffineTransform) {
        self.layer = layer
        self.toDevice = toDevice
    }

    /// Whether both filter the same box the same way.
    func drawsSame(as other: BackdropStep) -> Bool {
        self === other || (layer.isSameSnapshot(as: other.layer) && toDevice == other.toDevice)
    }

    /// Applies the filters to what `pixels` (the destination, premultiplied ARGB) hold in
    /// `box` (the layer's bounds within its ancestors' clip: all of it is drawn anew when any
    /// of it is), writing inside `rects` only; a large blur on up to `threads` threads. The
    /// pixels read do not depend on what else the frame redraws, or a blur's edges would.
    func apply(
        to pixels: UnsafeMutableRawPointer, width: Int, height: Int, bytesPerRow: Int, box: PixelRect, rects: [PixelRect],
        threads: Int
    ) throws {
        let surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(bytesPerRow))
        defer { cairo_surface_destroy(surface) }
        try CairoError.check(cairo_surface_status(surface), "wrapping the destination for a backdrop")
        guard let cr = cairo_create(surface) else {
            throw CairoError(CAIRO_STATUS_NO_MEMORY, operation: "creating a cairo context for a backdrop")
        }
        defer { cairo_destroy(cr) }
        for rect in rects {
            cairo_rectangle(cr, Double(rect.x0), Double(rect.y0), Double(rect.width), Double(rect.height))
        }
        cairo_clip(cr)
        // Written inside the box too: the ancestors' clip.
        cairo_rectangle(cr, Double(box.x0), Double(box.y0), Double(box.width), Double(box.height))
        cairo_clip(cr)
        RenderPass(cr: cr).applyBackgroundFilters(of: layer, toDevice: toDevice, reading: box, threads: threads)
        cairo_surface_flush(surface)
        try CairoError.check(cairo_status(cr), "filtering a backdrop")
    }
}

extension DisplayList {
    /// Whether a step filters what is below it (the list is then drawn in one band).
    var hasBackdrops: Bool {
        ops.contains { if case .backdrop = $0.kind { true } else { false } }
    }

    /// `region` grown so that every backdrop step it touches is in it whole: the step reads
    /// all of its box, which must be drawn anew below it (and the filtered result changes
    /// wherever what is below changed).
    func growingBackdrops(_ region: DamageRegion) -> DamageRegion {
        guard !region.isEmpty, hasBackdrops else { return region }
        var grown = region
        // A grown region may reach another backdrop: until nothing more is added.
        for _ in 0..<ops.count {
            var added = false
            for op in ops {
                guard case .backdrop = op.kind else { continue }
                let reach = op.reach
                guard !reach.isEmpty, grown.rects.contains(where: { !$0.intersection(reach).isEmpty }),
                    !grown.rects.contains(where: { $0.contains(reach) })
                else { continue }
                grown = grown.union(DamageRegion(reach), within: target)
                added = true
            }
            if !added { break }
        }
        return grown
    }
}
