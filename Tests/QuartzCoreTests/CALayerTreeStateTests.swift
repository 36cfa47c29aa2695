@testable import QuartzCore
import TestSupport
import XCTest

/// What a displayed tree keeps between frames is its own: another tree's commits,
/// animations and evaluations leave its evaluated presentation as it is.
@MainActor
final class CALayerTreeStateTests: XCTestCase {
    /// A displayed root with one committed sublayer.
    private func window() -> (root: CALayer, context: CARenderContext, layer: CALayer) {
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        layer.frame = CGRect(x: 10, y: 10, width: 50, height: 50)
        root.addSublayer(layer)
        CATransaction.commit()
        return (root, context, layer)
    }

    func testAnotherTreesCommitsLeaveAnAnimatedTreesEvaluationAsItIs() async throws {
        let world = AnimationWorld(test: self)
        let busy = window(), quiet = window()
        defer { busy.context.invalidate(); quiet.context.invalidate() }
        quiet.layer.add(linearAnimation("opacity", from: 0, to: 1, duration: 10), forKey: "fade")
        CATransaction.flush()
        let time = world.clock.now() + 5
        let shown = quiet.context.withPresentationTime(time) { quiet.layer.presentation()?.opacity }
        XCTAssertEqual(shown, 0.5, "halfway through the fade")
        let stamp = try XCTUnwrap(quiet.root.presentationCopy?.evaluationStamp)

        // The busy window commits a change and a new sublayer, starts an animation, evaluates.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        busy.layer.opacity = 0.25
        busy.root.addSublayer(CALayer())
        CATransaction.commit()
        busy.layer.add(linearAnimation("position.x", from: 0, to: 100), forKey: "slide")
        CATransaction.flush()
        busy.context.advanceAnimations(to: time)
        _ = busy.context.makeRenderTree(at: time)

        let shownAgain = quiet.context.withPresentationTime(time) { quiet.layer.presentation()?.opacity }
        XCTAssertEqual(shownAgain, 0.5)
        XCTAssertEqual(quiet.root.presentationCopy?.evaluationStamp, stamp, "the quiet tree was evaluated again")

        // Its own commit does make it evaluate again.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        quiet.layer.position = CGPoint(x: 100, y: 100)
        CATransaction.commit()
        let moved = quiet.context.withPresentationTime(time) { quiet.layer.presentation()?.position }
        XCTAssertEqual(moved, CGPoint(x: 100, y: 100))
        XCTAssertEqual(quiet.context.withPresentationTime(time) { quiet.layer.presentation()?.opacity }, 0.5)
        XCTAssertNotEqual(quiet.root.presentationCopy?.evaluationStamp, stamp)
    }

    func testATreesFrameVisitsOnlyItsOwnAnimatedLayers() async throws {
        let world = AnimationWorld(test: self)
        let first = window(), second = window()
        defer { first.context.invalidate(); second.context.invalidate() }
        func animatedSublayers(of root: CALayer, _ count: Int) -> [CALayer] {
            (0..<count).map { _ in
                let layer = CALayer()
                layer.add(linearAnimation("opacity", from: 0, to: 1), forKey: "fade")
                root.addSublayer(layer)
                return layer
            }
        }
        let inFirst = animatedSublayers(of: first.root, 3) + [first.layer]
        first.layer.add(linearAnimation("position.x", from: 0, to: 100), forKey: "slide")
        let inSecond = animatedSublayers(of: second.root, 5)
        CATransaction.flush()
        func visited(_ root: CALayer) -> Set<ObjectIdentifier> {
            CALayer.treeLock.withLock { Set(CALayer.animatedModelsOfThisThread(inTree: root.treeRevision.root).map(\.id)) }
        }
        XCTAssertEqual(visited(first.root), Set(inFirst.map(ObjectIdentifier.init)))
        XCTAssertEqual(visited(second.root), Set(inSecond.map(ObjectIdentifier.init)))

        // A layer that moves to the other tree is visited by that tree's frames from then on.
        first.root.addSublayer(inSecond[0])
        CATransaction.flush()
        XCTAssertEqual(visited(first.root), Set((inFirst + [inSecond[0]]).map(ObjectIdentifier.init)))
        XCTAssertEqual(visited(second.root), Set(inSecond.dropFirst().map(ObjectIdentifier.init)))
        let shown = first.context.withPresentationTime(world.clock.now() + 5) { inSecond[0].presentation()?.opacity }
        XCTAssertEqual(shown, 0.5, "its fade goes on in the tree it joined")
    }
}
