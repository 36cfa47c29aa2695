import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerHitTestRulesTests: XCTestCase {
    func testHitThroughRotationAboutY() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let card = layer("card", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        // Squeezed to half its width around x = 100: 75...125.
        XCTAssertTrue(root.hitTest(CGPoint(x: 80, y: 100)) === card)
        XCTAssertTrue(root.hitTest(CGPoint(x: 60, y: 100)) === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 124, y: 60)) === card)
    }

    func testHitThroughPerspectiveSublayerTransform() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        root.sublayerTransform = perspective
        let card = layer("card", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        card.zPosition = 100
        // Closer to the viewer: enlarged by 500 / 400 about the centre, 37.5...162.5.
        XCTAssertTrue(root.hitTest(CGPoint(x: 40, y: 100)) === card)
        XCTAssertTrue(root.hitTest(CGPoint(x: 36, y: 100)) === root)
    }

    func testLayerSeenEdgeOnIsNotHit() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 200))
        let card = layer("card", CGRect(x: 50, y: 50, width: 100, height: 100), in: root)
        card.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        XCTAssertTrue(root.hitTest(CGPoint(x: 101, y: 100)) === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 99, y: 100)) === root)
    }

    func testSublayerTransformAndFlipApplyToHitTesting() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        root.isGeometryFlipped = true
        let bottom = layer("bottom", CGRect(x: 0, y: 0, width: 100, height: 10), in: root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 95)) === bottom)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 5)) === root)
    }

    func testZPositionBeatsOrderAndEqualZKeepsOrder() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = layer("a", CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
        let b = layer("b", CGRect(x: 0, y: 0, width: 50, height: 50), in: root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === b)
        a.zPosition = 1
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === a)
        b.zPosition = 1
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === b)
        b.zPosition = -1
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === a)
    }

    func testMasksToBoundsCutsOffSublayersButNotSiblings() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        let clip = layer("clip", CGRect(x: 0, y: 0, width: 20, height: 20), in: root)
        let overflow = layer("overflow", CGRect(x: 10, y: 10, width: 40, height: 40), in: clip)
        XCTAssertTrue(root.hitTest(CGPoint(x: 30, y: 30)) === overflow)
        clip.masksToBounds = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 30, y: 30)) === root)
        XCTAssertTrue(root.hitTest(CGPoint(x: 15, y: 15)) === overflow)
    }

    func testContainsCanBeOverridden() async throws {
        final class Round: CALayer {
            override func contains(_ p: CGPoint) -> Bool {
                let dx = p.x - bounds.midX
                let dy = p.y - bounds.midY
                return dx * dx + dy * dy <= (bounds.width / 2) * (bounds.width / 2)
            }
        }
        let root = layer("root", CGRect(x: 0, y: 0, width: 100, height: 100))
        let round = Round()
        round.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.addSublayer(round)
        XCTAssertTrue(root.hitTest(CGPoint(x: 10, y: 10)) === round)
        XCTAssertTrue(root.hitTest(CGPoint(x: 1, y: 1)) === root)
    }
}
