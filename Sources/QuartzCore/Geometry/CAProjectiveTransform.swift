/// A 3×3 projective transform of the plane (row-vector convention, `p' = p × H`),
/// the part of a ``CATransform3D`` that maps a layer's z = 0 plane onto its superlayer's
/// plane: Core Animation flattens every layer into its superlayer's plane.
///
/// Lamina-internal: used for geometry, conversion and hit testing through 3D transforms.
struct CAProjectiveTransform: Equatable {
    /// Rows of the matrix: `(x, y, w)` of the images of the x axis, y axis and origin.
    var m: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)

    static func == (l: CAProjectiveTransform, r: CAProjectiveTransform) -> Bool {
        l.m.0 == r.m.0 && l.m.1 == r.m.1 && l.m.2 == r.m.2 && l.m.3 == r.m.3 && l.m.4 == r.m.4
            && l.m.5 == r.m.5 && l.m.6 == r.m.6 && l.m.7 == r.m.7 && l.m.8 == r.m.8
    }

    static let identity = CAProjectiveTransform(m: (1, 0, 0, 0, 1, 0, 0, 0, 1))

    init(m: (CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat, CGFloat)) {
        self.m = m
    }

    /// The plane-to-plane part of `t`: input `(x, y, 0, 1)`, output `(X, Y, W)` (Z dropped).
    init(flattening t: CATransform3D) {
        m = (t.m11, t.m12, t.m14, t.m21, t.m22, t.m24, t.m41, t.m42, t.m44)
    }

    init(_ a: CGAffineTransform) {
        m = (a.a, a.b, 0, a.c, a.d, 0, a.tx, a.ty, 1)
    }

    /// Whether the transform has no perspective (its last column is `(0, 0, 1)`).
    var isAffine: Bool { m.2 == 0 && m.5 == 0 && m.8 == 1 }

    /// The affine part (exact when ``isAffine``).
    var affine: CGAffineTransform {
        CGAffineTransform(a: m.0, b: m.1, c: m.3, d: m.4, tx: m.6, ty: m.7)
    }

    /// Applies `self`, then `other`.
    func concatenating(_ o: CAProjectiveTransform) -> CAProjectiveTransform {
        let a = m
        let b = o.m
        return CAProjectiveTransform(m: (
            a.0 * b.0 + a.1 * b.3 + a.2 * b.6, a.0 * b.1 + a.1 * b.4 + a.2 * b.7, a.0 * b.2 + a.1 * b.5 + a.2 * b.8,
            a.3 * b.0 + a.4 * b.3 + a.5 * b.6, a.3 * b.1 + a.4 * b.4 + a.5 * b.7, a.3 * b.2 + a.4 * b.5 + a.5 * b.8,
            a.6 * b.0 + a.7 * b.3 + a.8 * b.6, a.6 * b.1 + a.7 * b.4 + a.8 * b.7, a.6 * b.2 + a.7 * b.5 + a.8 * b.8))
    }

    var determinant: CGFloat {
        let a = m
        return a.0 * (a.4 * a.8 - a.5 * a.7) - a.1 * (a.3 * a.8 - a.5 * a.6) + a.2 * (a.3 * a.7 - a.4 * a.6)
    }

    /// The inverse, or `nil` if singular or not finite.
    func inverted() -> CAProjectiveTransform? {
        if isAffine {
            guard let inverse = affine.invertedIfPossible() else { return nil }
            return CAProjectiveTransform(inverse)
        }
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let a = m
        let r = 1 / det
        let result = CAProjectiveTransform(m: (
            (a.4 * a.8 - a.5 * a.7) * r, (a.2 * a.7 - a.1 * a.8) * r, (a.1 * a.5 - a.2 * a.4) * r,
            (a.5 * a.6 - a.3 * a.8) * r, (a.0 * a.8 - a.2 * a.6) * r, (a.2 * a.3 - a.0 * a.5) * r,
            (a.3 * a.7 - a.4 * a.6) * r, (a.1 * a.6 - a.0 * a.7) * r, (a.0 * a.4 - a.1 * a.3) * r))
        return result
    }

    /// Maps `p`; `nil` if it maps to infinity or behind the viewer (w ≤ 0).
    func apply(_ p: CGPoint) -> CGPoint? {
        let x = p.x * m.0 + p.y * m.3 + m.6
        let y = p.x * m.1 + p.y * m.4 + m.7
        let w = p.x * m.2 + p.y * m.5 + m.8
        guard w > 0 else { return nil }
        let result = CGPoint(x: x / w, y: y / w)
        guard result.x.isFinite, result.y.isFinite else { return nil }
        return result
    }

    /// The bounding box of `rect`'s four mapped corners; `nil` if a corner fails to map.
    func boundingBox(of rect: CGRect) -> CGRect? {
        let r = rect.standardized
        if isAffine { return r.applying(affine) }
        var minX = CGFloat.infinity, minY = CGFloat.infinity
        var maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for corner in [
            CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
            CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
        ] {
            guard let p = apply(corner) else { return nil }
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
