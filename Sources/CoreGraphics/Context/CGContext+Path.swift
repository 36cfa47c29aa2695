import CCairo

/// Emits path elements straight into a cairo context, in its user space.
struct CairoPathSink: PathSink {
    let cr: OpaquePointer

    var sinkCurrentPoint: CGPoint? {
        guard cairo_has_current_point(cr) != 0 else { return nil }
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        return CGPoint(x: x, y: y)
    }

    @inline(__always)
    func sinkMove(to point: CGPoint) {
        cairo_move_to(cr, Double(point.x), Double(point.y))
    }

    @inline(__always)
    func sinkLine(to point: CGPoint) {
        cairo_line_to(cr, Double(point.x), Double(point.y))
    }

    @inline(__always)
    func sinkCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        CairoCurveSegment.cubic(cr, from: sinkCurrentPoint ?? control1, control1, control2, to: point)
    }

    func sinkQuadCurve(to point: CGPoint, control: CGPoint) {
        CairoCurveSegment.quadratic(cr, from: sinkCurrentPoint ?? control, control, to: point)
    }

    @inline(__always)
    func sinkClose() {
        cairo_close_path(cr)
    }
}

extension CGContext {
    // MARK: Building the current path
    //
    // Points are in user space and transformed by the CTM in effect when they are added,
    // as on Apple platforms. While the CTM is degenerate (e.g. scaled by 0) nothing is
    // added. Non-finite coordinates are ignored.

    /// The path sink for the current path, or `nil` while the CTM is degenerate.
    private var sink: CairoPathSink? { state.isDegenerate ? nil : CairoPathSink(cr: cr) }

    /// Discards the current path.
    public func beginPath() {
        cairo_new_path(cr)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) {
        guard point.isFinite else { return }
        sink?.sinkMove(to: point)
    }

    /// Adds a line from the current point to `point`. Without a current point Apple logs
    /// an error and adds nothing; Lamina does the same.
    public func addLine(to point: CGPoint) {
        guard point.isFinite, let sink else { return }
        guard sink.sinkCurrentPoint != nil else {
            Diagnostics.log("CGContextAddLineToPoint: no current point.")
            return
        }
        sink.sinkLine(to: point)
    }

    /// Adds a polyline: a move to `points[0]`, then lines through the others.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first, first.isFinite, let sink else { return }
        sink.sinkMove(to: first)
        for point in points.dropFirst() where point.isFinite {
            sink.sinkLine(to: point)
        }
    }

    /// Adds a cubic Bézier curve from the current point to `end` (nothing without a
    /// current point).
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard end.isFinite, control1.isFinite, control2.isFinite, let sink, sink.sinkCurrentPoint != nil else {
            return
        }
        sink.sinkCurve(to: end, control1: control1, control2: control2)
    }

    /// Adds a quadratic Bézier curve from the current point to `end` (nothing without a
    /// current point).
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard end.isFinite, control.isFinite, let sink, sink.sinkCurrentPoint != nil else { return }
        sink.sinkQuadCurve(to: end, control: control)
    }

    /// Adds a circular arc, preceded by a line from the current point to its start (or a
    /// move, without a current point).
    ///
    /// Angles are in radians from the positive x axis. `clockwise: false` sweeps towards
    /// increasing angles — counter-clockwise in the default y-up space, but clockwise on
    /// screen in a flipped (layer) context, exactly as on iOS.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        var target = sink
        target?.appendArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: .identity)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from `tangent1End` to `tangent2End`, preceded by a line to its first
    /// tangent point (nothing without a current point).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard var target = sink, let current = target.sinkCurrentPoint else { return }
        target.appendTangentArc(
            from: current, tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: .identity)
    }

    /// Adds a rectangle as a closed subpath.
    public func addRect(_ rect: CGRect) {
        guard rect.isFinite else { return }
        var target = sink
        target?.appendRect(rect, transform: .identity)
    }

    /// Adds each rectangle as a closed subpath.
    public func addRects(_ rects: [CGRect]) {
        guard var target = sink else { return }
        for rect in rects where rect.isFinite {
            target.appendRect(rect, transform: .identity)
        }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath.
    public func addEllipse(in rect: CGRect) {
        guard rect.isFinite else { return }
        var target = sink
        target?.appendEllipse(in: rect, transform: .identity)
    }

    /// Closes the current subpath with a line back to its start.
    public func closePath() {
        guard let sink, sink.sinkCurrentPoint != nil else { return }
        sink.sinkClose()
    }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool {
        cairo_has_current_point(cr) == 0
    }

    /// The current point of the current path in user space, or `.zero` when there is none
    /// (Apple's behaviour).
    public var currentPointOfPath: CGPoint {
        CairoPathSink(cr: cr).sinkCurrentPoint ?? .zero
    }

    /// The bounding box of the current path in user space, control points included
    /// (Apple's definition); `.null` when the path is empty.
    public var boundingBoxOfPath: CGRect {
        path?.boundingBox ?? .null
    }
}

extension CGPoint {
    /// Whether both coordinates are finite.
    var isFinite: Bool { x.isFinite && y.isFinite }
}

extension CGRect {
    /// Whether origin and size are all finite.
    var isFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
}
