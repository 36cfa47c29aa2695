/// A mutable graphics path (Apple's `CGMutablePath`).
///
/// Every `add…` takes an optional `transform` (default identity) applied to the points
/// before they are added. Elements that need a current point (lines, curves, tangent
/// arcs, `closeSubpath`) do nothing without one, after a diagnostic on standard error as
/// Apple's CoreGraphics logs. After ``closeSubpath()``, the next line or curve starts a
/// new subpath at the closed one's start (an explicit move is recorded).
///
/// ## "clockwise"
///
/// Angles are in radians from the positive x axis, measured towards positive y. With
/// `clockwise: false` an arc sweeps towards increasing angles: counter-clockwise when the
/// path is drawn in a y-up space (a bitmap context), but **clockwise on screen** in a
/// flipped, y-down space (a layer context, UIKit), exactly as on Apple platforms.
public final class CGMutablePath: CGPath {
    /// Creates an empty path.
    public init() {
        super.init(storage: PathStorage())
    }

    override init(storage: PathStorage) {
        super.init(storage: storage)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.sinkMove(to: point.applying(transform))
    }

    /// Adds a line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard requireCurrentPoint("CGPathAddLineToPoint") else { return }
        storage.sinkLine(to: point.applying(transform))
    }

    /// Adds a move to `points[0]` and lines through the others (nothing for an empty array).
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        storage.sinkMove(to: first.applying(transform))
        for point in points.dropFirst() { storage.sinkLine(to: point.applying(transform)) }
    }

    /// Adds a quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard requireCurrentPoint("CGPathAddQuadCurveToPoint") else { return }
        storage.sinkQuadCurve(to: end.applying(transform), control: control.applying(transform))
    }

    /// Adds a cubic Bézier curve from the current point to `end`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        guard requireCurrentPoint("CGPathAddCurveToPoint") else { return }
        storage.sinkCurve(
            to: end.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
    }

    /// Adds a circular arc (made of cubic curves, at most a quarter turn each), preceded by a
    /// line from the current point to the arc's start, or a move when the path is empty.
    ///
    /// `clockwise: false` sweeps from `startAngle` towards increasing angles by
    /// `endAngle − startAngle` reduced into `[0, 2π)` (a full circle when the difference is
    /// `2π` or more); `clockwise: true` sweeps the other way. See the type's discussion of
    /// what "clockwise" means in flipped spaces.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        storage.appendArc(
            center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise,
            transform: transform)
    }

    /// Adds an arc through `delta` radians from `startAngle` (positive `delta` = increasing
    /// angle), preceded by a line (or move) to its start.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        storage.appendRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
    }

    /// Adds an arc of `radius` tangent to the line from the current point to `tangent1End`
    /// and to the line from `tangent1End` to `tangent2End`, preceded by a line from the
    /// current point to the first tangent point. Collinear points or a zero radius add a
    /// line to `tangent1End`.
    ///
    /// The current point is taken untransformed: with a non-identity `transform` Lamina maps
    /// it back through the inverse of `transform` first, as Apple does.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard requireCurrentPoint("CGPathAddArcToPoint"), let current = storage.current else { return }
        let start = transform.isIdentity ? current : current.applying(transform.inverted())
        storage.appendTangentArc(
            from: start, tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: transform)
    }

    /// Adds `rect` as a closed subpath.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.appendRect(rect, transform: transform)
    }

    /// Adds each rectangle as a closed subpath.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { storage.appendRect(rect, transform: transform) }
    }

    /// Adds the ellipse inscribed in `rect` as a closed subpath of four cubic curves,
    /// starting at (maxX, midY) and sweeping towards increasing angles.
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        storage.appendEllipse(in: rect, transform: transform)
    }

    /// Adds a rectangle with elliptical corners as a closed subpath. Corner sizes are
    /// clamped to `0...half the side`; zero corners give a plain rectangle.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        storage.appendRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
    }

    /// Appends the elements of `path`, transformed by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        let other = path.storage.applying(transform)
        storage.kinds.append(contentsOf: other.kinds)
        storage.points.append(contentsOf: other.points)
        if other.current != nil {
            storage.current = other.current
            storage.subpathStart = other.subpathStart
        }
    }

    /// Closes the current subpath with a line back to its start. Nothing happens without a
    /// current point or when the subpath is already closed.
    public func closeSubpath() {
        storage.sinkClose()
    }

    private func requireCurrentPoint(_ function: String) -> Bool {
        if storage.current != nil { return true }
        Diagnostics.log("\(function): no current point.")
        return false
    }
}
