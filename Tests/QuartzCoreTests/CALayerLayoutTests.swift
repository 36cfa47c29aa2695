import QuartzCore
import TestSupport
import XCTest

/// Records the layout calls it receives.
private final class RecordingLayoutManager: CALayoutManager {
    var log: [String] = []
    func layoutSublayers(of layer: CALayer) {
        log.append("manager.layout \(layer.name ?? "?")")
        for (index, sublayer) in (layer.sublayers ?? []).enumerated() {
            sublayer.frame = CGRect(x: 0, y: CGFloat(index) * 10, width: layer.bounds.width, height: 10)
        }
    }
    func invalidateLayout(of layer: CALayer) {
        log.append("manager.invalidate \(layer.name ?? "?")")
    }
    func preferredSize(of layer: CALayer) -> CGSize {
        CGSize(width: 100, height: CGFloat(layer.sublayers?.count ?? 0) * 10)
    }
}

private final class LayoutDelegate: CALayerDelegate {
    var log: [String] = []
    func layoutSublayers(of layer: CALayer) {
        log.append("delegate.layout \(layer.name ?? "?")")
    }
}

/// A manager implementing nothing: every method is the default.
private final class EmptyLayoutManager: CALayoutManager {}

private final class LoggingLayer: CALayer {
    var log: [String] = []
    override func layoutSublayers() {
        log.append("layoutSublayers \(name ?? "?")")
        super.layoutSublayers()
    }
    override func display() {
        log.append("display \(name ?? "?")")
    }
}

// Test methods are `async`: swift-corelibs-xctest crashes casting synchronous
// @MainActor test methods to nonisolated ones.
@MainActor
final class CALayerLayoutTests: XCTestCase {
    func testNewLayerDoesNotNeedLayout() async throws {
        XCTAssertFalse(CALayer().needsLayout())
    }

    func testSetNeedsLayoutThenLayoutIfNeededCallsLayoutSublayersOnce() async throws {
        let layer = LoggingLayer()
        layer.name = "a"
        layer.setNeedsLayout()
        XCTAssertTrue(layer.needsLayout())
        layer.layoutIfNeeded()
        layer.layoutIfNeeded()
        XCTAssertEqual(layer.log, ["layoutSublayers a"])
        XCTAssertFalse(layer.needsLayout())
    }

    func testLayoutManagerLaysOutSublayers() async throws {
        let layer = CALayer()
        layer.name = "list"
        let manager = RecordingLayoutManager()
        layer.layoutManager = manager
        layer.bounds = CGRect(x: 0, y: 0, width: 80, height: 100)
        let a = CALayer(), b = CALayer()
        layer.sublayers = [a, b]
        layer.layoutIfNeeded()
        XCTAssertEqual(a.frame, CGRect(x: 0, y: 0, width: 80, height: 10))
        XCTAssertEqual(b.frame, CGRect(x: 0, y: 10, width: 80, height: 10))
        XCTAssertEqual(manager.log.last, "manager.layout list")
        XCTAssertTrue(manager.log.contains("manager.invalidate list"))
    }

    // The delegate's layoutSublayersOfLayer: is asked before the layout manager;
    // when the delegate implements it, the layout manager is ignored.
    func testDelegateIsAskedBeforeLayoutManagerWhichIsThenIgnored() async throws {
        let layer = CALayer()
        layer.name = "box"
        let manager = RecordingLayoutManager()
        let delegate = LayoutDelegate()
        layer.layoutManager = manager
        layer.delegate = delegate
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        XCTAssertEqual(delegate.log, ["delegate.layout box"])
        XCTAssertFalse(manager.log.contains("manager.layout box"))
    }

    // A delegate that does not implement layoutSublayers(of:) leaves layout to the manager.
    func testDelegateWithoutLayoutMethodFallsBackToManager() async throws {
        final class ContentOnlyDelegate: CALayerDelegate {
            func display(_ layer: CALayer) {}
        }
        let layer = CALayer()
        layer.name = "box"
        let manager = RecordingLayoutManager()
        let delegate = ContentOnlyDelegate()
        layer.layoutManager = manager
        layer.delegate = delegate
        layer.setNeedsLayout()
        layer.layoutIfNeeded()
        XCTAssertEqual(manager.log.last, "manager.layout box")
    }

    // Apple: layoutIfNeeded goes up to the topmost ancestor needing layout, then lays out beneath it.
    func testLayoutIfNeededStartsAtTopmostAncestorNeedingLayout() async throws {
        let root = LoggingLayer(), child = LoggingLayer(), grandchild = LoggingLayer()
        root.name = "root"
        child.name = "child"
        grandchild.name = "grandchild"
        root.addSublayer(child)
        child.addSublayer(grandchild)
        root.layoutIfNeeded()
        root.log = []
        child.log = []
        grandchild.log = []
        root.setNeedsLayout()
        grandchild.setNeedsLayout()
        grandchild.layoutIfNeeded()
        // `child` does not need layout, so the walk stops there: only the grandchild.
        XCTAssertEqual(root.log, [])
        XCTAssertEqual(child.log, [])
        XCTAssertEqual(grandchild.log, ["layoutSublayers grandchild"])
        child.setNeedsLayout()
        grandchild.setNeedsLayout()
        grandchild.layoutIfNeeded()
        // Now the whole chain needs layout: it is laid out from the root down.
        XCTAssertEqual(root.log, ["layoutSublayers root"])
        XCTAssertEqual(child.log, ["layoutSublayers child"])
        XCTAssertEqual(grandchild.log, ["layoutSublayers grandchild", "layoutSublayers grandchild"])
        XCTAssertFalse(root.needsLayout() || child.needsLayout() || grandchild.needsLayout())
    }

    func testPreferredFrameSize() async throws {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 30, height: 10)
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 30, height: 10))
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 3))
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 60, height: 30))
        layer.layoutManager = EmptyLayoutManager()
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 60, height: 30))
        let manager = RecordingLayoutManager()
        layer.layoutManager = manager
        layer.sublayers = [CALayer(), CALayer(), CALayer()]
        XCTAssertEqual(layer.preferredFrameSize(), CGSize(width: 100, height: 30))
    }

    // The commit runs the layout pass, then the display pass, before the presentation copy.
    func testCommitLaysOutThenDisplaysBeforeSnapshot() async throws {
        commitEarlierTestsChanges()
        let root = LoggingLayer()
        root.name = "root"
        let child = LoggingLayer()
        child.name = "child"
        root.addSublayer(child)
        var observed: [String] = []
        let token = CATransaction.addCommitObserver { _ in observed = root.log + child.log }
        defer { CATransaction.removeCommitObserver(token) }
        child.setNeedsDisplay()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        CATransaction.flush()
        XCTAssertEqual(root.log, ["layoutSublayers root"])
        XCTAssertEqual(child.log, ["display child"])
        XCTAssertEqual(observed, ["layoutSublayers root", "display child"])
        XCTAssertFalse(root.needsLayout())
        XCTAssertNotNil(child.presentation())
    }

    // Changes made by layout during a commit are part of that commit.
    func testFramesSetByLayoutAreCommitted() async throws {
        commitEarlierTestsChanges()
        let root = CALayer()
        root.name = "root"
        let manager = RecordingLayoutManager()
        root.layoutManager = manager
        let child = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.addSublayer(child)
        CATransaction.flush()
        XCTAssertEqual(child.presentation()?.frame, CGRect(x: 0, y: 0, width: 50, height: 10))
    }
}
