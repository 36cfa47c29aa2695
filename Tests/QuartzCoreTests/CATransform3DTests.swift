import QuartzCore
import TestSupport
import XCTest

final class CATransform3DTests: XCTestCase {
    func testIdentity() {
        let t = CATransform3DIdentity
        XCTAssertEqual([t.m11, t.m22, t.m33, t.m44], [1, 1, 1, 1])
        XCTAssertEqual([t.m12, t.m13, t.m14, t.m21, t.m23, t.m24, t.m31, t.m32, t.m34, t.m41, t.m42, t.m43], [CGFloat](repeating: 0, count: 12))
        XCTAssertTrue(CATransform3DIsIdentity(t))
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3D()))
    }

    func testTranslationLivesInFourthRow() {
        let t = CATransform3DMakeTranslation(1, 2, 3)
        XCTAssertEqual(t.m41, 1)
        XCTAssertEqual(t.m42, 2)
        XCTAssertEqual(t.m43, 3)
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DMakeTranslation(1, 2, 0)))
        XCTAssertFalse(CATransform3DIsAffine(t))
    }

    func testScale() {
        let t = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual([t.m11, t.m22, t.m33, t.m44], [2, 3, 4, 1])
    }

    func testConcatAppliesFirstArgumentFirst() {
        let scale = CATransform3DMakeScale(2, 2, 1)
        let translate = CATransform3DMakeTranslation(10, 20, 0)
        let scaleThenTranslate = CATransform3DConcat(scale, translate)
        XCTAssertEqual(scaleThenTranslate.m11, 2)
        XCTAssertEqual(scaleThenTranslate.m41, 10)
        XCTAssertEqual(scaleThenTranslate.m42, 20)
        let translateThenScale = CATransform3DConcat(translate, scale)
        XCTAssertEqual(translateThenScale.m41, 20)
        XCTAssertEqual(translateThenScale.m42, 40)
        XCTAssertEqual(CATransform3DTranslate(scale, 10, 20, 0), translateThenScale)
        XCTAssertEqual(CATransform3DScale(translate, 2, 2, 1), scaleThenTranslate)
    }

    func testRotationAboutZMatchesAffineRotation() {
        let angle: CGFloat = 0.7
        let t = CATransform3DMakeRotation(angle, 0, 0, 1)
        let affine = CGAffineTransform(rotationAngle: angle)
        XCTAssertEqual(CATransform3DGetAffineTransform(t), affine)
        XCTAssertTrue(CATransform3DIsAffine(t))
        XCTAssertEqual(CATransform3DMakeRotation(angle, 0, 0, 5), t)
    }

    func testRotationAboutXAxis() {
        let t = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        XCTAssertEqual(t.m11, 1)
        XCTAssertEqual(t.m23, 1, accuracy: 1e-12)
        XCTAssertEqual(t.m32, -1, accuracy: 1e-12)
        XCTAssertEqual(t.m22, 0, accuracy: 1e-12)
        XCTAssertEqual(t.m33, 0, accuracy: 1e-12)
    }

    func testRotationWithZeroAxisIsIdentity() {
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, 0, 0, 0)))
    }

    func testAffineConversionsRoundTrip() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        XCTAssertEqual(
            t,
            CATransform3D(
                m11: 1, m12: 2, m13: 0, m14: 0, m21: 3, m22: 4, m23: 0, m24: 0,
                m31: 0, m32: 0, m33: 1, m34: 0, m41: 5, m42: 6, m43: 0, m44: 1))
        XCTAssertTrue(CATransform3DIsAffine(t))
        XCTAssertEqual(CATransform3DGetAffineTransform(t), affine)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        XCTAssertFalse(CATransform3DIsAffine(perspective))
    }

    func testInvert() {
        let t = CATransform3DConcat(CATransform3DMakeScale(2, 4, 8), CATransform3DMakeTranslation(1, 2, 3))
        let inverse = CATransform3DInvert(t)
        XCTAssertEqual(
            inverse,
            CATransform3DConcat(CATransform3DMakeTranslation(-1, -2, -3), CATransform3DMakeScale(0.5, 0.25, 0.125)))
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DConcat(t, inverse)))
        let singular = CATransform3DMakeScale(0, 1, 1)
        XCTAssertEqual(CATransform3DInvert(singular), singular)
    }

    // Apple: CATransform3DTranslate/Scale/Rotate apply the new step *before* t: t' = step × t.
    func testTranslateScaleRotatePrependTheStep() {
        let t = CATransform3DMakeScale(2, 3, 4)
        XCTAssertEqual(CATransform3DTranslate(t, 1, 1, 1), CATransform3DConcat(CATransform3DMakeTranslation(1, 1, 1), t))
        XCTAssertEqual(CATransform3DTranslate(t, 1, 1, 1).m41, 2)
        XCTAssertEqual(CATransform3DScale(CATransform3DMakeTranslation(5, 0, 0), 2, 2, 2).m41, 5)
        let rotated = CATransform3DRotate(CATransform3DMakeTranslation(5, 0, 0), .pi / 2, 0, 0, 1)
        XCTAssertEqual(rotated.m41, 5)
        XCTAssertEqual(rotated.m12, 1, accuracy: 1e-12)
    }

    // Apple's convention: a positive angle about z turns x towards y; about y turns z towards x.
    func testRotationDirections() {
        let aboutZ = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        XCTAssertEqual(aboutZ.m12, 1, accuracy: 1e-12)
        XCTAssertEqual(aboutZ.m21, -1, accuracy: 1e-12)
        let aboutY = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        XCTAssertEqual(aboutY.m13, -1, accuracy: 1e-12)
        XCTAssertEqual(aboutY.m31, 1, accuracy: 1e-12)
        let aboutX = CATransform3DMakeRotation(.pi / 2, 1, 0, 0)
        XCTAssertEqual(aboutX.m23, 1, accuracy: 1e-12)
        XCTAssertEqual(aboutX.m32, -1, accuracy: 1e-12)
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3DMakeRotation(1, .nan, 0, 0)))
    }

    func testInvertRoundTripsIncludingPerspective() {
        var t = CATransform3DRotate(CATransform3DMakeTranslation(3, -2, 7), 0.7, 1, 2, 3)
        t.m34 = -1.0 / 400
        let product = CATransform3DConcat(t, CATransform3DInvert(t))
        XCTAssertTrue(product.m11 > 1 - 1e-9 && product.m11 < 1 + 1e-9)
        XCTAssertEqual(product.m34, 0, accuracy: 1e-12)
        XCTAssertEqual(product.m41, 0, accuracy: 1e-12)
        XCTAssertEqual(product.m44, 1, accuracy: 1e-12)
        XCTAssertEqual(CATransform3DInvert(CATransform3D()), CATransform3D())
    }

    func testAffineQueries() {
        XCTAssertTrue(CATransform3DIsAffine(CATransform3DMakeTranslation(4, 5, 0)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeTranslation(4, 5, 1)))
        XCTAssertFalse(CATransform3DIsAffine(CATransform3DMakeRotation(0.1, 1, 0, 0)))
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        XCTAssertFalse(CATransform3DIsAffine(perspective))
        XCTAssertEqual(
            CATransform3DGetAffineTransform(CATransform3DMakeScale(2, 3, 4)), CGAffineTransform(scaleX: 2, y: 3))
        XCTAssertTrue(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 1, 1), CATransform3DIdentity))
        XCTAssertFalse(CATransform3DEqualToTransform(CATransform3DMakeScale(1, 1, 2), CATransform3DIdentity))
        XCTAssertFalse(CATransform3DIsIdentity(CATransform3D()))
    }
}
