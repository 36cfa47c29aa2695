import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerConversionTests: XCTestCase {
    func testPointsAndRectsThroughBoundsOrigins() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let scroller = layer(CGRect(x: 10, y: 10, width: 100, height: 100), in: root)
        scroller.bounds.origin = CGPoint(x: 0, y: 50)
        let item = layer(CGRect(x: 5, y: 60, width: 20, height: 20), in: scroller)
        XCTAssertEqual(item.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 15, y: 20))
        XCTAssertEqual(root.convert(CGPoint(x: 15, y: 20), to: item), .zero)
        XCTAssertEqual(item.convert(CGPoint(x: 15, y: 20), from: root), .zero)
        XCTAssertEqual(item.convert(CGRect(x: 0, y: 0, width: 20, height: 20), to: root), CGRect(x: 15, y: 20, width: 20, height: 20))
        XCTAssertEqual(root.convert(CGRect(x: 15, y: 20, width: 2, height: 2), to: item), CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(item.convert(CGPoint(x: 3, y: 4), to: item), CGPoint(x: 3, y: 4))
    }

    func testThroughTransforms() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        let rotated = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        rotated.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        // The quarter turn about the centre (100, 100) maps the top-left corner to the top-right.
        assertEqual(rotated.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 150, y: 50))
        assertEqual(rotated.convert(CGPoint(x: 150, y: 50), from: root), .zero)
        assertEqual(rotated.convert(CGRect(x: 0, y: 0, width: 100, height: 10), to: root), CGRect(x: 140, y: 50, width: 10, height: 100))
    }

    func testThroughSublayerTransformAroundAnchorPoint() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let child = layer(CGRect(x: 50, y: 50, width: 10, height: 10), in: root)
        // Scaled by 2 about the root's centre (50, 50).
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 50, y: 50))
        XCTAssertEqual(child.convert(CGPoint(x: 10, y: 10), to: root), CGPoint(x: 70, y: 70))
        XCTAssertEqual(root.convert(CGPoint(x: 70, y: 70), to: child), CGPoint(x: 10, y: 10))
    }

    func testGeometryFlippedMeasuresSublayersFromTheBottom() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        root.isGeometryFlipped = true
        let child = layer(CGRect(x: 10, y: 0, width: 20, height: 10), in: root)
        let corners = child.convert(CGRect(x: 0, y: 0, width: 20, height: 10), to: root)
        XCTAssertEqual(corners, CGRect(x: 10, y: 90, width: 20, height: 10))
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 10, y: 100))
    }

    func testBetweenDifferentTreesThroughEachRoot() async throws {
        let rootA = layer(CGRect(x: 100, y: 0, width: 50, height: 50))
        let a = layer(CGRect(x: 10, y: 10, width: 10, height: 10), in: rootA)
        let rootB = layer(CGRect(x: 0, y: 200, width: 50, height: 50))
        let b = layer(CGRect(x: 5, y: 5, width: 10, height: 10), in: rootB)
        XCTAssertEqual(a.convert(CGPoint(x: 0, y: 0), to: b), CGPoint(x: 105, y: -195))
        XCTAssertEqual(b.convert(CGPoint(x: 105, y: -195), to: a), .zero)
        XCTAssertEqual(a.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 111, y: 12))
        XCTAssertEqual(a.convert(CGPoint(x: 111, y: 12), from: nil), CGPoint(x: 1, y: 2))
    }

    func testThroughPerspective() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 200, height: 200))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective
        let card = layer(CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        card.transform = CATransform3DMakeRotation(.pi / 4, 0, 1, 0)
        let corner = card.convert(CGPoint(x: 100, y: 0), to: root)
        // The right edge swings away from the viewer (z = −35.36) and shrinks.
        let z = 50 * (2.0).squareRoot() / 2
        let w = 1 + z / 500
        XCTAssertEqual(corner.x, 100 + z / w, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 100 - 50 / w, accuracy: 1e-9)
        assertEqual(root.convert(corner, to: card), CGPoint(x: 100, y: 0), accuracy: 1e-9)
    }

    func testSingularTransformGivesNaN() async throws {
        let root = layer(CGRect(x: 0, y: 0, width: 100, height: 100))
        let flat = layer(CGRect(x: 0, y: 0, width: 10, height: 10), in: root)
        flat.transform = CATransform3DMakeScale(0, 1, 1)
        let p = flat.convert(CGPoint(x: 1, y: 1), from: root)
        XCTAssertTrue(p.x.isNaN && p.y.isNaN)
        XCTAssertTrue(flat.convert(CGRect(x: 0, y: 0, width: 1, height: 1), from: root).isNull)
    }
}
