import CoreGraphics
import TestSupport
import XCTest

final class CGGeometryExtrasTests: XCTestCase {
    func testVectorInitialisersAndZero() {
        XCTAssertEqual(CGVector(dx: 1, dy: 2), CGVector(dx: 1.0 as Double, dy: 2.0 as Double))
        XCTAssertEqual(CGVector(dx: 3 as Int, dy: 4 as Int).dy, 4)
        XCTAssertEqual(CGVector.zero, CGVector())
    }

    func testEqualToMatchesEquality() {
        XCTAssertTrue(CGRect(x: 1, y: 2, width: 3, height: 4).equalTo(CGRect(x: 1, y: 2, width: 3, height: 4)))
        XCTAssertFalse(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 2, y: 1)))
        XCTAssertTrue(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
    }

    func testTransformAndVectorCodableRoundTrip() throws {
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let data = try JSONEncoder().encode(t)
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[1,2,3,4,5,6]")
        XCTAssertEqual(try JSONDecoder().decode(CGAffineTransform.self, from: data), t)
        let v = CGVector(dx: 1.5, dy: -2)
        XCTAssertEqual(try JSONDecoder().decode(CGVector.self, from: JSONEncoder().encode(v)), v)
    }

    func testRotatedThenInvertedIsIdentity() {
        let t = CGAffineTransform.identity.rotated(by: .pi / 3).translatedBy(x: 4, y: -2).scaledBy(x: 2, y: 3)
        let product = t.concatenating(t.inverted())
        XCTAssertEqual(product.a, 1, accuracy: 1e-12)
        XCTAssertEqual(product.b, 0, accuracy: 1e-12)
        XCTAssertEqual(product.tx, 0, accuracy: 1e-12)
        XCTAssertEqual(product.ty, 0, accuracy: 1e-12)
        let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 1, accuracy: 1e-12)
    }

    func testSRGBAndGenericGrayColourInitialisers() {
        XCTAssertEqual(CGColor(srgbRed: 0.1, green: 0.2, blue: 0.3, alpha: 1), CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1))
        XCTAssertEqual(CGColor(genericGrayGamma2_2Gray: 0.5, alpha: 1), CGColor(gray: 0.5, alpha: 1))
        XCTAssertEqual(CGColor.white.components, [1, 1])
        XCTAssertEqual(CGColor.clear.alpha, 0)
    }
}
