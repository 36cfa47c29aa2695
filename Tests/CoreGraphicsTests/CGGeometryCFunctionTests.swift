import CoreGraphics
import Foundation
import XCTest

/// Core Graphics' geometry as its C header names it, which Apple's SDKs offer Swift. The
/// expected values are worked out by hand from the functions' definitions in
/// <CoreGraphics/CGGeometry.h> and <CoreGraphics/CGAffineTransform.h>.
final class CGGeometryCFunctionTests: XCTestCase {
    func testConstantsAndMakersAreTheValuesTheyName() {
        XCTAssertEqual(CGPointZero, CGPoint(x: 0, y: 0))
        XCTAssertEqual(CGSizeZero, CGSize(width: 0, height: 0))
        XCTAssertEqual(CGRectZero, CGRect(x: 0, y: 0, width: 0, height: 0))
        XCTAssertTrue(CGRectNull.isNull)
        XCTAssertTrue(CGRectInfinite.isInfinite)
        XCTAssertEqual(CGAffineTransformIdentity, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertEqual(CGPointMake(1.5, -2), CGPoint(x: 1.5, y: -2))
        XCTAssertEqual(CGSizeMake(3, 4), CGSize(width: 3, height: 4))
        XCTAssertEqual(CGVectorMake(5, 6), CGVector(dx: 5, dy: 6))
        // CGRectMake keeps a negative size as given.
        let flipped = CGRectMake(10, 20, -4, 8)
        XCTAssertEqual(flipped.origin, CGPoint(x: 10, y: 20))
        XCTAssertEqual(flipped.size, CGSize(width: -4, height: 8))
    }

    func testRectangleReadersStandardize() {
        // x runs from 6 to 10 once standardized, y from 20 to 28.
        let rect = CGRectMake(10, 20, -4, 8)
        XCTAssertEqual(
            [CGRectGetMinX(rect), CGRectGetMidX(rect), CGRectGetMaxX(rect), CGRectGetMinY(rect), CGRectGetMidY(rect), CGRectGetMaxY(rect)],
            [6, 8, 10, 20, 24, 28])
        XCTAssertEqual([CGRectGetWidth(rect), CGRectGetHeight(rect)], [4, 8])
        XCTAssertEqual(CGRectStandardize(rect), CGRect(x: 6, y: 20, width: 4, height: 8))
        XCTAssertTrue(CGRectIsEmpty(CGRectMake(1, 1, 0, 5)))
        XCTAssertFalse(CGRectIsEmpty(rect))
        XCTAssertTrue(CGRectIsNull(CGRectNull))
        XCTAssertTrue(CGRectIsInfinite(CGRectInfinite))
    }

    func testRectangleRelations() {
        let a = CGRectMake(0, 0, 10, 10)
        let b = CGRectMake(5, 5, 10, 10)
        // Minimum edges belong to the rectangle, maximum edges do not.
        XCTAssertTrue(CGRectContainsPoint(a, CGPointMake(0, 0)))
        XCTAssertFalse(CGRectContainsPoint(a, CGPointMake(10, 5)))
        XCTAssertTrue(CGRectContainsRect(a, CGRectMake(2, 2, 3, 3)))
        XCTAssertFalse(CGRectContainsRect(a, b))
        XCTAssertTrue(CGRectIntersectsRect(a, b))
        XCTAssertFalse(CGRectIntersectsRect(a, CGRectMake(20, 20, 1, 1)))
        XCTAssertEqual(CGRectUnion(a, b), CGRectMake(0, 0, 15, 15))
        XCTAssertEqual(CGRectIntersection(a, b), CGRectMake(5, 5, 5, 5))
        XCTAssertTrue(CGRectIsNull(CGRectIntersection(a, CGRectMake(20, 20, 1, 1))))
        XCTAssertEqual(CGRectInset(a, 2, 3), CGRectMake(2, 3, 6, 4))
        XCTAssertTrue(CGRectIsNull(CGRectInset(a, 6, 0)), "nothing is left of a 10-wide rectangle inset by 6 on each side")
        XCTAssertEqual(CGRectOffset(a, -1, 2), CGRectMake(-1, 2, 10, 10))
        // 0.4 → 0 and 1.2 + 2.3 = 3.5 → 4 horizontally; 0.6 → 0 and 0.6 + 0.2 = 0.8 → 1 vertically.
        XCTAssertEqual(CGRectIntegral(CGRectMake(0.4, 0.6, 3.1, 0.2)), CGRectMake(0, 0, 4, 1))
        XCTAssertTrue(CGRectEqualToRect(a, CGRect(x: 0, y: 0, width: 10, height: 10)))
        XCTAssertTrue(CGPointEqualToPoint(CGPointMake(1, 2), CGPoint(x: 1, y: 2)))
        XCTAssertFalse(CGSizeEqualToSize(CGSizeMake(1, 2), CGSizeMake(2, 1)))
    }

    func testTransformsAppliedAsTheHeaderDefinesThem() {
        // x' = a·x + c·y + tx, y' = b·x + d·y + ty.
        let move = CGAffineTransformMakeTranslation(3, -4)
        XCTAssertEqual(CGPointApplyAffineTransform(CGPointMake(1, 1), move), CGPointMake(4, -3))
        let scale = CGAffineTransformMakeScale(2, 3)
        XCTAssertEqual(CGSizeApplyAffineTransform(CGSizeMake(5, 5), CGAffineTransformConcat(scale, move)), CGSizeMake(10, 15), "a size ignores the translation")
        // A quarter turn: cos = 0, sin = 1, so (1, 0) goes to (0, 1).
        let turn = CGAffineTransformMakeRotation(.pi / 2)
        let turned = CGPointApplyAffineTransform(CGPointMake(1, 0), turn)
        XCTAssertEqual(turned.x, 0, accuracy: 1e-12)
        XCTAssertEqual(turned.y, 1, accuracy: 1e-12)
        // Translate, Scale and Rotate apply their own step first, then t: (1, 1) scaled by 2
        // is (2, 2), then moved by (3, -4) is (5, -2).
        XCTAssertEqual(CGPointApplyAffineTransform(CGPointMake(1, 1), CGAffineTransformScale(move, 2, 2)), CGPointMake(5, -2))
        XCTAssertEqual(CGPointApplyAffineTransform(CGPointMake(0, 0), CGAffineTransformTranslate(scale, 1, 1)), CGPointMake(2, 3))
        let spun = CGPointApplyAffineTransform(CGPointMake(1, 0), CGAffineTransformRotate(move, .pi / 2))
        XCTAssertEqual(spun.x, 3, accuracy: 1e-12)
        XCTAssertEqual(spun.y, -3, accuracy: 1e-12)
        // Concat applies t1, then t2: (1, 1) scaled is (2, 3), then moved is (5, -1).
        XCTAssertEqual(CGPointApplyAffineTransform(CGPointMake(1, 1), CGAffineTransformConcat(scale, move)), CGPointMake(5, -1))
        XCTAssertEqual(CGAffineTransformInvert(move), CGAffineTransformMakeTranslation(-3, 4))
        let flat = CGAffineTransformMake(1, 2, 2, 4, 0, 0)
        XCTAssertEqual(CGAffineTransformInvert(flat), flat, "a transform without an inverse comes back unchanged")
        XCTAssertTrue(CGAffineTransformIsIdentity(CGAffineTransformIdentity))
        XCTAssertFalse(CGAffineTransformIsIdentity(move))
        XCTAssertTrue(CGAffineTransformEqualToTransform(CGAffineTransformMake(1, 0, 0, 1, 3, -4), move))
        // The rectangle (0, 0, 2, 1) turned a quarter holds x from -1 to 0 and y from 0 to 2.
        let box = CGRectApplyAffineTransform(CGRectMake(0, 0, 2, 1), turn)
        XCTAssertEqual(box.minX, -1, accuracy: 1e-12)
        XCTAssertEqual(box.maxX, 0, accuracy: 1e-12)
        XCTAssertEqual(box.minY, 0, accuracy: 1e-12)
        XCTAssertEqual(box.maxY, 2, accuracy: 1e-12)
    }
}
