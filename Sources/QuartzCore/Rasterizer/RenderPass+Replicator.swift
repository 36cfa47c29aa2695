import CCairo
import CoreGraphics

extension RenderPass {
    /// Draws a ``CAReplicatorLayer``'s sublayers once per instance: instance *i* in the
    /// sublayer space moved by the instance transform applied *i* times, multiplied by its
    /// colour (through a group when that is not opaque white).
    func drawReplicatedSublayers(
        of layer: CARenderLayer, _ replicator: CARenderReplicator, toDevice a: CGAffineTransform, alpha: CGFloat
    ) {
        let parent = CAProjectiveTransform(a)
        if replicator.preservesDepth {
            drawInstancesByDepth(of: layer, replicator, parent: parent, alpha: alpha)
            return
        }
        layer.forEachReplicatedInstance(of: replicator) { index, sublayers, space in
            let color = replicator.color(ofInstance: index)
            guard color.alpha > 0 else { return true }
            let tinted = color != (1, 1, 1, 1)
            if tinted { cairo_push_group(cr) }
            for sublayer in Self.inDrawingOrder(sublayers) {
                draw(sublayer, parentToDevice: parent, parentSublayer: space, alpha: alpha)
            }
            if tinted {
                guard let group = cairo_pop_group(cr) else { return true }
                defer { cairo_pattern_destroy(group) }
                multiply(group, by: color)
                cairo_set_source(cr, group)
                cairo_paint(cr)
            }
            return true
        }
    }

    /// Draws every instance's sublayers in the replicator's shared 3D space: back to front by
    /// the depth of their centres there across all instances (ties: instance, then sublayer
    /// order), each multiplied by its instance's colour.
    private func drawInstancesByDepth(
        of layer: CARenderLayer, _ replicator: CARenderReplicator, parent: CAProjectiveTransform, alpha: CGFloat
    ) {
        var entries: [(sublayer: CARenderLayer, space: CATransform3D, index: Int, order: Int, depth: CGFloat)] = []
        layer.forEachReplicatedInstance(of: replicator) { index, sublayers, space in
            guard replicator.color(ofInstance: index).alpha > 0 else { return true }
            for (order, sublayer) in sublayers.enumerated() {
                let full = CATransform3DConcat(sublayer.localTransform, space)
                let (x, y) = (sublayer.bounds.midX, sublayer.bounds.midY)
                let z = x * full.m13 + y * full.m23 + full.m43
                let w = x * full.m14 + y * full.m24 + full.m44
                let depth = w != 0 ? z / w : z
                entries.append((sublayer, space, index, order, depth.isFinite ? depth : 0))
            }
            return true
        }
        entries.sort {
            $0.depth != $1.depth ? $0.depth < $1.depth : ($0.index != $1.index ? $0.index < $1.index : $0.order < $1.order)
        }
        for entry in entries {
            let color = replicator.color(ofInstance: entry.index)
            let tinted = color != (1, 1, 1, 1)
            if tinted { cairo_push_group(cr) }
            draw(entry.sublayer, parentToDevice: parent, parentSublayer: entry.space, alpha: alpha)
            if tinted {
                guard let group = cairo_pop_group(cr) else { continue }
                defer { cairo_pattern_destroy(group) }
                multiply(group, by: color)
                cairo_set_source(cr, group)
                cairo_paint(cr)
            }
        }
    }

    /// `layers` stably sorted by `zPosition`.
    static func inDrawingOrder(_ layers: [CARenderLayer]) -> [CARenderLayer] {
        guard layers.count > 1 else { return layers }
        return layers.enumerated()
            .sorted { lhs, rhs in
                lhs.element.zPosition != rhs.element.zPosition
                    ? lhs.element.zPosition < rhs.element.zPosition : lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// Multiplies every pixel of a group's surface by `color` (premultiplied: the colour
    /// channels by the colour's components and alpha, alpha by its alpha).
    private func multiply(_ group: OpaquePointer, by color: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)) {
        var surface: OpaquePointer?
        guard cairo_pattern_get_surface(group, &surface) == CAIRO_STATUS_SUCCESS, let surface,
            let image = cairo_surface_map_to_image(surface, nil)
        else { return }
        defer { cairo_surface_unmap_image(surface, image) }
        let status = cairo_surface_status(image)
        guard status == CAIRO_STATUS_SUCCESS else {
            return CALayer.diagnoseDrawingFailure(CairoError(status, operation: "mapping a replicated group's pixels to tint them"))
        }
        guard cairo_image_surface_get_format(image) == CAIRO_FORMAT_ARGB32, let data = cairo_image_surface_get_data(image)
        else { return }
        cairo_surface_flush(image)
        let width = Int(cairo_image_surface_get_width(image))
        let height = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        // Native-endian ARGB words: blue, green, red, alpha from the low byte up.
        let factors = (
            blue: UInt32((color.blue * color.alpha * 255).rounded()), green: UInt32((color.green * color.alpha * 255).rounded()),
            red: UInt32((color.red * color.alpha * 255).rounded()), alpha: UInt32((color.alpha * 255).rounded())
        )
        func scale(_ channel: UInt32, _ factor: UInt32) -> UInt32 {
            // channel × factor / 255, rounded.
            let t = channel * factor + 128
            return (t + (t >> 8)) >> 8
        }
        for y in 0..<height {
            let row = (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: width) { $0 }
            for x in 0..<width where row[x] != 0 {
                let p = row[x]
                let b = scale(p & 0xFF, factors.blue)
                let g = scale((p >> 8) & 0xFF, factors.green)
                let r = scale((p >> 16) & 0xFF, factors.red)
                let a = scale(p >> 24, factors.alpha)
                row[x] = b | g << 8 | r << 16 | a << 24
            }
        }
        cairo_surface_mark_dirty(image)
    }

    /// The box a replicator's body can draw into: its bounds and every instance of its
    /// visible sublayers' subtrees; nil when unbounded.
    static func replicatedBodyBox(_ layer: CARenderLayer, _ replicator: CARenderReplicator) -> CGRect? {
        var box: CGRect? = layer.bounds.standardized
        layer.forEachReplicatedInstance(of: replicator) { _, sublayers, space in
            for sublayer in sublayers where !sublayer.isHidden || sublayer.transition != nil {
                let local = CATransform3DConcat(sublayer.localTransform, space)
                guard let inner = subtreeBox(sublayer), let mapped = CAProjectiveTransform(flattening: local).boundingBox(of: inner)
                else {
                    box = nil
                    return false
                }
                box = box?.union(mapped)
            }
            return true
        }
        return box
    }
}
