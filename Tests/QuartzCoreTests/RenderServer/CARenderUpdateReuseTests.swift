import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// The renderer evaluates the tree of one update again in place for each frame: every frame
/// shows the values a fresh evaluation shows, a frame's tree kept by someone else keeps its
/// values, and a tree kept from another update is not reused.
@MainActor
final class CARenderUpdateReuseTests: XCTestCase {
    /// A root with a container holding a sliding, fading layer and a still one, and a
    /// turning layer beside the container; animated from media time 100 for 2 s.
    private func animatedTree() -> (CARenderContext, CALayer) {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 100))
        let context = CARenderContext(rootLayer: root)
        let container = layer("container", CGRect(x: 10, y: 10, width: 150, height: 80), nil, in: root)
        let slider = layer("slider", CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: container)
        _ = layer("still", CGRect(x: 40, y: 40, width: 20, height: 20), CGColor(red: 0, green: 1, blue: 0, alpha: 1), in: container)
        let turner = layer("turner", CGRect(x: 170, y: 10, width: 20, height: 20), CGColor(red: 0, green: 0, blue: 1, alpha: 1), in: root)
        CATransaction.flush()
        func animate(_ layer: CALayer, _ keyPath: String, from: Any, to: Any) {
            layer.add(linearAnimation(keyPath, from: from, to: to, duration: 2, begin: 100), forKey: keyPath)
        }
        animate(slider, "position.x", from: 10.0, to: 110.0)
        animate(slider, "opacity", from: 1.0, to: 0.2)
        // A keyframe animation takes the general (key-value) path.
        let wobble = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        wobble.values = [0.0, 0.4, -0.2]
        wobble.duration = 2
        wobble.beginTime = 100
        turner.add(wobble, forKey: "wobble")
        CATransaction.flush()
        return (context, root)
    }

    /// The animated values of `tree`: the slider's x and opacity, the turner's transform.
    private func values(_ tree: CARenderLayer) -> [CGFloat] {
        let slider = tree.sublayers[0].sublayers[0], turner = tree.sublayers[1]
        let t = turner.transform
        return [slider.position.x, CGFloat(slider.opacity), t.m11, t.m12, t.m21, t.m22]
    }

    func testEachFrameEvaluatedInPlaceShowsTheValuesOfAFreshEvaluation() async throws {
        let (context, _) = animatedTree()
        let update = context.makeRenderUpdate(at: 100)
        var kept: CARenderUpdate.EvaluatedTree?
        for step in 0..<12 {
            let time = 100 + Double(step) * 0.2 + 0.013
            let reused = update.tree(at: time, reusing: &kept)
            XCTAssertEqual(values(reused), values(update.tree(at: time)), "frame at \(time)")
            XCTAssertNotNil(kept)
        }
        // The unanimated layer is the committed snapshot itself, not a copy.
        let last = update.tree(at: 101, reusing: &kept)
        XCTAssertTrue(last.sublayers[0].sublayers[1].isSameSnapshot(as: update.tree.sublayers[0].sublayers[1]))
    }

    func testAFrameTreeSomeoneKeptKeepsItsValuesWhenTheNextFrameIsEvaluated() async throws {
        let (context, _) = animatedTree()
        let update = context.makeRenderUpdate(at: 100)
        var kept: CARenderUpdate.EvaluatedTree?
        let first = update.tree(at: 100.5, reusing: &kept)
        let firstValues = values(first)
        _ = update.tree(at: 100.5, reusing: &kept)
        let second = update.tree(at: 101.5, reusing: &kept)
        XCTAssertEqual(values(first), firstValues, "a tree kept from an earlier frame does not change")
        XCTAssertEqual(values(second), values(update.tree(at: 101.5)))
        XCTAssertNotEqual(values(first), values(second))
    }

    func testATreeKeptFromAnotherUpdateIsNotReused() async throws {
        let (context, root) = animatedTree()
        let update = context.makeRenderUpdate(at: 100)
        var kept: CARenderUpdate.EvaluatedTree?
        _ = update.tree(at: 101, reusing: &kept)
        // The slider's animations are replaced by a move of the still layer.
        let slider = root.sublayers![0].sublayers![0], still = root.sublayers![0].sublayers![1]
        slider.removeAllAnimations()
        still.add(linearAnimation("position.y", from: 0.0, to: 80.0, duration: 2, begin: 100), forKey: "drop")
        CATransaction.flush()
        let next = context.makeRenderUpdate(at: 100)
        let reused = next.tree(at: 101, reusing: &kept)
        let fresh = next.tree(at: 101)
        XCTAssertEqual(values(reused), values(fresh))
        XCTAssertEqual(reused.sublayers[0].sublayers[1].position.y, fresh.sublayers[0].sublayers[1].position.y)
        XCTAssertEqual(reused.sublayers[0].sublayers[0].position.x, 10, "the slider at rest, at its model position")
    }
}
