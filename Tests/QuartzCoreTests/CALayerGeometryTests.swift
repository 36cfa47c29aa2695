import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerGeometryTests: XCTestCase {
    func testDefaults() async throws {
        let layer = CALayer()
        XCTAssertEqual(layer.bounds, .zero)
        XCTAssertEqual(layer.position, .zero)
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(layer.frame, .zero)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertFalse(layer.isHidden)
        XCTAssertEqual(layer.zPosition, 0)
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertNil(layer.contents)
        XCTAssertFalse(layer.masksToBounds)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.sublayers)
        XCTAssertNil(layer.superlayer)
    }

    func testFrameFollowsPositionAndCentredAnchorPoint() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 150, y: 75, width: 100, height: 50))
    }

    func testFrameFollowsAnchorPoint() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        layer.anchorPoint = .zero
        XCTAssertEqual(layer.frame, CGRect(x: 200, y: 100, width: 100, height: 50))
        layer.anchorPoint = CGPoint(x: 1, y: 1)
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 50, width: 100, height: 50))
    }

    func testBoundsOriginDoesNotMoveFrame() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 30, y: 40, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 150, y: 75, width: 100, height: 50))
    }

    func testSettingFrameSetsBoundsSizeAndPosition() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 5, y: 6, width: 1, height: 1)
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertEqual(layer.bounds, CGRect(x: 5, y: 6, width: 100, height: 50))
        XCTAssertEqual(layer.position, CGPoint(x: 60, y: 45))
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(layer.position, CGPoint(x: 10, y: 20))
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 30, height: 40))
    }

    func testFrameWithTransformIsBoundingBox() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 25, width: 200, height: 150))
        layer.setAffineTransform(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        XCTAssertEqual(layer.frame, CGRect(x: 175, y: 50, width: 50, height: 100))
        XCTAssertEqual(layer.affineTransform(), CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
    }

    func testOpacityIsClamped() async throws {
        let layer = CALayer()
        layer.opacity = 2
        XCTAssertEqual(layer.opacity, 1)
        layer.opacity = -1
        XCTAssertEqual(layer.opacity, 0)
        layer.opacity = .nan
        XCTAssertEqual(layer.opacity, 0)
        layer.opacity = 0.25
        XCTAssertEqual(layer.opacity, 0.25)
    }

    func testHierarchyEditing() async throws {
        let root = CALayer()
        let a = CALayer()
        let b = CALayer()
        let c = CALayer()
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        XCTAssertEqual(root.sublayers?.map(ObjectIdentifier.init), [c, a, b].map(ObjectIdentifier.init))
        XCTAssertTrue(a.superlayer === root)
        root.insertSublayer(c, above: b)
        XCTAssertEqual(root.sublayers?.map(ObjectIdentifier.init), [a, b, c].map(ObjectIdentifier.init))
        root.insertSublayer(c, below: a)
        XCTAssertEqual(root.sublayers?.map(ObjectIdentifier.init), [c, a, b].map(ObjectIdentifier.init))
        b.removeFromSuperlayer()
        XCTAssertNil(b.superlayer)
        XCTAssertEqual(root.sublayers?.count, 2)
        let d = CALayer()
        root.replaceSublayer(a, with: d)
        XCTAssertEqual(root.sublayers?.map(ObjectIdentifier.init), [c, d].map(ObjectIdentifier.init))
        XCTAssertNil(a.superlayer)
        root.sublayers = [b]
        XCTAssertNil(c.superlayer)
        XCTAssertTrue(b.superlayer === root)
        root.sublayers = nil
        XCTAssertNil(root.sublayers)
        XCTAssertNil(b.superlayer)
    }

    func testAddingSublayerMovesItFromOldSuperlayer() async throws {
        let first = CALayer()
        let second = CALayer()
        let child = CALayer()
        first.addSublayer(child)
        second.addSublayer(child)
        XCTAssertNil(first.sublayers)
        XCTAssertTrue(child.superlayer === second)
    }

    func testCyclesAreRefused() async throws {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        child.addSublayer(root)
        root.addSublayer(root)
        XCTAssertNil(root.superlayer)
        XCTAssertNil(child.sublayers)
        XCTAssertEqual(root.sublayers?.count, 1)
    }

    func testConvertBetweenLayers() async throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        root.anchorPoint = .zero
        let child = CALayer()
        child.bounds = CGRect(x: 10, y: 10, width: 100, height: 100)
        child.position = CGPoint(x: 100, y: 100)
        child.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        root.addSublayer(child)
        // child's anchor (60, 60) sits at (100, 100) in root; each child unit is 2 root units.
        XCTAssertEqual(child.convert(CGPoint(x: 60, y: 60), to: root), CGPoint(x: 100, y: 100))
        XCTAssertEqual(child.convert(CGPoint(x: 70, y: 60), to: root), CGPoint(x: 120, y: 100))
        XCTAssertEqual(child.convert(CGPoint(x: 120, y: 100), from: root), CGPoint(x: 70, y: 60))
        XCTAssertEqual(root.convert(CGPoint(x: 70, y: 60), from: child), CGPoint(x: 120, y: 100))
        XCTAssertEqual(child.convert(CGPoint(x: 120, y: 100), from: nil), CGPoint(x: 70, y: 60))
        XCTAssertEqual(child.convert(CGPoint(x: 70, y: 60), to: nil), CGPoint(x: 120, y: 100))
    }

    func testInitWithLayerCopiesPropertiesButNotSublayers() async throws {
        let layer = CALayer()
        layer.name = "original"
        layer.bounds = CGRect(x: 1, y: 2, width: 3, height: 4)
        layer.opacity = 0.5
        layer.backgroundColor = CGColor.white
        layer.addSublayer(CALayer())
        let copy = CALayer(layer: layer)
        XCTAssertEqual(copy.name, "original")
        XCTAssertEqual(copy.bounds, layer.bounds)
        XCTAssertEqual(copy.opacity, 0.5)
        XCTAssertEqual(copy.backgroundColor, CGColor.white)
        XCTAssertNil(copy.sublayers)
        XCTAssertEqual(CALayer(layer: "not a layer").opacity, 1)
    }
}
