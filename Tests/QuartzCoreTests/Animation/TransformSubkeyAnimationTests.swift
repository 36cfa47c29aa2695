import QuartzCore
import TestSupport
import XCTest

/// Animations of a transform's sub-keys (`transform.rotation.x`, `transform.scale.y`, …)
/// each read the components back from the transform the ones before them made, change
/// their own, and compose it again. Apple's renders of an animation engine's layers show it:
/// turned by π about x, then y, then z, an image shows turned half about z (π about x and y
/// make a half turn about z, which the third write then sets to π again); given a y scale of
/// −1 and then a half turn about z, it shows mirrored left to right. The expected matrices
/// are computed here from the rotations.
@MainActor
final class TransformSubkeyAnimationTests: XCTestCase {
    /// A keyframe animation (evaluated through key-value coding) holding `value` at `keyPath`.
    private func holding(_ keyPath: String, _ value: CGFloat) -> CAKeyframeAnimation {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.values = [value, value]
        animation.duration = 10
        animation.beginTime = 100
        return animation
    }

    private func turnedAboutEveryAxis(_ world: AnimationWorld) -> CALayer {
        let layer = world.committedSublayer()
        for axis in ["x", "y", "z"] {
            layer.add(holding("transform.rotation.\(axis)", .pi), forKey: axis)
        }
        CATransaction.flush()
        world.advance(to: 105)
        return layer
    }

    func testHalfTurnsAboutXYAndZLeaveThePresentationLayerTurnedHalfAboutZ() async throws {
        let world = AnimationWorld(test: self)
        let layer = turnedAboutEveryAxis(world)
        // Rx(π) · Ry(π) = diag(−1, −1, 1), read back as π about z; z set to π keeps it.
        assertEqual(try XCTUnwrap(layer.presentation()).transform, CATransform3DMakeScale(-1, -1, 1), accuracy: 1e-9)
    }

    func testHalfTurnsAboutXYAndZLeaveTheRenderServersLayerTurnedHalfAboutZ() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        _ = turnedAboutEveryAxis(world)
        let context = try XCTUnwrap(world.context)
        let tree = context.makeRenderUpdate(at: 105).tree(at: 105)
        assertEqual(tree.sublayers[0].transform, CATransform3DMakeScale(-1, -1, 1), accuracy: 1e-9)
    }

    func testARotationAfterANegativeYScaleTurnsTheMirroredLayer() async throws {
        // scale(1, −1), then a half turn about z: x → −x, y → y, mirrored left to right.
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(holding("transform.scale.y", -1), forKey: "scale")
        layer.add(holding("transform.rotation.z", .pi), forKey: "turn")
        CATransaction.flush()
        world.advance(to: 105)
        assertEqual(try XCTUnwrap(layer.presentation()).transform, CATransform3DMakeScale(-1, 1, 1), accuracy: 1e-9)
    }
}
