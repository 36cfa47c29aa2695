import CoreGraphics
import TestSupport
import XCTest

final class CGAffineTransformTests: XCTestCase {
    func testIdentityAndZeroInitializer() {
        XCTAssertEqual(CGAffineTransform.identity, CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertEqual(CGAffineTransform(), CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        XCTAssertFalse(CGAffineTransform().isIdentity)
    }

    func testMakersGiveExactMatrices() {
        XCTAssertEqual(CGAffineTransform(translationX: 3, y: -4), CGAffineTransform(1, 0, 0, 1, 3, -4))
        XCTAssertEqual(CGAffineTransform(scaleX: 2, y: 0.5), CGAffineTransform(2, 0, 0, 0.5, 0, 0))
        let rotation = CGAffineTransform(rotationAngle: .pi / 6)
        XCTAssertEqual(rotation.a, CGFloat(cos(Double.pi / 6)))
        XCTAssertEqual(rotation.b, CGFloat(sin(Double.pi / 6)))
        XCTAssertEqual(rotation.c, -CGFloat(sin(Double.pi / 6)))
        XCTAssertEqual(rotation.d, CGFloat(cos(Double.pi / 6)))
    }

    func testConcatenatingAppliesReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 3)
        let translate = CGAffineTransform(translationX: 10, y: 20)
        XCTAssertEqual(scale.concatenating(translate), CGAffineTransform(2, 0, 0, 3, 10, 20))
        XCTAssertEqual(translate.concatenating(scale), CGAffineTransform(2, 0, 0, 3, 20, 60))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scale.concatenating(translate)), CGPoint(x: 12, y: 23))
    }

    func testTranslatedScaledRotatedPrependToReceiver() {
        let t = CGAffineTransform(scaleX: 2, y: 2).translatedBy(x: 5, y: 6)
        XCTAssertEqual(t, CGAffineTransform(2, 0, 0, 2, 10, 12))
        let s = CGAffineTransform(translationX: 5, y: 6).scaledBy(x: 2, y: 3)
        XCTAssertEqual(s, CGAffineTransform(2, 0, 0, 3, 5, 6))
        let r = CGAffineTransform(translationX: 5, y: 6).rotated(by: 0)
        XCTAssertEqual(r, CGAffineTransform(1, 0, -0.0, 1, 5, 6))
    }

    func testInvertedUndoesTransform() {
        let t = CGAffineTransform(2, 0, 0, 4, 10, 20)
        XCTAssertEqual(t.inverted(), CGAffineTransform(0.5, 0, 0, 0.25, -5, -5))
        XCTAssertEqual(t.concatenating(t.inverted()), .identity)
    }

    func testNonInvertibleTransformIsReturnedUnchanged() {
        let singular = CGAffineTransform(1, 2, 2, 4, 5, 6)
        XCTAssertEqual(singular.inverted(), singular)
        XCTAssertNil(singular.invertedIfPossible())
        XCTAssertNil(CGAffineTransform(CGFloat.nan, 0, 0, 1, 0, 0).invertedIfPossible())
    }

    func testApplyingToPointSizeAndRect() {
        let t = CGAffineTransform(2, 0, 0, 3, 10, 20)
        XCTAssertEqual(CGPoint(x: 1, y: 2).applying(t), CGPoint(x: 12, y: 26))
        XCTAssertEqual(CGSize(width: 4, height: 5).applying(t), CGSize(width: 8, height: 15))
        XCTAssertEqual(CGRect(x: 1, y: 2, width: 4, height: 5).applying(t), CGRect(x: 12, y: 26, width: 8, height: 15))
    }

    func testApplyingRotationToRectGivesBoundingBox() {
        let quarterTurn = CGAffineTransform(0, 1, -1, 0, 0, 0)
        XCTAssertEqual(
            CGRect(x: 0, y: 0, width: 10, height: 20).applying(quarterTurn),
            CGRect(x: -20, y: 0, width: 20, height: 10))
        XCTAssertEqual(CGSize(width: 10, height: 20).applying(quarterTurn), CGSize(width: -20, height: 10))
        XCTAssertTrue(CGRect.null.applying(quarterTurn).isNull)
    }
}
