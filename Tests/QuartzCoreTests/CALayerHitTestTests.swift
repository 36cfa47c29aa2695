import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerHitTestTests: XCTestCase {
    /// A root layer covering (0, 0, 300, 200) in its superlayer's (window) coordinates.
    private func makeRoot() -> CALayer {
        let root = CALayer()
        root.name = "root"
        root.frame = CGRect(x: 0, y: 0, width: 300, height: 200)
        return root
    }

    private func makeLayer(_ name: String, frame: CGRect, in parent: CALayer) -> CALayer {
        let layer = CALayer()
        layer.name = name
        layer.frame = frame
        parent.addSublayer(layer)
        return layer
    }

    func testContainsUsesOwnBounds() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 10, y: 10, width: 20, height: 20)
        XCTAssertTrue(layer.contains(CGPoint(x: 10, y: 10)))
        XCTAssertTrue(layer.contains(CGPoint(x: 29.9, y: 29.9)))
        XCTAssertFalse(layer.contains(CGPoint(x: 30, y: 15)))
        XCTAssertFalse(layer.contains(CGPoint(x: 5, y: 15)))
    }

    func testPointInsideOnlyRootHitsRoot() async throws {
        let root = makeRoot()
        _ = makeLayer("a", frame: CGRect(x: 10, y: 10, width: 50, height: 50), in: root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 200, y: 150)) === root)
    }

    func testPointOutsideHitsNothing() async throws {
        let root = makeRoot()
        _ = makeLayer("a", frame: CGRect(x: 10, y: 10, width: 50, height: 50), in: root)
        XCTAssertNil(root.hitTest(CGPoint(x: 301, y: 50)))
        XCTAssertNil(root.hitTest(CGPoint(x: -1, y: 50)))
    }

    func testLaterOverlappingSiblingWins() async throws {
        let root = makeRoot()
        let a = makeLayer("a", frame: CGRect(x: 10, y: 10, width: 100, height: 100), in: root)
        let b = makeLayer("b", frame: CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75)) === b)
        XCTAssertTrue(root.hitTest(CGPoint(x: 20, y: 20)) === a)
        XCTAssertTrue(root.hitTest(CGPoint(x: 140, y: 140)) === b)
    }

    func testHigherZPositionWinsEvenWhenEarlier() async throws {
        let root = makeRoot()
        let a = makeLayer("a", frame: CGRect(x: 10, y: 10, width: 100, height: 100), in: root)
        let b = makeLayer("b", frame: CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        a.zPosition = 1
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75)) === a)
        b.zPosition = 2
        XCTAssertTrue(root.hitTest(CGPoint(x: 75, y: 75)) === b)
    }

    func testHiddenLayerAndItsSubtreeAreNeverHit() async throws {
        let root = makeRoot()
        let a = makeLayer("a", frame: CGRect(x: 10, y: 10, width: 100, height: 100), in: root)
        let child = makeLayer("child", frame: CGRect(x: 0, y: 0, width: 50, height: 50), in: a)
        XCTAssertTrue(root.hitTest(CGPoint(x: 20, y: 20)) === child)
        a.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 20, y: 20)) === root)
        root.isHidden = true
        XCTAssertNil(root.hitTest(CGPoint(x: 20, y: 20)))
    }

    func testSublayerOutsideParentIsHitUnlessMasked() async throws {
        let root = makeRoot()
        let a = makeLayer("a", frame: CGRect(x: 10, y: 10, width: 50, height: 50), in: root)
        let child = makeLayer("child", frame: CGRect(x: 40, y: 40, width: 50, height: 50), in: a)
        // (90, 90) in root is (80, 80) in a: outside a, inside child.
        XCTAssertTrue(root.hitTest(CGPoint(x: 90, y: 90)) === child)
        a.masksToBounds = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 90, y: 90)) === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 55, y: 55)) === child)
    }

    func testHitTestUsesBoundsOrigin() async throws {
        let root = makeRoot()
        root.bounds.origin = CGPoint(x: 100, y: 0)
        let a = makeLayer("a", frame: CGRect(x: 100, y: 0, width: 20, height: 20), in: root)
        // Root's bounds origin (100, 0) is at the window's (0, 0).
        XCTAssertTrue(root.hitTest(CGPoint(x: 5, y: 5)) === a)
        XCTAssertTrue(root.hitTest(CGPoint(x: 105, y: 5)) === root)
    }

    func testScaledLayerIsHitInScaledArea() async throws {
        let root = makeRoot()
        let a = makeLayer("a", frame: CGRect(x: 50, y: 50, width: 20, height: 20), in: root)
        a.setAffineTransform(CGAffineTransform(scaleX: 3, y: 3))
        // Centre (60, 60); scaled it covers (30, 30) to (90, 90).
        XCTAssertTrue(root.hitTest(CGPoint(x: 35, y: 85)) === a)
        XCTAssertTrue(root.hitTest(CGPoint(x: 25, y: 60)) === root)
    }

    func testRotatedLayerIsHitInRotatedArea() async throws {
        let root = makeRoot()
        let a = makeLayer("a", frame: CGRect(x: 50, y: 90, width: 100, height: 20), in: root)
        a.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        // Centre (100, 100); rotated a quarter turn it covers x 90...110, y 50...150.
        XCTAssertTrue(root.hitTest(CGPoint(x: 100, y: 60)) === a)
        XCTAssertTrue(root.hitTest(CGPoint(x: 100, y: 140)) === a)
        XCTAssertTrue(root.hitTest(CGPoint(x: 60, y: 100)) === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 140, y: 100)) === root)
    }

    func testNonInvertibleTransformIsNeverHit() async throws {
        let root = makeRoot()
        let a = makeLayer("a", frame: CGRect(x: 50, y: 50, width: 20, height: 20), in: root)
        a.setAffineTransform(CGAffineTransform(scaleX: 0, y: 1))
        XCTAssertTrue(root.hitTest(CGPoint(x: 60, y: 60)) === root)
    }
}
