/// A 2D affine transformation matrix, as in Apple's CoreGraphics.
///
/// The matrix is `[a b 0; c d 0; tx ty 1]` and points are row vectors multiplied on the
/// left: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`. `t1.concatenating(t2)` applies
/// `t1` first, then `t2`.
public struct CGAffineTransform: Equatable, Hashable, Sendable {
    /// The entry at position [1,1] in the matrix.
    public var a: CGFloat
    /// The entry at position [1,2] in the matrix.
    public var b: CGFloat
    /// The entry at position [2,1] in the matrix.
    public var c: CGFloat
    /// The entry at position [2,2] in the matrix.
    public var d: CGFloat
    /// The entry at position [3,1] in the matrix: the horizontal translation.
    public var tx: CGFloat
    /// The entry at position [3,2] in the matrix: the vertical translation.
    public var ty: CGFloat

    /// Creates a transform with all six entries zero, as Apple's `CGAffineTransform()` does.
    ///
    /// This is *not* the identity (use ``identity``): it collapses every point to the origin.
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// Creates a transform from its six entries.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Creates a transform from its six entries, unlabelled (`a, b, c, d, tx, ty`).
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform: `[1 0 0; 0 1 0; 0 0 1]`.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a transform that translates by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Creates a transform that scales by `sx` horizontally and `sy` vertically.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a transform that rotates by `angle` radians.
    ///
    /// In a y-down coordinate space (layers, windows) a positive angle turns clockwise on
    /// screen; the matrix is `[cos sin; -sin cos]`, as on Apple platforms.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(cos(Double(angle)))
        let sine = CGFloat(sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// Whether this transform is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// Returns the transform that applies `self` first and then `t2` (the product `self × t2`).
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// Returns the inverse of this transform, or `self` unchanged if it is not invertible
    /// (Apple's behaviour).
    ///
    /// A transform is not invertible when its determinant `a·d − b·c` is zero or any entry
    /// is not finite.
    public func inverted() -> CGAffineTransform {
        invertedIfPossible() ?? self
    }

    /// Returns a transform that translates by `(tx, ty)` and then applies `self`.
    public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: tx, y: ty).concatenating(self)
    }

    /// Returns a transform that scales by `(sx, sy)` and then applies `self`.
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// Returns a transform that rotates by `angle` radians and then applies `self`.
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }
}

extension CGAffineTransform {
    /// Lamina: the inverse of this transform, or `nil` when it is not invertible.
    ///
    /// Unlike ``inverted()`` this tells the caller that no inverse exists (determinant zero
    /// or a non-finite entry), which hit testing needs.
    public func invertedIfPossible() -> CGAffineTransform? {
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite,
            a.isFinite, b.isFinite, c.isFinite, d.isFinite, tx.isFinite, ty.isFinite
        else { return nil }
        let ia = d / determinant
        let ib = -b / determinant
        let ic = -c / determinant
        let id = a / determinant
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id))
    }
}

extension CGAffineTransform: CustomStringConvertible {
    /// A textual form listing the six entries.
    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}
