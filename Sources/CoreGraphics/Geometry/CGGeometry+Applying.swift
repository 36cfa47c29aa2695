// Applying affine transforms to Foundation's geometry types, with Apple's semantics.

extension CGPoint {
    /// Returns the point transformed by `t`: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// Returns the size transformed by `t`, ignoring its translation:
    /// `(a·w + c·h, b·w + d·h)`. The result may have negative components.
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// Returns the smallest rectangle containing the four corners of this rectangle
    /// transformed by `t` (Apple semantics: a rotated rectangle gives its bounding box).
    ///
    /// The null rectangle is returned unchanged; infinite rectangles give infinite results.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let rect = standardized
        let corners = [
            CGPoint(x: rect.minX, y: rect.minY).applying(t),
            CGPoint(x: rect.maxX, y: rect.minY).applying(t),
            CGPoint(x: rect.minX, y: rect.maxY).applying(t),
            CGPoint(x: rect.maxX, y: rect.maxY).applying(t),
        ]
        var minX = corners[0].x
        var maxX = corners[0].x
        var minY = corners[0].y
        var maxY = corners[0].y
        for corner in corners.dropFirst() {
            minX = Swift.min(minX, corner.x)
            maxX = Swift.max(maxX, corner.x)
            minY = Swift.min(minY, corner.y)
            maxY = Swift.max(maxY, corner.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
