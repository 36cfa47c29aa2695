import CCairo

extension CGContext {
    /// Fills the clip with a linear gradient from `start` (location 0) to `end` (location 1),
    /// in user space. Without options only the band between the lines through `start` and
    /// `end` perpendicular to the axis is painted; the options extend the end colours
    /// beyond them. Equal points draw nothing.
    public func drawLinearGradient(
        _ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions
    ) {
        guard start.isFinite, end.isFinite, start != end, !state.isDegenerate,
            let pattern = cairo_pattern_create_linear(Double(start.x), Double(start.y), Double(end.x), Double(end.y))
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        addStops(gradient, to: pattern)
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        withGradientClip(oneSided: before != after) {
            // Clip to the half plane on the painted side of the start (or end) line.
            let axis = CGVector(dx: end.x - start.x, dy: end.y - start.y)
            let length = (axis.dx * axis.dx + axis.dy * axis.dy).squareRoot()
            let u = CGVector(dx: axis.dx / length, dy: axis.dy / length)
            let n = CGVector(dx: -u.dy, dy: u.dx)
            let big = clipReach(from: start) + length + 1
            let (from, to): (CGFloat, CGFloat) = after ? (0, big) : (-big, length)
            func point(_ along: CGFloat, _ across: CGFloat) -> CGPoint {
                CGPoint(x: start.x + u.dx * along + n.dx * across, y: start.y + u.dy * along + n.dy * across)
            }
            cairo_move_to(cr, Double(point(from, -big).x), Double(point(from, -big).y))
            cairo_line_to(cr, Double(point(to, -big).x), Double(point(to, -big).y))
            cairo_line_to(cr, Double(point(to, big).x), Double(point(to, big).y))
            cairo_line_to(cr, Double(point(from, big).x), Double(point(from, big).y))
            cairo_close_path(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        } draw: {
            paintGradient(pattern)
        }
    }

    /// Fills the clip with a radial gradient between the circle (`startCenter`,
    /// `startRadius`) at location 0 and (`endCenter`, `endRadius`) at location 1, in user
    /// space. Without options only the area swept between the circles is painted.
    ///
    /// With exactly one of the options, Lamina extends the gradient on that side only by
    /// clipping at the other circle; that is exact when one circle lies inside the other
    /// (the usual case) and approximate otherwise.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        guard startCenter.isFinite, endCenter.isFinite, startRadius.isFinite, endRadius.isFinite,
            startRadius >= 0, endRadius >= 0, !state.isDegenerate,
            let pattern = cairo_pattern_create_radial(
                Double(startCenter.x), Double(startCenter.y), Double(startRadius),
                Double(endCenter.x), Double(endCenter.y), Double(endRadius))
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        addStops(gradient, to: pattern)
        let before = options.contains(.drawsBeforeStartLocation)
        let after = options.contains(.drawsAfterEndLocation)
        cairo_pattern_set_extend(pattern, before || after ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
        withGradientClip(oneSided: before != after) {
            let endContainsStart = endRadius >= startRadius
            // The circle bounding the excluded side, and whether its inside is excluded.
            let circleCenter = after ? startCenter : endCenter
            let radius = after ? startRadius : endRadius
            let excludeInside = after == endContainsStart
            let rect = CGRect(x: circleCenter.x - radius, y: circleCenter.y - radius, width: 2 * radius, height: 2 * radius)
            var sink = CairoPathSink(cr: cr)
            if excludeInside {
                let big = clipReach(from: circleCenter) + radius + 1
                sink.appendRect(
                    CGRect(x: circleCenter.x - big, y: circleCenter.y - big, width: 2 * big, height: 2 * big),
                    transform: .identity)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            } else {
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
            }
            if radius > 0 { sink.appendEllipse(in: rect, transform: .identity) }
        } draw: {
            paintGradient(pattern)
        }
    }

    private func addStops(_ gradient: CGGradient, to pattern: OpaquePointer) {
        for stop in gradient.stops(in: colorSpace) {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.red, stop.green, stop.blue, stop.alpha)
        }
    }

    private func paintGradient(_ pattern: OpaquePointer) {
        let alpha = Double(state.alpha)
        performDrawing(usesPath: false, userExtents: { nil }) { context in
            cairo_set_source(context, pattern)
            cairo_paint_with_alpha(context, alpha)
        }
    }

    /// Runs `draw` with the clip narrowed by the path `buildClip` adds, when `oneSided`; the
    /// current path is preserved.
    private func withGradientClip(oneSided: Bool, clip buildClip: () -> Void, draw: () -> Void) {
        guard oneSided else {
            draw()
            return
        }
        let savedPath = cairo_copy_path(cr)
        defer {
            if let savedPath {
                cairo_new_path(cr)
                cairo_append_path(cr, savedPath)
                cairo_path_destroy(savedPath)
            }
        }
        cairo_save(cr)
        cairo_new_path(cr)
        buildClip()
        cairo_clip(cr)
        draw()
        cairo_restore(cr)
    }

    /// A distance from `point` (user space) beyond which nothing is visible in the clip.
    private func clipReach(from point: CGPoint) -> CGFloat {
        let box = boundingBoxOfClipPath
        let corners = [
            CGPoint(x: box.minX, y: box.minY), CGPoint(x: box.maxX, y: box.minY),
            CGPoint(x: box.minX, y: box.maxY), CGPoint(x: box.maxX, y: box.maxY),
        ]
        return corners.map { ((($0.x - point.x) * ($0.x - point.x)) + (($0.y - point.y) * ($0.y - point.y))).squareRoot() }
            .max() ?? 0
    }
}
