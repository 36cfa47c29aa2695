import Foundation
import QuartzCore
import XCTest

@testable import Lamina

/// The snapshot finds every element's frame in one walk from the window's root down; each
/// must equal what the layer's frame is when found on its own: its presentation bounds
/// converted to the root with `convert(_:to:)`, then into the root's positioned space.
@MainActor
final class AccessibilityFrameWalkTests: XCTestCase {
    /// The frame of `layer`'s bounds as drawn, found alone through the public conversions.
    private func frameFoundAlone(_ layer: CALayer) -> CGRect {
        let shown: CALayer = layer.presentation() ?? layer
        var root = shown
        while let superlayer = root.superlayer { root = superlayer }
        if root === shown { return shown.frame }
        return root.convert(shown.convert(shown.bounds, to: root), to: nil)
    }

    private func element(_ label: String, frame: CGRect) -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.isAccessibilityElement = true
        layer.accessibilityLabel = label
        return layer
    }

    private func assertFramesMatch(
        _ snapshot: AccessibilitySnapshot, _ elements: [CALayer], file: StaticString = #filePath, line: UInt = #line
    ) {
        for layer in elements {
            guard let node = snapshot.nodes[layer.accessibilityNodeID] else {
                XCTFail("\(layer.accessibilityLabel ?? "?") is not in the snapshot", file: file, line: line)
                continue
            }
            let alone = frameFoundAlone(layer)
            for (walked, single) in [
                (node.frame.minX, alone.minX), (node.frame.minY, alone.minY),
                (node.frame.width, alone.width), (node.frame.height, alone.height),
            ] {
                XCTAssertEqual(walked, single, accuracy: 1e-9, "\(node.name): \(node.frame) ≠ \(alone)", file: file, line: line)
            }
        }
    }

    /// A displayed window root (positioned at (200, 150) by its anchor, not at the origin
    /// of its bounds) with transformed containers: a sublayer transform, an anchor point
    /// off the middle, a rotation, and a flipped container.
    private func transformedTree() -> (root: CALayer, context: CARenderContext, elements: [CALayer]) {
        let root = CALayer()
        root.bounds = CGRect(x: 10, y: 20, width: 400, height: 300)
        root.position = CGPoint(x: 200, y: 150)
        let context = CARenderContext(rootLayer: root)
        var elements: [CALayer] = []

        let scaled = CALayer()
        scaled.frame = CGRect(x: 30, y: 40, width: 200, height: 100)
        scaled.sublayerTransform = CATransform3DConcat(
            CATransform3DMakeScale(2, 1.5, 1), CATransform3DMakeTranslation(7, -3, 0))
        root.addSublayer(scaled)
        let inScaled = element("in scaled", frame: CGRect(x: 5, y: 6, width: 20, height: 10))
        scaled.addSublayer(inScaled)
        elements.append(inScaled)

        let rotated = CALayer()
        rotated.bounds = CGRect(x: 0, y: 0, width: 120, height: 80)
        rotated.anchorPoint = CGPoint(x: 0.25, y: 0.75)
        rotated.position = CGPoint(x: 250, y: 200)
        rotated.transform = CATransform3DMakeRotation(.pi / 6, 0, 0, 1)
        root.addSublayer(rotated)
        let inRotated = element("in rotated", frame: CGRect(x: 10, y: 10, width: 30, height: 20))
        inRotated.anchorPoint = .zero
        inRotated.transform = CATransform3DMakeRotation(-.pi / 5, 0, 0, 1)
        rotated.addSublayer(inRotated)
        elements.append(inRotated)
        let nested = CALayer()
        nested.frame = CGRect(x: 60, y: 40, width: 50, height: 30)
        nested.sublayerTransform = CATransform3DMakeScale(0.5, 0.5, 1)
        rotated.addSublayer(nested)
        let deep = element("deep", frame: CGRect(x: 8, y: 4, width: 40, height: 20))
        deep.anchorPoint = CGPoint(x: 1, y: 0)
        deep.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        nested.addSublayer(deep)
        elements.append(deep)

        let flipped = CALayer()
        flipped.frame = CGRect(x: 300, y: 10, width: 80, height: 60)
        flipped.isGeometryFlipped = true
        root.addSublayer(flipped)
        let inFlipped = element("in flipped", frame: CGRect(x: 4, y: 5, width: 30, height: 12))
        flipped.addSublayer(inFlipped)
        elements.append(inFlipped)

        let group = CALayer()
        group.frame = CGRect(x: 20, y: 220, width: 100, height: 60)
        group.transform = CATransform3DMakeScale(1.25, 1.25, 1)
        group.shouldGroupAccessibilityChildren = true
        group.accessibilityLabel = "group"
        root.addSublayer(group)
        let inGroup = element("in group", frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        group.addSublayer(inGroup)
        elements += [group, inGroup]
        return (root, context, elements)
    }

    private func snapshot(of root: CALayer) -> AccessibilitySnapshot {
        var builder = AccessibilitySnapshotBuilder(applicationName: "tests")
        builder.addTopLevel(root: root, role: .frame, name: "Window", size: root.bounds.size, states: [], focusedLayer: nil)
        return builder.snapshot
    }

    func testFramesFoundFromTheRootDownEqualEachLayerFoundAlone() async {
        let tree = transformedTree()
        CATransaction.flush()
        XCTAssertNotNil(tree.elements[0].presentation(), "the tree is committed")
        assertFramesMatch(snapshot(of: tree.root), tree.elements)
        withExtendedLifetime(tree.context) {}
    }

    func testFramesFollowThePresentationNotTheUncommittedModel() async {
        let tree = transformedTree()
        CATransaction.flush()
        // Changed but not committed: the frames are still those drawn.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        tree.elements[0].superlayer?.sublayerTransform = CATransform3DIdentity
        tree.elements[1].superlayer?.transform = CATransform3DIdentity
        let walked = snapshot(of: tree.root)
        assertFramesMatch(walked, tree.elements)
        // "in scaled": (5, 6, 20, 10) in a container at (30, 40) whose sublayer transform
        // (about its middle (100, 50)) scales by (2, 1.5) then moves by (7, -3):
        // x = 100 + (5 - 100)·2 + 7 = -83, y = 50 + (6 - 50)·1.5 - 3 = -19; plus the
        // container's origin (30, 40), less the root's bounds origin (10, 20) (its anchor
        // sits at its position): (-63, 1), 40 × 15.
        let inScaled = walked.nodes[tree.elements[0].accessibilityNodeID]?.frame
        XCTAssertEqual(inScaled?.minX ?? .nan, -63, accuracy: 1e-9)
        XCTAssertEqual(inScaled?.minY ?? .nan, 1, accuracy: 1e-9)
        XCTAssertEqual(inScaled?.width ?? .nan, 40, accuracy: 1e-9)
        XCTAssertEqual(inScaled?.height ?? .nan, 15, accuracy: 1e-9)
        CATransaction.commit()
        withExtendedLifetime(tree.context) {}
    }

    func testLayersNotYetCommittedAndElementsListedFromElsewhereHaveTheirOwnFrames() async {
        let tree = transformedTree()
        CATransaction.flush()
        // Added after the commit: only the model has it.
        let late = element("late", frame: CGRect(x: 1, y: 2, width: 3, height: 4))
        tree.elements[0].superlayer?.addSublayer(late)
        // Listed by a layer that is not its superlayer.
        let listed = tree.elements[2]
        let lister = CALayer()
        lister.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        lister.accessibilityElements = [listed]
        tree.root.insertSublayer(lister, at: 0)
        let walked = snapshot(of: tree.root)
        assertFramesMatch(walked, tree.elements + [late])
        CATransaction.flush()
        withExtendedLifetime(tree.context) {}
    }
}
