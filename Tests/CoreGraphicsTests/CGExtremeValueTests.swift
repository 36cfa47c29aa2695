import CoreGraphics
import Foundation
import TestSupport
import XCTest

/// Huge but finite values give a drawing (or a clamped one), never a trap or a hang.
final class CGExtremeValueTests: XCTestCase {
    private func context() throws -> CGContext {
        try XCTUnwrap(makeContext(width: 40, height: 40))
    }

    func testAShadowWithAHugeBlurDrawsTheShapeAndNoVisibleShadow() throws {
        let c = try context()
        c.setShadow(offset: CGSize(width: 10, height: 10), blur: 1e300, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        let image = c.makeImage()
        assertPixel(image, 10, 30, px(255, 0, 0), tolerance: 0)
        assertPixel(image, 20, 20, px(0, 0, 0, 0), tolerance: 1)
    }

    func testAShadowWithAHugeOffsetDrawsTheShapeOnly() throws {
        let c = try context()
        c.setShadow(offset: CGSize(width: 1e300, height: -1e300), blur: 2, color: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 5, y: 5, width: 10, height: 10))
        let image = c.makeImage()
        assertPixel(image, 10, 30, px(255, 0, 0))
        assertPixel(image, 30, 10, px(0, 0, 0, 0))
    }

    func testAHugeArcSweepIsTheFullCircleEndingOnIt() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 30, y: 20))
        path.addRelativeArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, delta: 1e20 * .pi)
        // Cubic curves approximate the circle within 0.03 % of its radius (0.003 here).
        let box = path.boundingBoxOfPath
        XCTAssertEqual(box.minX, 10, accuracy: 0.003)
        XCTAssertEqual(box.maxX, 30, accuracy: 0.003)
        XCTAssertEqual(box.minY, 10, accuracy: 0.003)
        XCTAssertEqual(box.maxY, 30, accuracy: 0.003)
        // It ends on the circle (where exactly depends on 1e20·π's remainder by 2π).
        let end = path.currentPoint
        XCTAssertEqual(hypot(end.x - 20, end.y - 20), 10, accuracy: 1e-6)
    }
}
