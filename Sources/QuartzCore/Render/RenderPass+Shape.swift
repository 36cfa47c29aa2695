import CCairo
import CoreGraphics

extension RenderPass {
    /// Fills and strokes a ``CAShapeLayer``'s path (layer coordinates, mapped by `a`): the
    /// fill covers the whole path, the stroke the part from `strokeStart` to `strokeEnd` of
    /// its length.
    func drawShape(_ shape: CARenderShape, toDevice a: CGAffineTransform, alpha: CGFloat) {
        let fill = shape.fillColor?.rgba.flatMap { $0.alpha > 0 ? $0 : nil }
        let stroke = shape.strokes ? shape.strokeColor?.rgba.flatMap { $0.alpha > 0 ? $0 : nil } : nil
        guard fill != nil || stroke != nil else { return }
        inLayerSpace(a) {
            appendUserSpacePath(shape.path)
            if let c = fill {
                cairo_set_fill_rule(cr, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
                cairo_fill_preserve(cr)
            }
            guard let c = stroke else { return }
            if shape.strokeStart > 0 || shape.strokeEnd < 1 {
                trimCurrentPath(from: Double(shape.strokeStart), to: Double(shape.strokeEnd))
            }
            cairo_set_line_width(cr, Double(shape.lineWidth))
            cairo_set_miter_limit(cr, Double(max(shape.miterLimit, 1)))
            cairo_set_line_cap(cr, Self.cairoCap(shape.lineCap))
            cairo_set_line_join(cr, Self.cairoJoin(shape.lineJoin))
            if !shape.lineDashPattern.isEmpty {
                let dashes = shape.lineDashPattern.map(Double.init)
                cairo_set_dash(cr, dashes, Int32(dashes.count), Double(shape.lineDashPhase))
            }
            cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
            cairo_stroke(cr)
        }
    }

    /// Adds `path` as it is (user space) to the current path.
    private func appendUserSpacePath(_ path: CARenderPath) {
        var current = CGPoint.zero
        var start = CGPoint.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                cairo_move_to(cr, Double(p.x), Double(p.y))
                (current, start) = (p, p)
            case .line(let p):
                cairo_line_to(cr, Double(p.x), Double(p.y))
                current = p
            case .quad(let c, let p):
                // The same curve as a cubic.
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .curve(let c1, let c2, let p):
                cairo_curve_to(cr, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y))
                current = p
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
    }

    /// Replaces the current path by the part of it from fraction `start` to `end` of its
    /// total length (curves flattened to cairo's tolerance; every subpath counts, a closed
    /// one with its closing segment). A closed subpath kept whole stays closed.
    private func trimCurrentPath(from start: Double, to end: Double) {
        let subpaths = flattenedCurrentPath()
        cairo_new_path(cr)
        var total = 0.0
        for subpath in subpaths { total += subpath.length }
        guard total > 0, total.isFinite else { return }
        let (from, to) = (start * total, end * total)
        var travelled = 0.0
        for subpath in subpaths {
            let length = subpath.length
            defer { travelled += length }
            guard travelled + length > from, travelled < to else { continue }
            if travelled >= from && travelled + length <= to && subpath.closed {
                subpath.points.first.map { cairo_move_to(cr, $0.x, $0.y) }
                for point in subpath.points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
                cairo_close_path(cr)
                continue
            }
            var points = subpath.points
            if subpath.closed, let first = points.first { points.append(first) }
            var position = travelled
            var drawing = false
            for index in points.indices.dropLast() {
                let p = points[index], q = points[index + 1]
                let segment = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
                defer { position += segment }
                let segmentEnd = position + segment
                guard segmentEnd >= from, position <= to else { continue }
                func point(at distance: Double) -> (x: Double, y: Double) {
                    let t = segment > 0 ? min(max((distance - position) / segment, 0), 1) : 0
                    return (p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t)
                }
                if !drawing {
                    let begin = point(at: max(from, position))
                    cairo_move_to(cr, begin.x, begin.y)
                    drawing = true
                }
                let finish = point(at: min(to, segmentEnd))
                cairo_line_to(cr, finish.x, finish.y)
            }
        }
    }

    /// The current path flattened to polylines, in user space.
    private func flattenedCurrentPath() -> [(points: [(x: Double, y: Double)], closed: Bool, length: Double)] {
        guard let flat = cairo_copy_path_flat(cr) else { return [] }
        defer { cairo_path_destroy(flat) }
        guard flat.pointee.status == CAIRO_STATUS_SUCCESS, let data = flat.pointee.data else { return [] }
        var subpaths: [(points: [(x: Double, y: Double)], closed: Bool, length: Double)] = []
        var points: [(x: Double, y: Double)] = []
        var closed = false
        func finish() {
            if points.count > 1 || (closed && !points.isEmpty) {
                var length = 0.0
                var ring = points
                if closed, let first = points.first { ring.append(first) }
                for index in ring.indices.dropLast() {
                    let (p, q) = (ring[index], ring[index + 1])
                    length += ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
                }
                subpaths.append((points, closed, length))
            }
            points = []
            closed = false
        }
        var index = 0
        let count = Int(flat.pointee.num_data)
        while index < count {
            let header = data[index].header
            let length = max(Int(header.length), 1)
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                finish()
                if index + 1 < count { points.append((data[index + 1].point.x, data[index + 1].point.y)) }
            case CAIRO_PATH_LINE_TO:
                if index + 1 < count { points.append((data[index + 1].point.x, data[index + 1].point.y)) }
            case CAIRO_PATH_CLOSE_PATH:
                closed = true
                let first = points.first
                finish()
                // cairo starts the next subpath at the closed one's start.
                if let first { points.append(first) }
            default:
                break
            }
            index += length
        }
        finish()
        return subpaths
    }

    private static func cairoCap(_ cap: CAShapeLayerLineCap) -> cairo_line_cap_t {
        switch cap {
        case .round: CAIRO_LINE_CAP_ROUND
        case .square: CAIRO_LINE_CAP_SQUARE
        default: CAIRO_LINE_CAP_BUTT
        }
    }

    private static func cairoJoin(_ join: CAShapeLayerLineJoin) -> cairo_line_join_t {
        switch join {
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        default: CAIRO_LINE_JOIN_MITER
        }
    }

    /// The box a shape's fill and stroke can cover, in layer coordinates (the path's box,
    /// grown by the stroke's reach past it: half the width, or the miter limit's).
    static func shapeBox(_ shape: CARenderShape) -> CGRect? {
        let path = shape.path.makePath()
        var box = path.boundingBox
        guard !box.isNull else { return nil }
        if shape.strokes {
            let half = shape.lineWidth / 2
            let reach = shape.lineJoin == .miter ? half * max(shape.miterLimit, 1) : half
            let squareCap = shape.lineCap == .square ? half * 2.0.squareRoot() : half
            let grow = max(reach, squareCap)
            box = box.insetBy(dx: -grow, dy: -grow)
        }
        return box
    }
}
