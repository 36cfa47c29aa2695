import QuartzCore
import TestSupport
import XCTest

/// A delegate that records which content methods it receives; implements all of them.
private final class FullDelegate: CALayerDelegate {
    var log: [String] = []
    func display(_ layer: CALayer) { log.append("display") }
    func layerWillDraw(_ layer: CALayer) { log.append("layerWillDraw") }
    func draw(_ layer: CALayer, in ctx: CGContext) { log.append("draw") }
}

/// A delegate that only draws (without display(_:), draw(_:in:) is used).
private final class DrawingDelegate: CALayerDelegate {
    var log: [String] = []
    var contextSize: (Int, Int)?
    func layerWillDraw(_ layer: CALayer) { log.append("layerWillDraw") }
    func draw(_ layer: CALayer, in ctx: CGContext) {
        log.append("draw")
        contextSize = (ctx.width, ctx.height)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: layer.bounds.minX, y: layer.bounds.minY, width: 2, height: 1))
    }
}

/// Chooses the contents from the layer's undeclared "state" key.
private final class StateDelegate: CALayerDelegate {
    let yes = makeImage(width: 1, height: 1) { _, _ in rgba(255, 255, 255, 255) }
    let no = makeImage(width: 2, height: 2) { _, _ in rgba(0, 0, 0, 255) }
    func display(_ layer: CALayer) {
        let state = layer.value(forKey: "state") as? Bool ?? false
        layer.contents = state ? yes : no
    }
}

/// A subclass overriding display() to set contents from its own state.
private final class StateLayer: CALayer {
    var state = false
    let yes = makeImage(width: 1, height: 1) { _, _ in rgba(255, 255, 255, 255) }
    let no = makeImage(width: 2, height: 2) { _, _ in rgba(0, 0, 0, 255) }
    override func display() {
        contents = state ? yes : no
    }
}

/// A subclass overriding display() without calling super, counting the calls.
private final class CountingDisplayLayer: CALayer {
    var displayCount = 0
    override func display() {
        displayCount += 1
    }
}

/// A layer whose draw(in:) marks it as needing display again, as a text layer does that
/// sets its own properties while drawing; it draws a column per draw, left to right.
private final class RedrawingLayer: CALayer {
    var drawCount = 0
    var marksItself = true
    override func draw(in ctx: CGContext) {
        drawCount += 1
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: CGFloat(drawCount - 1), y: 0, width: 1, height: 1))
        if marksItself { setNeedsDisplay() }
    }
}

/// A subclass drawing in draw(in:) with its own line colour.
private final class LineLayer: CALayer {
    var lineColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(lineColor)
        ctx.fill(CGRect(x: 0, y: bounds.height - 1, width: bounds.width, height: 1))
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerContentTests: XCTestCase {
    // Creating and adding a layer calls none of display, draw, layerWillDraw.
    func testNothingDrawsUntilDisplayIsAsked() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        let layer = CALayer()
        let delegate = FullDelegate()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        CATransaction.flush()
        XCTAssertEqual(delegate.log, [])
        XCTAssertFalse(layer.needsDisplay())
        XCTAssertNil(layer.contents)
    }

    // When the delegate implements display(_:), draw(_:in:) and layerWillDraw(_:)
    // are not called.
    func testDelegateDisplayWinsOverDraw() async throws {
        let layer = CALayer()
        let delegate = FullDelegate()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.log, ["display"])
        XCTAssertNil(layer.contents)
    }

    // Calling display() directly also runs the display process.
    func testDirectDisplayCallRunsTheProcess() async throws {
        let layer = CALayer()
        let delegate = FullDelegate()
        layer.delegate = delegate
        layer.display()
        XCTAssertEqual(delegate.log, ["display"])
    }

    // Without display(_:), layerWillDraw(_:) comes first, then a backing
    // store of bounds × contentsScale is drawn via draw(in:) → draw(_:in:) and becomes contents.
    func testDrawingDelegateGetsBackingStoreOfBoundsTimesScale() async throws {
        let layer = CALayer()
        let delegate = DrawingDelegate()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 0, y: 0, width: 10.5, height: 4)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertEqual(delegate.log, ["layerWillDraw", "draw"])
        XCTAssertEqual(delegate.contextSize?.0, 21)
        XCTAssertEqual(delegate.contextSize?.1, 8)
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.width, 21)
        XCTAssertEqual(image.height, 8)
        // Pre-flipped: user (0, 0) is the top-left; a 2×1 point rect covers 4×2 pixels.
        XCTAssertEqual(image.pixel(x: 0, y: 0), rgba(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 3, y: 1), rgba(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 4, y: 0), rgba(0, 0, 0, 0))
        XCTAssertEqual(image.pixel(x: 0, y: 2), rgba(0, 0, 0, 0))
        XCTAssertFalse(layer.needsDisplay())
    }

    // The backing store's user space is the bounds: the bounds origin is the top-left pixel.
    func testBackingStoreFollowsBoundsOrigin() async throws {
        let layer = CALayer()
        let delegate = DrawingDelegate()
        layer.delegate = delegate
        layer.bounds = CGRect(x: 100, y: 50, width: 4, height: 4)
        layer.display()
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.pixel(x: 0, y: 0), rgba(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 1, y: 0), rgba(255, 0, 0, 255))
        XCTAssertEqual(image.pixel(x: 2, y: 0), rgba(0, 0, 0, 0))
    }

    // A delegate keeps state on the layer through key-value coding.
    func testDelegateDisplayUsesUndeclaredStateKey() async throws {
        let layer = CALayer()
        let delegate = StateDelegate()
        layer.delegate = delegate
        layer.setValue(true, forKey: "state")
        layer.display()
        XCTAssertTrue((layer.contents as? CGImage) === delegate.yes)
        layer.setValue(false, forKey: "state")
        layer.display()
        XCTAssertTrue((layer.contents as? CGImage) === delegate.no)
    }

    // A subclass's display() override sets contents directly.
    func testSubclassDisplayOverride() async throws {
        let layer = StateLayer()
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertTrue((layer.contents as? CGImage) === layer.no)
        layer.state = true
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        XCTAssertTrue((layer.contents as? CGImage) === layer.yes)
    }

    // A display() override that does not call super is displayed at every commit after
    // setNeedsDisplay(), and is not marked afterwards: Apple documents that a marked layer's
    // display() is called at the next update and needsDisplay() reports the mark, and
    // lottie-ios's root layer (display() without super) relies on being displayed again.
    func testDisplayOverrideWithoutSuperIsDisplayedAtEachCommit() async throws {
        commitEarlierTestsChanges()
        let layer = CountingDisplayLayer()
        layer.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(layer.displayCount, 1)
        XCTAssertFalse(layer.needsDisplay())
        layer.setNeedsDisplay()
        XCTAssertTrue(layer.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(layer.displayCount, 2)
        XCTAssertFalse(layer.needsDisplay())
        CATransaction.flush()
        XCTAssertEqual(layer.displayCount, 2)
    }

    // A layer marked again by its own drawing draws once per commit, and again at the next:
    // Apple documents that a marked layer is updated "during the next cycle", so a mark made
    // while it draws waits for that cycle rather than redrawing it within this one.
    func testALayerThatMarksItselfWhileDrawingDrawsOncePerCommit() async throws {
        commitEarlierTestsChanges()
        let layer = RedrawingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 1)
        layer.setNeedsDisplay()
        CATransaction.flush()
        XCTAssertEqual(layer.drawCount, 1)
        XCTAssertTrue(layer.needsDisplay())
        let first = try XCTUnwrap(layer.presentation()?.contents as? CGImage)
        XCTAssertEqual(first.pixel(x: 0, y: 0), rgba(255, 0, 0, 255))
        XCTAssertEqual(first.pixel(x: 1, y: 0), rgba(0, 0, 0, 0))
        CATransaction.flush()
        XCTAssertEqual(layer.drawCount, 2)
        let second = try XCTUnwrap(layer.presentation()?.contents as? CGImage)
        XCTAssertEqual(second.pixel(x: 1, y: 0), rgba(255, 0, 0, 255))
        // Left marked, it would draw with every later commit.
        layer.marksItself = false
        CATransaction.flush()
        XCTAssertEqual(layer.drawCount, 3)
        XCTAssertFalse(layer.needsDisplay())
    }

    // A subclass's draw(in:) override draws the backing store.
    func testSubclassDrawOverride() async throws {
        let layer = LineLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 3, height: 3)
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        let image = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertEqual(image.pixel(x: 1, y: 2), rgba(0, 0, 255, 255))
        XCTAssertEqual(image.pixel(x: 1, y: 1), rgba(0, 0, 0, 0))
    }

    // The new backing store replaces the previous contents.
    func testBackingStoreReplacesContents() async throws {
        let layer = CALayer()
        let image = makeImage(width: 1, height: 1) { _, _ in rgba(255, 255, 255, 255) }
        layer.contents = image
        layer.bounds = CGRect(x: 0, y: 0, width: 2, height: 2)
        layer.display()
        let stored = try XCTUnwrap(layer.contents as? CGImage)
        XCTAssertFalse(stored === image)
        XCTAssertEqual(stored.width, 2)
        XCTAssertEqual(stored.pixel(x: 0, y: 0), rgba(0, 0, 0, 0))
    }

    func testEmptyBoundsGiveNilContentsWithoutDrawing() async throws {
        let layer = CALayer()
        let delegate = DrawingDelegate()
        layer.delegate = delegate
        layer.contents = makeImage(width: 1, height: 1) { _, _ in rgba(255, 255, 255, 255) }
        layer.display()
        XCTAssertNil(layer.contents)
        XCTAssertEqual(delegate.log, ["layerWillDraw"])
    }

    // setNeedsDisplayInRect: marks the layer too; an empty rect does nothing.
    func testSetNeedsDisplayInRect() async throws {
        let layer = CALayer()
        layer.setNeedsDisplay(.zero)
        XCTAssertFalse(layer.needsDisplay())
        layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertTrue(layer.needsDisplay())
    }

    // needsDisplayOnBoundsChange makes a size change redisplay on the next commit.
    func testNeedsDisplayOnBoundsChangeRedisplaysOnCommit() async throws {
        commitEarlierTestsChanges()
        let layer = CALayer()
        let delegate = DrawingDelegate()
        layer.delegate = delegate
        layer.needsDisplayOnBoundsChange = true
        CATransaction.flush()
        XCTAssertEqual(delegate.log, [])
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        CATransaction.flush()
        XCTAssertEqual(delegate.log, ["layerWillDraw", "draw"])
        XCTAssertEqual((layer.presentation()?.contents as? CGImage)?.width, 5)
        layer.position = CGPoint(x: 9, y: 9)
        CATransaction.flush()
        XCTAssertEqual(delegate.log.count, 2)
    }

    // The delegate property is weak.
    func testDelegateIsWeak() async throws {
        let layer = CALayer()
        do {
            let delegate = FullDelegate()
            layer.delegate = delegate
            XCTAssertNotNil(layer.delegate)
        }
        XCTAssertNil(layer.delegate)
    }

    func testOversizedBackingStoreIsRefused() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40000, height: 1)
        let diagnostics = capturingDiagnostics { layer.display() }
        XCTAssertEqual(diagnostics.map(\.code), [.invalidValue])
        XCTAssertNil(layer.contents)
    }
}
