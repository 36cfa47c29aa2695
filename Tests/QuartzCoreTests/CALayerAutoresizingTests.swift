import QuartzCore
import TestSupport
import XCTest

/// Records the sizes autoresizing reports, and what layout sees.
private final class ResizeRecordingLayer: CALayer {
    var oldSuperlayerSizes: [CGSize] = []
    var oldSizes: [CGSize] = []
    var sublayerWidthsAtLayout: [CGFloat] = []
    override func resize(withOldSuperlayerSize size: CGSize) {
        oldSuperlayerSizes.append(size)
        super.resize(withOldSuperlayerSize: size)
    }
    override func resizeSublayers(withOldSize size: CGSize) {
        oldSizes.append(size)
        super.resizeSublayers(withOldSize: size)
    }
    override func layoutSublayers() {
        sublayerWidthsAtLayout += (sublayers ?? []).map(\.frame.width)
        super.layoutSublayers()
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
/// Expected frames are worked out by hand from a 200×100 superlayer and a child at
/// (20, 10, 100, 50): margins 20 | 100 | 80 across and 10 | 50 | 40 down.
@MainActor
final class CALayerAutoresizingTests: XCTestCase {
    private func resized(
        _ mask: CAAutoresizingMask, to size: CGSize = CGSize(width: 260, height: 160),
        frame: CGRect = CGRect(x: 20, y: 10, width: 100, height: 50)
    ) -> CGRect {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let child = CALayer()
        child.frame = frame
        child.autoresizingMask = mask
        parent.addSublayer(child)
        parent.bounds.size = size
        return child.frame
    }

    func testTheMaskBitsAreApplesAndTheDefaultIsNotSizable() async throws {
        XCTAssertEqual(CAAutoresizingMask.layerMinXMargin.rawValue, 1)
        XCTAssertEqual(CAAutoresizingMask.layerWidthSizable.rawValue, 2)
        XCTAssertEqual(CAAutoresizingMask.layerMaxXMargin.rawValue, 4)
        XCTAssertEqual(CAAutoresizingMask.layerMinYMargin.rawValue, 8)
        XCTAssertEqual(CAAutoresizingMask.layerHeightSizable.rawValue, 16)
        XCTAssertEqual(CAAutoresizingMask.layerMaxYMargin.rawValue, 32)
        XCTAssertEqual(CALayer().autoresizingMask, [])
    }

    func testANotSizableLayerKeepsItsFrame() async throws {
        assertEqual(resized([]), CGRect(x: 20, y: 10, width: 100, height: 50))
    }

    func testASizableLayerGrowsByTheWholeChange() async throws {
        assertEqual(resized([.layerWidthSizable, .layerHeightSizable]), CGRect(x: 20, y: 10, width: 160, height: 110))
    }

    func testAFlexibleMinimumMarginMovesTheLayerByTheWholeChange() async throws {
        assertEqual(resized([.layerMinXMargin, .layerMinYMargin]), CGRect(x: 80, y: 70, width: 100, height: 50))
    }

    func testAFlexibleMaximumMarginKeepsTheLayerWhereItIs() async throws {
        assertEqual(resized([.layerMaxXMargin, .layerMaxYMargin]), CGRect(x: 20, y: 10, width: 100, height: 50))
    }

    func testTheChangeIsSharedEvenlyAsAppKitDocumentsIt() async throws {
        // AppKit's example: width and right margin flexible, 10 points wider: 5 each.
        assertEqual(resized([.layerWidthSizable, .layerMaxXMargin], to: CGSize(width: 210, height: 100)),
            CGRect(x: 20, y: 10, width: 105, height: 50))
        // Both margins: centred by half the change each side.
        assertEqual(resized([.layerMinXMargin, .layerMaxXMargin]), CGRect(x: 50, y: 10, width: 100, height: 50))
        // All three parts of an axis: a third each (60 / 3 = 20), margins 40 | 120 | 100.
        assertEqual(resized([.layerMinXMargin, .layerWidthSizable, .layerMaxXMargin, .layerMinYMargin, .layerHeightSizable]),
            CGRect(x: 40, y: 40, width: 120, height: 80))
    }

    func testShrinkingNeverMakesASizeNegative() async throws {
        assertEqual(resized([.layerWidthSizable, .layerHeightSizable], to: CGSize(width: 40, height: 80)),
            CGRect(x: 20, y: 10, width: 0, height: 30))
    }

    func testMarginsAreMeasuredFromTheSuperlayersBoundsOrigin() async throws {
        let parent = CALayer()
        parent.bounds = CGRect(x: -50, y: -20, width: 200, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: -30, y: -10, width: 100, height: 50)
        child.autoresizingMask = [.layerMinXMargin, .layerHeightSizable]
        parent.addSublayer(child)
        parent.bounds.size = CGSize(width: 260, height: 160)
        assertEqual(child.frame, CGRect(x: 30, y: -10, width: 100, height: 110))
    }

    func testMovingTheBoundsOriginWithoutResizingChangesNothing() async throws {
        let parent = ResizeRecordingLayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 20, y: 10, width: 100, height: 50)
        child.autoresizingMask = [.layerMinXMargin, .layerWidthSizable]
        parent.addSublayer(child)
        parent.bounds.origin = CGPoint(x: 7, y: 9)
        XCTAssertEqual(parent.oldSizes, [])
        assertEqual(child.frame, CGRect(x: 20, y: 10, width: 100, height: 50))
    }

    func testResizingPropagatesDownThroughSizableLayers() async throws {
        let parent = CALayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 20, y: 10, width: 100, height: 50)
        child.autoresizingMask = .layerWidthSizable
        let grandchild = CALayer()
        grandchild.frame = CGRect(x: 10, y: 0, width: 80, height: 50)
        grandchild.autoresizingMask = [.layerWidthSizable, .layerMaxXMargin]
        child.addSublayer(grandchild)
        parent.addSublayer(child)
        parent.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
        assertEqual(child.frame, CGRect(x: 20, y: 10, width: 200, height: 50))
        // The child grew by 100: the grandchild's width and right margin by 50 each.
        assertEqual(grandchild.frame, CGRect(x: 10, y: 0, width: 130, height: 50))
    }

    func testTheOverridableHooksHearTheOldSizesBeforeLayoutRuns() async throws {
        let parent = ResizeRecordingLayer()
        parent.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        let child = ResizeRecordingLayer()
        child.frame = CGRect(x: 20, y: 10, width: 100, height: 50)
        child.autoresizingMask = .layerWidthSizable
        parent.addSublayer(child)
        parent.layoutIfNeeded()
        parent.sublayerWidthsAtLayout = []
        parent.bounds.size = CGSize(width: 250, height: 100)
        XCTAssertEqual(parent.oldSizes, [CGSize(width: 200, height: 100)])
        XCTAssertEqual(child.oldSuperlayerSizes, [CGSize(width: 200, height: 100)])
        XCTAssertTrue(parent.needsLayout())
        parent.layoutIfNeeded()
        XCTAssertEqual(parent.sublayerWidthsAtLayout, [150], "layoutSublayers sees the autoresized frame")
    }

    func testAutoresizingMaskThroughKeyValueCoding() async throws {
        let layer = CALayer()
        layer.setValue(18, forKey: "autoresizingMask")
        XCTAssertEqual(layer.autoresizingMask, [.layerWidthSizable, .layerHeightSizable])
        XCTAssertEqual(layer.value(forKey: "autoresizingMask") as? CAAutoresizingMask, [.layerWidthSizable, .layerHeightSizable])
        XCTAssertEqual(CALayer.defaultValue(forKey: "autoresizingMask") as? CAAutoresizingMask, [])
    }

    func testAutoresizingNestedDeeperThanTheLimitStopsWithADiagnostic() async throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 10)
        var chain: [CALayer] = []
        var parent = root
        for _ in 0..<300 {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
            layer.autoresizingMask = .layerWidthSizable
            parent.addSublayer(layer)
            chain.append(layer)
            parent = layer
        }
        let diagnostics = capturingDiagnostics {
            root.bounds.size.width = 150
        }
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.code, .invalidValue)
        XCTAssertEqual(chain[255].bounds.width, 150, "the 256th level is resized")
        XCTAssertEqual(chain[256].bounds.width, 100, "the 257th is left as it was")
    }
}
