import CCairo

extension CGContext {
    /// Appends `path` (in user space, transformed by the current CTM) to the current path.
    public func addPath(_ path: CGPath) {
        guard !state.isDegenerate else { return }
        path.storage.append(to: cr)
    }

    /// A copy of the current path in user space, or `nil` when it is empty. Curves come
    /// back as cubic curves (cairo keeps no quadratic ones), and coordinates are rounded to
    /// cairo's precision of 1/256 device pixel.
    public var path: CGPath? {
        guard !isPathEmpty, let copied = cairo_copy_path(cr) else { return nil }
        defer { cairo_path_destroy(copied) }
        var storage = PathStorage()
        let path = copied.pointee
        guard path.status == CAIRO_STATUS_SUCCESS, let data = path.data else { return nil }
        var index = 0
        while index < Int(path.num_data) {
            let header = data[index].header
            let length = Int(header.length)
            guard length > 0 else { break }
            func point(_ offset: Int) -> CGPoint {
                CGPoint(x: data[index + offset].point.x, y: data[index + offset].point.y)
            }
            switch header.type {
            case CAIRO_PATH_MOVE_TO: storage.sinkMove(to: point(1))
            case CAIRO_PATH_LINE_TO: storage.sinkLine(to: point(1))
            case CAIRO_PATH_CURVE_TO: storage.sinkCurve(to: point(3), control1: point(1), control2: point(2))
            case CAIRO_PATH_CLOSE_PATH: storage.sinkClose()
            default: break
            }
            index += length
        }
        return CGPath(storage: storage)
    }

    /// Replaces the current path with the outline a stroke with the current line width,
    /// cap, join and miter limit would paint (see
    /// ``CGPath/copy(strokingWithWidth:lineCap:lineJoin:miterLimit:transform:)``); the dash
    /// pattern is applied first.
    public func replacePathWithStrokedPath() {
        guard let current = path else { return }
        var source: CGPath = current
        let dashCount = Int(cairo_get_dash_count(cr))
        if dashCount > 0 {
            var dashes = [Double](repeating: 0, count: dashCount)
            var offset = 0.0
            dashes.withUnsafeMutableBufferPointer { cairo_get_dash(cr, $0.baseAddress, &offset) }
            source = source.copy(dashingWithPhase: CGFloat(offset), lengths: dashes.map { CGFloat($0) })
        }
        let cap: CGLineCap
        switch cairo_get_line_cap(cr) {
        case CAIRO_LINE_CAP_ROUND: cap = .round
        case CAIRO_LINE_CAP_SQUARE: cap = .square
        default: cap = .butt
        }
        let join: CGLineJoin
        switch cairo_get_line_join(cr) {
        case CAIRO_LINE_JOIN_ROUND: join = .round
        case CAIRO_LINE_JOIN_BEVEL: join = .bevel
        default: join = .miter
        }
        let outline = source.copy(
            strokingWithWidth: CGFloat(cairo_get_line_width(cr)), lineCap: cap, lineJoin: join,
            miterLimit: CGFloat(cairo_get_miter_limit(cr)))
        cairo_new_path(cr)
        addPath(outline)
    }

    /// Whether `point` (user space) is inside the current path when drawn with `mode`:
    /// filled with the mode's rule, or painted by a stroke with the current line settings.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard !isPathEmpty, point.isFinite else { return false }
        let x = Double(point.x), y = Double(point.y)
        let savedRule = cairo_get_fill_rule(cr)
        defer { cairo_set_fill_rule(cr, savedRule) }
        switch mode {
        case .fill, .fillStroke:
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        case .eoFill, .eoFillStroke:
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        case .stroke:
            return cairo_in_stroke(cr, x, y) != 0
        }
        if cairo_in_fill(cr, x, y) != 0 { return true }
        return (mode == .fillStroke || mode == .eoFillStroke) && cairo_in_stroke(cr, x, y) != 0
    }
}
