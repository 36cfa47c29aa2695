import CCairo
import CoreGraphics

extension RenderPass {
    /// Fills and strokes a ``CAShapeLayer``'s path (layer coordinates, mapped by `a`): the
    /// fill covers the whole path, the stroke the part from `strokeStart` to `strokeEnd` of
    /// its length.
    func drawShape(_ shape: CARenderShape, toDevice a: CGAffineTransform, alpha: CGFloat) {
        let fill = rgba(shape.fillColor).flatMap { $0.alpha > 0 ? $0 : nil }
        let stroke = shape.strokes ? rgba(shape.strokeColor).flatMap { $0.alpha > 0 ? $0 : nil } : nil
        guard fill != nil || stroke != nil else { return }
        inLayerSpace(a) {
            appendUserSpacePath(shape.path)
            if let c = fill {
                cairo_set_fill_rule(cr, shape.fillRule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_set_source_rgba(cr, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha * alpha))
                paintThroughClip { cairo_fill_preserve(cr) }
            }
            guard let c = stroke else { return }
            if shape.strokeStart > 0 || shape.strokeEnd < 1 {
                cairo_new_path(cr)
                appendUserSpacePath(shape.path.trimmed(from: Double(shape.strokeStart), to: Double(shape.strokeEnd)))
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
            paintThroughClip { cairo_stroke(cr) }
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
                CairoCurveSegment.quadratic(cr, from: current, c, to: p)
                current = p
            case .curve(let c1, let c2, let p):
                CairoCurveSegment.cubic(cr, from: current, c1, c2, to: p)
                current = p
            case .close:
                cairo_close_path(cr)
                current = start
            }
        }
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
    /// grown by the stroke's reach past it: half the width, or the miter limit's). The
    /// path's box holds every point cairo draws, those before its first move too.
    static func shapeBox(_ shape: CARenderShape) -> CGRect? {
        var box = shape.path.boundingBox
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
