import QuartzCore
import TestSupport
import XCTest

/// Animations of a transform's sub-keys (`transform.rotation.x`, `transform.scale.y`, …)
/// write into one set of components, composed once: each animation changes its own
/// component of what the ones before it set. Apple's renders of an animation engine's
/// layers show it: turned by π about x, y and z at once, an image is upright (the product
/// of the three half turns is the identity), where reading the components back from the
/// matrix between the writes would give a half turn about z.
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

    func testHalfTurnsAboutXYAndZLeaveThePresentationLayerUpright() async throws {
        let world = AnimationWorld(test: self)
        let layer = turnedAboutEveryAxis(world)
        let transform = try XCTUnwrap(layer.presentation()).transform
        // Rx(π) · Ry(π) · Rz(π) = diag(1, −1, −1) · diag(−1, 1, −1) · diag(−1, −1, 1) = I.
        assertEqual(transform, CATransform3DIdentity, accuracy: 1e-9)
    }

    func testHalfTurnsAboutXYAndZLeaveTheRenderServersLayerUpright() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        _ = turnedAboutEveryAxis(world)
        let context = try XCTUnwrap(world.context)
        let tree = context.makeRenderUpdate(at: 105).tree(at: 105)
        assertEqual(tree.sublayers[0].transform, CATransform3DIdentity, accuracy: 1e-9)
    }

    func testARotationAfterANegativeYScaleTurnsTheMirroredLayer() async throws {
        // scale(1, −1), then a half turn about z: mirrored left to right.
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        layer.add(holding("transform.scale.y", -1), forKey: "scale")
        layer.add(holding("transform.rotation.z", .pi), forKey: "turn")
        CATransaction.flush()
        world.advance(to: 105)
        assertEqual(try XCTUnwrap(layer.presentation()).transform, CATransform3DMakeScale(-1, 1, 1), accuracy: 1e-9)
    }
}
