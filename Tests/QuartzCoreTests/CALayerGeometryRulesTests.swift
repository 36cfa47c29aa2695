import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerGeometryRulesTests: XCTestCase {
    // position (50, 50) and bounds (0, 0, 100, 100) give frame (0, 0, 100, 100).
    func testPositionAndBoundsFromSeedListing() async throws {
        let layer = CALayer()
        layer.position = CGPoint(x: 50, y: 50)
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    // frame (0, 0, 40, 40) then position (100, 30) moves the frame to (80, 10).
    func testPositionAfterFrameMovesFrame() async throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        layer.position = CGPoint(x: 100, y: 30)
        XCTAssertEqual(layer.frame, CGRect(x: 80, y: 10, width: 40, height: 40))
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: 40, height: 40))
    }

    func testAnchorPointOutsideUnitSquare() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        layer.anchorPoint = CGPoint(x: 2, y: -1)
        layer.position = CGPoint(x: 100, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 80, y: 120, width: 10, height: 20))
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        XCTAssertEqual(layer.position, CGPoint(x: 20, y: -20))
    }

    func testNegativeBoundsSizeIsKeptAndFrameIsStandardized() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: -10, height: -20)
        XCTAssertEqual(layer.bounds, CGRect(x: 0, y: 0, width: -10, height: -20))
        layer.position = CGPoint(x: 50, y: 50)
        XCTAssertEqual(layer.frame, CGRect(x: 45, y: 40, width: 10, height: 20))
    }

    func testNegativeFrameSizeIsStandardized() async throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 10, y: 10, width: -4, height: -6)
        XCTAssertEqual(layer.frame, CGRect(x: 6, y: 4, width: 4, height: 6))
        XCTAssertEqual(layer.bounds.size, CGSize(width: 4, height: 6))
    }

    func testFrameSetUnderScaleTransformRoundTrips() async throws {
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: -4))
        layer.frame = CGRect(x: 10, y: 20, width: 100, height: 40)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 50, height: 10))
        XCTAssertEqual(layer.frame, CGRect(x: 10, y: 20, width: 100, height: 40))
        XCTAssertEqual(layer.affineTransform(), CGAffineTransform(scaleX: 2, y: -4))
    }

    func testFrameSetUnderQuarterTurnRoundTrips() async throws {
        let layer = CALayer()
        layer.setAffineTransform(CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0))
        layer.frame = CGRect(x: 0, y: 0, width: 30, height: 80)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 80, height: 30))
        assertEqual(layer.frame, CGRect(x: 0, y: 0, width: 30, height: 80))
    }

    func testFrameSetUnderFreeRotationKeepsBoundsAndCentresBox() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        layer.frame = CGRect(x: 100, y: 200, width: 50, height: 60)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 10, height: 10))
        assertEqual(layer.position, CGPoint(x: 125, y: 230))
        let box = layer.frame
        XCTAssertEqual(box.midX, 125, accuracy: 1e-9)
        XCTAssertEqual(box.midY, 230, accuracy: 1e-9)
        XCTAssertEqual(box.width, 10 * 2.0.squareRoot(), accuracy: 1e-9)
    }

    func testFrameUnder3DRotationIsProjectedBoundingBox() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 100, y: 100)
        layer.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        assertEqual(layer.frame, CGRect(x: 75, y: 75, width: 50, height: 50))
    }

    func testNonFiniteGeometryIsRefusedWithDiagnostic() async throws {
        let layer = CALayer()
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        let diagnostics = capturingDiagnostics {
            layer.position = CGPoint(x: CGFloat.nan, y: 0)
            layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
            layer.frame = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            layer.anchorPoint = CGPoint(x: 0, y: -CGFloat.infinity)
            layer.zPosition = .nan
            layer.anchorPointZ = .infinity
            var t = CATransform3DIdentity
            t.m34 = .nan
            layer.transform = t
            layer.sublayerTransform = t
            layer.cornerRadius = .nan
            layer.borderWidth = .infinity
            layer.shadowRadius = .nan
            layer.shadowOffset = CGSize(width: CGFloat.nan, height: 0)
            layer.contentsRect = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
            layer.contentsCenter = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        }
        XCTAssertEqual(diagnostics.count, 14)
        XCTAssertTrue(diagnostics.allSatisfy { $0.code == .nonFiniteValue })
        XCTAssertTrue(diagnostics[0].message.contains("position"), diagnostics[0].message)
        XCTAssertEqual(layer.frame, CGRect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(layer.anchorPoint, CGPoint(x: 0.5, y: 0.5))
        XCTAssertTrue(CATransform3DIsIdentity(layer.transform))
        XCTAssertEqual(layer.cornerRadius, 0)
        XCTAssertEqual(layer.shadowRadius, 3)
    }

    func testInvalidContentsScaleIsRefused() async throws {
        let layer = CALayer()
        let diagnostics = capturingDiagnostics {
            layer.contentsScale = 0
            layer.contentsScale = -2
            layer.contentsScale = .nan
        }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidValue, .invalidValue, .invalidValue])
        XCTAssertEqual(layer.contentsScale, 1)
        layer.contentsScale = 2
        XCTAssertEqual(layer.contentsScale, 2)
    }

    func testDiagnosticNamesTheLayer() async throws {
        let layer = CALayer()
        layer.name = "card"
        let diagnostics = capturingDiagnostics { layer.position = CGPoint(x: CGFloat.infinity, y: 0) }
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics[0].message.hasPrefix("CALayer \"card\": position"), diagnostics[0].message)
    }

    func testAffineTransformAccessors() async throws {
        let layer = CALayer()
        let t = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        layer.setAffineTransform(t)
        XCTAssertEqual(layer.affineTransform(), t)
        XCTAssertEqual(layer.transform.m41, 5)
        XCTAssertTrue(CATransform3DIsAffine(layer.transform))
    }

    func testAnchorPointZIsThePivotOfRotationsAboutY() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.anchorPointZ = 10
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
        // Centre (5, 5, 0) sits at z = −10 from the pivot: the quarter turn moves it to x −10 (flattened).
        let centre = layer.convert(CGPoint(x: 5, y: 5), to: nil)
        XCTAssertEqual(centre.x, -10, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 0, accuracy: 1e-9)
    }

    // Apple: a bounds change marks layout needed; with needsDisplayOnBoundsChange also display.
    func testBoundsChangeMarksLayoutAndOptionallyDisplay() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        XCTAssertFalse(layer.needsLayout())
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertTrue(layer.needsLayout())
        XCTAssertFalse(layer.needsDisplay())
        layer.layoutIfNeeded()
        XCTAssertFalse(layer.needsLayout())
        layer.needsDisplayOnBoundsChange = true
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        XCTAssertTrue(layer.needsLayout())
        XCTAssertTrue(layer.needsDisplay())
        CATransaction.flush()
        XCTAssertFalse(layer.needsLayout())
        XCTAssertFalse(layer.needsDisplay())
    }
}
