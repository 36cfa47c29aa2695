import Foundation

// Core Graphics' geometry as its C header names it (<CoreGraphics/CGGeometry.h>,
// <CoreGraphics/CGAffineTransform.h>): the constants and functions Apple's current SDKs offer
// Swift beside the Swift spellings (`CGPointZero` beside `CGPoint.zero`, `CGRectGetMidX(r)`
// beside `r.midX`), which Apple code ported from Objective-C, or written by habit, still uses.
// Each is the Swift spelling's value.

/// The point `(0, 0)` (Core Graphics' `CGPointZero`; `CGPoint.zero`).
public let CGPointZero = CGPoint.zero

/// The size `0 × 0` (Core Graphics' `CGSizeZero`; `CGSize.zero`).
public let CGSizeZero = CGSize.zero

/// The rectangle at `(0, 0)` of size `0 × 0` (Core Graphics' `CGRectZero`; `CGRect.zero`).
public let CGRectZero = CGRect.zero

/// The null rectangle, which has no position (Core Graphics' `CGRectNull`; `CGRect.null`).
public let CGRectNull = CGRect.null

/// The rectangle without bounds (Core Graphics' `CGRectInfinite`; `CGRect.infinite`).
public let CGRectInfinite = CGRect.infinite

/// The transform that changes nothing (Core Graphics' `CGAffineTransformIdentity`;
/// `CGAffineTransform.identity`).
public let CGAffineTransformIdentity = CGAffineTransform.identity

/// The point `(x, y)` (Core Graphics' `CGPointMake`).
@discardableResult
public func CGPointMake(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y) }

/// The size `width × height` (Core Graphics' `CGSizeMake`).
@discardableResult
public func CGSizeMake(_ width: CGFloat, _ height: CGFloat) -> CGSize { CGSize(width: width, height: height) }

/// The rectangle at `(x, y)` of size `width × height`, as given (Core Graphics' `CGRectMake`).
@discardableResult
public func CGRectMake(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
}

/// The vector `(dx, dy)` (Core Graphics' `CGVectorMake`).
@discardableResult
public func CGVectorMake(_ dx: CGFloat, _ dy: CGFloat) -> CGVector { CGVector(dx: dx, dy: dy) }

/// The smallest x of `rect`, standardized (Core Graphics' `CGRectGetMinX`; `rect.minX`).
@discardableResult
public func CGRectGetMinX(_ rect: CGRect) -> CGFloat { rect.minX }

/// The x of `rect`'s centre (Core Graphics' `CGRectGetMidX`; `rect.midX`).
@discardableResult
public func CGRectGetMidX(_ rect: CGRect) -> CGFloat { rect.midX }

/// The largest x of `rect`, standardized (Core Graphics' `CGRectGetMaxX`; `rect.maxX`).
@discardableResult
public func CGRectGetMaxX(_ rect: CGRect) -> CGFloat { rect.maxX }

/// The smallest y of `rect`, standardized (Core Graphics' `CGRectGetMinY`; `rect.minY`).
@discardableResult
public func CGRectGetMinY(_ rect: CGRect) -> CGFloat { rect.minY }

/// The y of `rect`'s centre (Core Graphics' `CGRectGetMidY`; `rect.midY`).
@discardableResult
public func CGRectGetMidY(_ rect: CGRect) -> CGFloat { rect.midY }

/// The largest y of `rect`, standardized (Core Graphics' `CGRectGetMaxY`; `rect.maxY`).
@discardableResult
public func CGRectGetMaxY(_ rect: CGRect) -> CGFloat { rect.maxY }

/// The width of `rect`, standardized: never negative (Core Graphics' `CGRectGetWidth`;
/// `rect.width`).
@discardableResult
public func CGRectGetWidth(_ rect: CGRect) -> CGFloat { rect.width }

/// The height of `rect`, standardized: never negative (Core Graphics' `CGRectGetHeight`;
/// `rect.height`).
@discardableResult
public func CGRectGetHeight(_ rect: CGRect) -> CGFloat { rect.height }

/// Whether the two points are equal (Core Graphics' `CGPointEqualToPoint`).
@discardableResult
public func CGPointEqualToPoint(_ point1: CGPoint, _ point2: CGPoint) -> Bool { point1 == point2 }

/// Whether the two sizes are equal (Core Graphics' `CGSizeEqualToSize`).
@discardableResult
public func CGSizeEqualToSize(_ size1: CGSize, _ size2: CGSize) -> Bool { size1 == size2 }

/// Whether the two rectangles are equal in position and size (Core Graphics'
/// `CGRectEqualToRect`; `rect1.equalTo(rect2)`).
@discardableResult
public func CGRectEqualToRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool { rect1 == rect2 }

/// Whether `rect` has no area, or is null (Core Graphics' `CGRectIsEmpty`; `rect.isEmpty`).
@discardableResult
public func CGRectIsEmpty(_ rect: CGRect) -> Bool { rect.isEmpty }

/// Whether `rect` is the null rectangle (Core Graphics' `CGRectIsNull`; `rect.isNull`).
@discardableResult
public func CGRectIsNull(_ rect: CGRect) -> Bool { rect.isNull }

/// Whether `rect` is the infinite rectangle (Core Graphics' `CGRectIsInfinite`;
/// `rect.isInfinite`).
@discardableResult
public func CGRectIsInfinite(_ rect: CGRect) -> Bool { rect.isInfinite }

/// Whether `point` is inside `rect`: its minimum edges included, its maximum edges excluded
/// (Core Graphics' `CGRectContainsPoint`; `rect.contains(point)`).
@discardableResult
public func CGRectContainsPoint(_ rect: CGRect, _ point: CGPoint) -> Bool { rect.contains(point) }

/// Whether `rect2` lies wholly in `rect1` (Core Graphics' `CGRectContainsRect`;
/// `rect1.contains(rect2)`).
@discardableResult
public func CGRectContainsRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool { rect1.contains(rect2) }

/// Whether the two rectangles overlap (Core Graphics' `CGRectIntersectsRect`;
/// `rect1.intersects(rect2)`).
@discardableResult
public func CGRectIntersectsRect(_ rect1: CGRect, _ rect2: CGRect) -> Bool { rect1.intersects(rect2) }

/// The smallest rectangle holding both (Core Graphics' `CGRectUnion`; `r1.union(r2)`).
@discardableResult
public func CGRectUnion(_ r1: CGRect, _ r2: CGRect) -> CGRect { r1.union(r2) }

/// The rectangle both share, null where they do not overlap (Core Graphics'
/// `CGRectIntersection`; `r1.intersection(r2)`).
@discardableResult
public func CGRectIntersection(_ r1: CGRect, _ r2: CGRect) -> CGRect { r1.intersection(r2) }

/// `rect` standardized and shrunk by `dx` on the left and right and `dy` at the top and bottom
/// (grown for negative values); null where nothing is left (Core Graphics' `CGRectInset`;
/// `rect.insetBy(dx:dy:)`).
@discardableResult
public func CGRectInset(_ rect: CGRect, _ dx: CGFloat, _ dy: CGFloat) -> CGRect { rect.insetBy(dx: dx, dy: dy) }

/// `rect` moved by `(dx, dy)` (Core Graphics' `CGRectOffset`; `rect.offsetBy(dx:dy:)`).
@discardableResult
public func CGRectOffset(_ rect: CGRect, _ dx: CGFloat, _ dy: CGFloat) -> CGRect { rect.offsetBy(dx: dx, dy: dy) }

/// The smallest rectangle of whole-number coordinates holding `rect` (Core Graphics'
/// `CGRectIntegral`; `rect.integral`).
@discardableResult
public func CGRectIntegral(_ rect: CGRect) -> CGRect { rect.integral }

/// `rect` with a width and height that are not negative (Core Graphics' `CGRectStandardize`;
/// `rect.standardized`).
@discardableResult
public func CGRectStandardize(_ rect: CGRect) -> CGRect { rect.standardized }

/// The transform `[a b c d tx ty]` (Core Graphics' `CGAffineTransformMake`).
@discardableResult
public func CGAffineTransformMake(
    _ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat
) -> CGAffineTransform {
    CGAffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
}

/// The transform that moves by `(tx, ty)` (Core Graphics' `CGAffineTransformMakeTranslation`).
@discardableResult
public func CGAffineTransformMakeTranslation(_ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty)
}

/// The transform that scales by `(sx, sy)` (Core Graphics' `CGAffineTransformMakeScale`).
@discardableResult
public func CGAffineTransformMakeScale(_ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy)
}

/// The transform that rotates by `angle` radians (Core Graphics'
/// `CGAffineTransformMakeRotation`).
@discardableResult
public func CGAffineTransformMakeRotation(_ angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle)
}

/// `t` after a move by `(tx, ty)` (Core Graphics' `CGAffineTransformTranslate`;
/// `t.translatedBy(x:y:)`).
@discardableResult
public func CGAffineTransformTranslate(_ t: CGAffineTransform, _ tx: CGFloat, _ ty: CGFloat) -> CGAffineTransform {
    t.translatedBy(x: tx, y: ty)
}

/// `t` after a scale by `(sx, sy)` (Core Graphics' `CGAffineTransformScale`;
/// `t.scaledBy(x:y:)`).
@discardableResult
public func CGAffineTransformScale(_ t: CGAffineTransform, _ sx: CGFloat, _ sy: CGFloat) -> CGAffineTransform {
    t.scaledBy(x: sx, y: sy)
}

/// `t` after a rotation by `angle` radians (Core Graphics' `CGAffineTransformRotate`;
/// `t.rotated(by:)`).
@discardableResult
public func CGAffineTransformRotate(_ t: CGAffineTransform, _ angle: CGFloat) -> CGAffineTransform {
    t.rotated(by: angle)
}

/// The inverse of `t`, or `t` itself where it has none (Core Graphics'
/// `CGAffineTransformInvert`; `t.inverted()`).
@discardableResult
public func CGAffineTransformInvert(_ t: CGAffineTransform) -> CGAffineTransform { t.inverted() }

/// `t1` and then `t2` (Core Graphics' `CGAffineTransformConcat`; `t1.concatenating(t2)`).
@discardableResult
public func CGAffineTransformConcat(_ t1: CGAffineTransform, _ t2: CGAffineTransform) -> CGAffineTransform {
    t1.concatenating(t2)
}

/// Whether `t` changes nothing (Core Graphics' `CGAffineTransformIsIdentity`; `t.isIdentity`).
@discardableResult
public func CGAffineTransformIsIdentity(_ t: CGAffineTransform) -> Bool { t.isIdentity }

/// Whether the two transforms are equal (Core Graphics' `CGAffineTransformEqualToTransform`).
@discardableResult
public func CGAffineTransformEqualToTransform(_ t1: CGAffineTransform, _ t2: CGAffineTransform) -> Bool { t1 == t2 }

/// `point` transformed by `t` (Core Graphics' `CGPointApplyAffineTransform`;
/// `point.applying(t)`).
@discardableResult
public func CGPointApplyAffineTransform(_ point: CGPoint, _ t: CGAffineTransform) -> CGPoint { point.applying(t) }

/// `size` transformed by `t`, its translation ignored (Core Graphics'
/// `CGSizeApplyAffineTransform`; `size.applying(t)`).
@discardableResult
public func CGSizeApplyAffineTransform(_ size: CGSize, _ t: CGAffineTransform) -> CGSize { size.applying(t) }

/// The smallest rectangle holding `rect`'s corners transformed by `t` (Core Graphics'
/// `CGRectApplyAffineTransform`; `rect.applying(t)`).
@discardableResult
public func CGRectApplyAffineTransform(_ rect: CGRect, _ t: CGAffineTransform) -> CGRect { rect.applying(t) }
