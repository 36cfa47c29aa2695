import QuartzCore
import TestSupport
import XCTest

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerPresentationTests: XCTestCase {
    // presentationLayer returns nil if the layer has not been committed.
    func testPresentationIsNilUntilCommitted() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        XCTAssertNil(layer.presentation())
        layer.bounds = CGRect(x: 0, y: 0, width: 1, height: 1)
        XCTAssertNil(layer.presentation())
        CATransaction.flush()
        XCTAssertNotNil(layer.presentation())
    }

    // The presentation layer's sublayers, mask and superlayer are presentation versions.
    func testRelationsOfPresentationAreThemselvesPresentation() async throws {
        commitEarlierTestsChanges()
        let root = CALayer(), child = CALayer(), maskLayer = CALayer()
        root.addSublayer(child)
        child.mask = maskLayer
        CATransaction.flush()
        let presentedRoot = try XCTUnwrap(root.presentation())
        let presentedChild = try XCTUnwrap(child.presentation())
        let presentedMask = try XCTUnwrap(maskLayer.presentation())
        XCTAssertTrue(presentedRoot.sublayers?.first === presentedChild)
        XCTAssertTrue(presentedChild.superlayer === presentedRoot)
        XCTAssertTrue(presentedChild.mask === presentedMask)
        XCTAssertTrue(presentedMask.superlayer === presentedChild, "a mask's superlayer is the layer it masks")
        XCTAssertTrue(presentedChild.model() === child)
        XCTAssertTrue(presentedMask.model() === maskLayer)
        XCTAssertTrue(child.model() === child)
        XCTAssertTrue(presentedChild.presentation() === presentedChild)
    }

    // The presentation keeps the committed values until the next commit.
    func testPresentationKeepsCommittedValuesUntilNextCommit() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        layer.cornerRadius = 3
        layer.shadowOpacity = 0.5
        CATransaction.flush()
        layer.cornerRadius = 9
        XCTAssertEqual(layer.presentation()?.cornerRadius, 3)
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.cornerRadius, 9)
        XCTAssertEqual(layer.presentation()?.shadowOpacity, 0.5)
    }

    // hitTest on the presentation layer queries presentation values.
    func testACommitReplacesValuesSetOnThePresentationLayer() async throws {
        // The presentation layer shows the last commit: a value set on it directly lasts
        // only until the next commit, even one that changed another property.
        commitEarlierTestsChanges()
        let layer = CALayer()
        layer.opacity = 0.5
        CATransaction.flush()
        let presentation = try XCTUnwrap(layer.presentation())
        presentation.opacity = 0.25
        XCTAssertEqual(layer.presentation()?.opacity, 0.25)
        layer.position = CGPoint(x: 7, y: 9)
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 7, y: 9))
        XCTAssertEqual(layer.presentation()?.opacity, 0.5)
    }

    func testAMaskTakenByAnotherLayerLeavesItsFormerOwnersPresentation() async throws {
        // Setting a layer that masks another as a new layer's mask moves it: the former
        // owner's presentation loses the mask too.
        commitEarlierTestsChanges()
        let first = CALayer(), second = CALayer(), mask = CALayer()
        first.mask = mask
        CATransaction.flush()
        XCTAssertTrue(first.presentation()?.mask === mask.presentation())
        second.mask = mask
        CATransaction.flush()
        XCTAssertNil(first.mask)
        XCTAssertNil(first.presentation()?.mask, "the former owner's presentation keeps no mask")
        XCTAssertTrue(second.presentation()?.mask === mask.presentation())
    }

    func testHitTestOnPresentationUsesPresentationValues() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(child)
        CATransaction.flush()
        child.frame = CGRect(x: 50, y: 50, width: 10, height: 10)
        XCTAssertTrue(root.hitTest(CGPoint(x: 55, y: 55)) === child)
        XCTAssertTrue(root.presentation()?.hitTest(CGPoint(x: 55, y: 55))?.model() === root)
        XCTAssertTrue(root.presentation()?.hitTest(CGPoint(x: 5, y: 5))?.model() === child)
        CATransaction.flush()
        XCTAssertTrue(root.presentation()?.hitTest(CGPoint(x: 55, y: 55))?.model() === child)
    }

    // Removing a mask is reflected in the presentation tree.
    func testMaskRemovalReachesPresentation() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer(), maskLayer = CALayer()
        layer.mask = maskLayer
        CATransaction.flush()
        XCTAssertNotNil(layer.presentation()?.mask)
        layer.mask = nil
        CATransaction.flush()
        XCTAssertNil(layer.presentation()?.mask)
    }

    // A change of the mask layer alone commits the tree it masks.
    func testMaskChangeCommitsOwnerTree() async throws {
        commitEarlierTestsChanges()
        let root = CALayer(), maskLayer = CALayer()
        root.mask = maskLayer
        CATransaction.flush()
        var roots: [CALayer] = []
        let token = CATransaction.addCommitObserver { roots = $0 }
        defer { CATransaction.removeCommitObserver(token) }
        maskLayer.opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(roots.count, 1)
        XCTAssertTrue(roots.first === root)
        XCTAssertEqual(root.presentation()?.mask?.opacity, 0.5)
    }
}
