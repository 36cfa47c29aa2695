import QuartzCore
import TestSupport
import XCTest

/// Draws a 10×10-point square; counts its draws.
private final class DrawingLayer: CALayer {
    var draws = 0
    override func draw(in ctx: CGContext) {
        draws += 1
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
/// Layers in a displayed tree whose `contentsScale` was never set draw their backing stores
/// at the display's scale (`CARenderContext.contentsScale`), and again when it changes.
@MainActor
final class CALayerDisplayScaleTests: XCTestCase {
    private var context: CARenderContext?

    override func tearDown() async throws {
        context?.invalidate()
        context = nil
        commitEarlierTestsChanges()
    }

    private func displayedTree(scale: CGFloat) -> (root: CALayer, drawn: DrawingLayer) {
        commitEarlierTestsChanges()
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let drawn = DrawingLayer()
        drawn.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        root.addSublayer(drawn)
        let context = CARenderContext(rootLayer: root)
        context.contentsScale = scale
        self.context = context
        drawn.setNeedsDisplay()
        CATransaction.flush()
        return (root, drawn)
    }

    private func storeWidth(_ layer: CALayer) -> Int? {
        (layer.contents as? CGImage)?.width
    }

    func testABackingStoreInADisplayedTreeIsDrawnAtTheDisplaysScale() async throws {
        let (_, drawn) = displayedTree(scale: 2)
        XCTAssertEqual(storeWidth(drawn), 40, "20 points × 2")
        XCTAssertEqual((drawn.contents as? CGImage)?.height, 20)
        XCTAssertEqual(drawn.contentsScale, 2)
    }

    func testAChangeOfTheDisplaysScaleDrawsTheLayerAgainAtIt() async throws {
        let (_, drawn) = displayedTree(scale: 2)
        context?.contentsScale = 3
        XCTAssertTrue(drawn.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(storeWidth(drawn), 60)
        XCTAssertEqual(drawn.draws, 2)
    }

    func testAnExplicitContentsScaleIsKept() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        let drawn = DrawingLayer()
        drawn.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        drawn.contentsScale = 1
        root.addSublayer(drawn)
        let context = CARenderContext(rootLayer: root)
        self.context = context
        context.contentsScale = 2
        drawn.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(storeWidth(drawn), 20)
        context.contentsScale = 3
        XCTAssertFalse(drawn.needsDisplay(), "its scale does not follow the display")
    }

    func testContentsTheAppSetAreNotRedrawnWhenTheScaleChanges() async throws {
        let (root, _) = displayedTree(scale: 1)
        let image = CALayer()
        image.contents = try CGImage(width: 4, height: 4, bytesPerRow: 16, premultipliedBGRA: [UInt8](repeating: 255, count: 64))
        root.addSublayer(image)
        CATransaction.flush()
        context?.contentsScale = 2
        XCTAssertFalse(image.needsDisplay())
        XCTAssertEqual(image.contentsScale, 1)
    }

    func testALayerOutsideADisplayedTreeDrawsAtItsOwnScale() async throws {
        let drawn = DrawingLayer()
        drawn.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        drawn.display()
        XCTAssertEqual(storeWidth(drawn), 20)
    }

    func testAnInvalidDisplayScaleIsRefused() async throws {
        let (_, drawn) = displayedTree(scale: 2)
        let diagnostics = capturingDiagnostics {
            context?.contentsScale = 0
            context?.contentsScale = .nan
        }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidValue, .invalidValue])
        XCTAssertEqual(context?.contentsScale, 2)
        XCTAssertFalse(drawn.needsDisplay())
    }
}
