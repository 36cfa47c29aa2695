import QuartzCore
import TestSupport
import XCTest

/// Apple code overrides `CALayer` and `CAAnimation` members; the same overrides compile here
/// and are called, by the app and by Lamina's own machinery (key-value coding, layout,
/// actions, timing).
@MainActor
final class CALayerOverridingTests: XCTestCase {
    private final class ObservingLayer: CALayer {
        var boundsChanges: [CGRect] = []
        var backgroundReads = 0
        var removals = 0
        var layouts = 0
        var actionKeys: [String] = []

        override var bounds: CGRect {
            didSet { boundsChanges.append(bounds) }
        }

        override var backgroundColor: CGColor? {
            get {
                backgroundReads += 1
                return super.backgroundColor
            }
            set { super.backgroundColor = newValue }
        }

        override func removeFromSuperlayer() {
            removals += 1
            super.removeFromSuperlayer()
        }

        override func layoutSublayers() {
            layouts += 1
            super.layoutSublayers()
        }

        override func action(forKey event: String) -> (any CAAction)? {
            actionKeys.append(event)
            return super.action(forKey: event)
        }
    }

    private final class CountingAnimation: CABasicAnimation {
        override var repeatCount: Float {
            didSet { repeatCountSets += 1 }
        }
        var repeatCountSets = 0
    }

    override func setUp() async throws {
        commitEarlierTestsChanges()
    }

    func testABoundsOverrideSeesAssignmentsAndKeyValueCoding() async {
        let layer = ObservingLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 20)
        layer.setValue(CGRect(x: 0, y: 0, width: 30, height: 40), forKey: "bounds")
        layer.setValue(50, forKeyPath: "bounds.size.width")
        XCTAssertEqual(layer.boundsChanges, [
            CGRect(x: 0, y: 0, width: 10, height: 20), CGRect(x: 0, y: 0, width: 30, height: 40),
            CGRect(x: 0, y: 0, width: 50, height: 40),
        ])
        XCTAssertEqual(layer.value(forKey: "bounds") as? CGRect, CGRect(x: 0, y: 0, width: 50, height: 40))
    }

    func testABackgroundColorOverrideIsWhatKeyValueCodingAndSnapshotsRead() async {
        let layer = ObservingLayer()
        layer.backgroundColor = .black
        _ = layer.value(forKey: "backgroundColor")
        XCTAssertEqual(layer.backgroundReads, 1)
        let snapshot = layer.makeRenderTree()
        XCTAssertEqual(snapshot.backgroundColor, .black)
        XCTAssertEqual(layer.backgroundReads, 2, "the snapshot reads through the override")
    }

    /// An app's subclass of one of Lamina's layer classes, answering its own opacity.
    private final class HalfOpaqueShapeLayer: CAShapeLayer {
        override var opacity: Float {
            get { 0.5 }
            set { super.opacity = newValue }
        }
    }

    func testAGetterOverrideInASubclassOfALayerClassIsWhatSnapshotsRead() async {
        let layer = HalfOpaqueShapeLayer()
        let plain = CAShapeLayer()
        XCTAssertEqual(layer.makeRenderTree().opacity, 0.5, "the snapshot reads through the override")
        XCTAssertEqual(plain.makeRenderTree().opacity, 1, "Lamina's own class: Apple's default, from storage")
    }

    func testARemoveFromSuperlayerOverrideIsCalled() async {
        let parent = CALayer()
        let child = ObservingLayer()
        parent.addSublayer(child)
        let before = child.removals
        child.removeFromSuperlayer()
        XCTAssertEqual(child.removals, before + 1)
        XCTAssertNil(child.superlayer)
        XCTAssertEqual(parent.sublayers?.count ?? 0, 0)
    }

    func testAddingALayerWithoutSuperlayerDoesNotCallItsRemoveFromSuperlayer() async {
        let parent = CALayer()
        let added = ObservingLayer(), inserted = ObservingLayer(), below = ObservingLayer()
        let assigned = ObservingLayer(), replacement = ObservingLayer()
        parent.addSublayer(added)
        parent.insertSublayer(inserted, at: 0)
        parent.insertSublayer(below, below: added)
        XCTAssertEqual(inserted.removals, 0)
        parent.replaceSublayer(inserted, with: replacement)
        let other = CALayer()
        other.sublayers = [assigned]
        XCTAssertEqual([added, below, assigned, replacement].map(\.removals), [0, 0, 0, 0])
    }

    func testMovingALayerToAnotherSuperlayerCallsItsRemoveFromSuperlayerOnce() async {
        let first = CALayer(), second = CALayer()
        let moved = ObservingLayer()
        first.addSublayer(moved)
        second.insertSublayer(moved, at: 0)
        XCTAssertEqual(moved.removals, 1)
        XCTAssertTrue(moved.superlayer === second)
        XCTAssertEqual(first.sublayers?.count ?? 0, 0)
    }

    /// A layer whose `removeFromSuperlayer()` keeps it where it is (an app fading it out first).
    private final class LingeringLayer: CALayer {
        override func removeFromSuperlayer() {}
    }

    func testAMoveCompletesWhenARemoveFromSuperlayerOverrideKeepsTheLayer() async {
        let first = CALayer(), second = CALayer()
        let lingering = LingeringLayer()
        first.addSublayer(lingering)
        second.addSublayer(lingering)
        XCTAssertTrue(lingering.superlayer === second)
        XCTAssertEqual(first.sublayers?.count ?? 0, 0, "not left in two trees")
        XCTAssertEqual(second.sublayers?.count, 1)
    }

    func testALayoutSublayersOverrideRunsInTheCommitsLayoutPass() async {
        let layer = ObservingLayer()
        layer.setNeedsLayout()
        CATransaction.flush()
        XCTAssertEqual(layer.layouts, 1)
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        CATransaction.flush()
        XCTAssertEqual(layer.layouts, 2, "a bounds change lays out again")
    }

    func testAnActionOverrideIsAskedForChangesInADisplayedTree() async {
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        let layer = ObservingLayer()
        root.addSublayer(layer)
        CATransaction.flush()
        layer.opacity = 0.5
        XCTAssertEqual(layer.actionKeys, ["onOrderIn", "opacity"], "inserted into a displayed tree, then changed")
        XCTAssertEqual(layer.animationKeys(), ["opacity"], "the default action still runs through super")
        withExtendedLifetime(context) {}
    }

    func testAnAnimationPropertyOverrideIsCalledAndUsed() async {
        let animation = CountingAnimation(keyPath: "opacity")
        animation.repeatCount = 3
        XCTAssertEqual(animation.repeatCountSets, 1)
        XCTAssertEqual(animation.repeatCount, 3)
        let copy = animation.copy() as? CountingAnimation
        XCTAssertEqual(copy?.repeatCount, 3, "copies keep the overridden property's value")
    }
}
