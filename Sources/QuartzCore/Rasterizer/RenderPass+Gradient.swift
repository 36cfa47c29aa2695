import CCairo
import CoreGraphics

extension RenderPass {
    /// Fills the bounds `b` (rounded by `radius` at `corners`, with the continuous curve when
    /// `continuous`; layer coordinates mapped by `a`) with a ``CAGradientLayer``'s gradient.
    func drawGradient(
        _ gradient: CARenderGradient, in b: CGRect, radius: CGFloat, corners: CACornerMask, continuous: Bool = false,
        toDevice a: CGAffineTransform, alpha: CGFloat
    ) {
        guard !gradient.colors.isEmpty else { return }
        cairo_save(cr)
        defer {
            cairo_restore(cr)
            cairo_new_path(cr)
        }
        cairo_new_path(cr)
        addShape(b, radius: radius, corners: corners, continuous: continuous, toDevice: a)
        cairo_clip(cr)
        setMatrix(a)
        func point(_ unit: CGPoint) -> (x: Double, y: Double) {
            (Double(b.minX + unit.x * b.width), Double(b.minY + unit.y * b.height))
        }
        let start = point(gradient.startPoint)
        let end = point(gradient.endPoint)
        let pattern: OpaquePointer?
        switch gradient.type {
        case .radial:
            var rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            if rx == 0 { rx = ry }
            if ry == 0 { ry = rx }
            guard rx > 0, rx.isFinite, ry.isFinite else { return paintSolid(gradient.color(at: 1, in: colorSpace), alpha: alpha) }
            pattern = cairo_pattern_create_radial(0, 0, 0, 0, 0, 1)
            // User space → the unit circle's space.
            var toUnit = cairo_matrix_t()
            cairo_matrix_init_scale(&toUnit, 1 / rx, 1 / ry)
            cairo_matrix_translate(&toUnit, -start.x, -start.y)
            cairo_pattern_set_matrix(pattern, &toUnit)
        case .conic:
            return drawConic(gradient, from: start, toward: end, in: b, alpha: alpha)
        default:
            guard start != end else { return paintSolid(gradient.color(at: 1, in: colorSpace), alpha: alpha) }
            pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
        }
        guard let pattern else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops(drawnIn: colorSpace) {
            cairo_pattern_add_color_stop_rgba(
                pattern, stop.location, stop.red, stop.green, stop.blue, stop.alpha * Double(alpha))
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cr, pattern)
        cairo_paint(cr)
    }

    /// Paints the clip with one colour.
    private func paintSolid(_ c: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat), alpha: CGFloat) {
        cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
        cairo_paint(cr)
    }

    /// A conic gradient as a mesh of thin wedges around `centre` (user space), each
    /// shading linearly between the colours at its two edges; angle 0 points at `toward`.
    private func drawConic(
        _ gradient: CARenderGradient, from centre: (x: Double, y: Double), toward: (x: Double, y: Double), in b: CGRect,
        alpha: CGFloat
    ) {
        let dx = toward.x - centre.x, dy = toward.y - centre.y
        let startAngle = dx == 0 && dy == 0 ? 0 : atan2(dy, dx)
        // Far enough to cover the bounds from any centre inside or near them.
        let corners = [(b.minX, b.minY), (b.maxX, b.minY), (b.minX, b.maxY), (b.maxX, b.maxY)]
        let reach = corners.map { hypot(Double($0.0) - centre.x, Double($0.1) - centre.y) }.max() ?? 0
        guard reach > 0, reach.isFinite, let mesh = cairo_pattern_create_mesh() else { return }
        defer { cairo_pattern_destroy(mesh) }
        let wedges = 180
        // The outer edge of each wedge is a chord; push it out so the arc is covered.
        let radius = reach / cos(.pi / Double(wedges)) + 1
        func colour(_ t: Double) -> (Double, Double, Double, Double) {
            let c = gradient.color(at: CGFloat(t), in: colorSpace)
            return (Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
        }
        for index in 0..<wedges {
            let t0 = Double(index) / Double(wedges), t1 = Double(index + 1) / Double(wedges)
            let a0 = startAngle + 2 * .pi * t0, a1 = startAngle + 2 * .pi * t1
            let (c0, c1) = (colour(t0), colour(t1))
            cairo_mesh_pattern_begin_patch(mesh)
            cairo_mesh_pattern_move_to(mesh, centre.x, centre.y)
            cairo_mesh_pattern_line_to(mesh, centre.x + radius * cos(a0), centre.y + radius * sin(a0))
            cairo_mesh_pattern_line_to(mesh, centre.x + radius * cos(a1), centre.y + radius * sin(a1))
            cairo_mesh_pattern_line_to(mesh, centre.x, centre.y)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 0, c0.0, c0.1, c0.2, c0.3)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 1, c0.0, c0.1, c0.2, c0.3)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 2, c1.0, c1.1, c1.2, c1.3)
            cairo_mesh_pattern_set_corner_color_rgba(mesh, 3, c1.0, c1.1, c1.2, c1.3)
            cairo_mesh_pattern_end_patch(mesh)
        }
        cairo_set_source(cr, mesh)
        cairo_paint(cr)
    }
}
