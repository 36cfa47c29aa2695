import QuartzCore
import TestSupport
import XCTest

final class TransformInterpolationTests: XCTestCase {
    private func assertClose(_ a: CATransform3D, _ b: CATransform3D, accuracy: CGFloat = 1e-9, _ message: String = "", line: UInt = #line) {
        let lhs = [a.m11, a.m12, a.m13, a.m14, a.m21, a.m22, a.m23, a.m24, a.m31, a.m32, a.m33, a.m34, a.m41, a.m42, a.m43, a.m44]
        let rhs = [b.m11, b.m12, b.m13, b.m14, b.m21, b.m22, b.m23, b.m24, b.m31, b.m32, b.m33, b.m34, b.m41, b.m42, b.m43, b.m44]
        for (index, (x, y)) in zip(lhs, rhs).enumerated() {
            XCTAssertEqual(x, y, accuracy: accuracy, "element \(index): \(message)\n\(a)\n\(b)", line: line)
        }
    }

    func testDecompositionRoundTrips() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        let cases: [(String, CATransform3D)] = [
            ("identity", CATransform3DIdentity),
            ("translation", CATransform3DMakeTranslation(10, -20, 5)),
            ("scale", CATransform3DMakeScale(2, 0.5, 3)),
            ("mirror", CATransform3DMakeScale(-1, 1, 1)),
            ("rotation z", CATransform3DMakeRotation(0.7, 0, 0, 1)),
            ("rotation about an oblique axis", CATransform3DMakeRotation(2.1, 1, 2, -0.5)),
            ("affine skew", CATransform3DMakeAffineTransform(CGAffineTransform(a: 1, b: 0.2, c: 0.7, d: 1.3, tx: 4, ty: 9))),
            ("composite", CATransform3DTranslate(CATransform3DRotate(CATransform3DMakeScale(1.5, 2, 1), 0.4, 0, 1, 0), 30, 40, 50)),
            ("perspective", CATransform3DConcat(CATransform3DMakeRotation(0.5, 0, 1, 0), perspective)),
        ]
        for (name, transform) in cases {
            let decomposition = try XCTUnwrap(CATransform3DDecomposition(transform), name)
            assertClose(decomposition.transform, transform, name)
        }
    }

    func testRotationQuaternionSignFollowsTheRowVectorConvention() throws {
        let rotation = try XCTUnwrap(CATransform3DDecomposition(CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        XCTAssertEqual(rotation.quaternion.z, (0.5).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(rotation.quaternion.w, (0.5).squareRoot(), accuracy: 1e-12)
    }

    func testHalfwayBetweenRotationsIsTheHalfRotation() {
        let halfway = CATransform3DInterpolate(CATransform3DIdentity, CATransform3DMakeRotation(.pi / 2, 0, 0, 1), 0.5)
        assertClose(halfway, CATransform3DMakeRotation(.pi / 4, 0, 0, 1))
    }

    func testRotationTakesTheShortestArc() {
        let from = CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1)
        let to = CATransform3DMakeRotation(-170 * .pi / 180, 0, 0, 1)
        let halfway = CATransform3DInterpolate(from, to, 0.5)
        assertClose(halfway, CATransform3DMakeRotation(.pi, 0, 0, 1), accuracy: 1e-9, "through 180°, not through 0°")
    }

    func testTranslationAndScaleInterpolateLinearly() {
        let from = CATransform3DMakeTranslation(0, 0, 0)
        let to = CATransform3DScale(CATransform3DMakeTranslation(100, 50, 0), 3, 3, 1)
        let quarter = CATransform3DInterpolate(from, to, 0.25)
        assertClose(quarter, CATransform3DScale(CATransform3DMakeTranslation(25, 12.5, 0), 1.5, 1.5, 1))
    }

    func testEndpointsAreExact() {
        let from = CATransform3DMakeRotation(0.3, 1, 1, 0)
        let to = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 2), 5, 6, 7)
        assertClose(CATransform3DInterpolate(from, to, 0), from)
        assertClose(CATransform3DInterpolate(from, to, 1), to)
    }

    func testSingularTransformsFallBackToComponentInterpolation() {
        let flat = CATransform3DMakeScale(0, 1, 1)
        XCTAssertNil(CATransform3DDecomposition(flat))
        let halfway = CATransform3DInterpolate(flat, CATransform3DIdentity, 0.5)
        XCTAssertEqual(halfway.m11, 0.5)
        XCTAssertEqual(halfway.m22, 1)
        var degenerate = CATransform3DIdentity
        degenerate.m44 = 0
        XCTAssertNil(CATransform3DDecomposition(degenerate))
    }
}
