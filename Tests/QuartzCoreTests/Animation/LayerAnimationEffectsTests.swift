import QuartzCore
import TestSupport
import XCTest

/// Transitions, contents cross-fades, keyframe paths and path values on real layers, as the
/// compositor draws them.
@MainActor
final class LayerAnimationEffectsTests: XCTestCase {
    private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    private func render(_ root: CALayer) throws -> CGImage {
        try CALayerCompositor().renderImage(root.makeRenderTree(), width: 200, height: 100)
    }

    /// A 100×100 red layer at the top-left of a committed tree.
    private func redSquare(_ world: AnimationWorld) -> CALayer {
        let layer = world.committedSublayer()
        layer.backgroundColor = red
        CATransaction.flush()
        return layer
    }

    func testPushTransitionDrawsTheOldAndNewRenderings() async throws {
        let world = AnimationWorld(test: self)
        let layer = redSquare(world)
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        transition.duration = 2
        transition.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(transition, forKey: nil)
        layer.backgroundColor = blue
        CATransaction.flush()

        world.clock.set(101)
        let tree = world.root.makeRenderTree()
        let drawn = try XCTUnwrap(tree.sublayers.first?.transition)
        XCTAssertEqual(drawn.progress, 0.5)
        XCTAssertEqual(drawn.from.backgroundColor, red, "from the rendering before the change")
        let mid = try render(world.root)
        XCTAssertEqual(rgba(mid, 25, 50), [0, 0, 255, 255], "the new (blue) body came in from the left, halfway")
        XCTAssertEqual(rgba(mid, 75, 50), [255, 0, 0, 255], "the old (red) body is pushed right")
        XCTAssertEqual(rgba(mid, 125, 50), [255, 0, 0, 255], "outside the layer: not clipped without masksToBounds")
        world.clock.set(102.5)
        XCTAssertNil(world.root.makeRenderTree().sublayers.first?.transition, "over: only the new rendering")
        XCTAssertEqual(rgba(try render(world.root), 75, 50), [0, 0, 255, 255])
    }

    func testFadeTransitionOfANewLayerStartsFromNothing() async throws {
        let world = AnimationWorld(test: self)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.backgroundColor = blue
        world.root.addSublayer(layer)
        let fade = CATransition()
        fade.duration = 2
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(fade, forKey: "ignored")
        CATransaction.flush()
        world.clock.set(101)
        let pixel = rgba(try render(world.root), 50, 50)
        XCTAssertEqual(pixel.count, 4)
        XCTAssertEqual(Double(pixel[2]), 127.5, accuracy: 1, "half of the blue body")
        XCTAssertEqual(Double(pixel[3]), 127.5, accuracy: 1)
    }

    func testContentsCrossFade() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let a = makeImage(width: 4, height: 4) { _, _ in .init(red: 255, green: 0, blue: 0, alpha: 255) }
        let b = makeImage(width: 4, height: 4) { _, _ in .init(red: 0, green: 0, blue: 255, alpha: 255) }
        layer.contents = a
        CATransaction.flush()
        let animation = linearAnimation("contents", from: nil, to: b, duration: 2)
        layer.add(animation, forKey: "swap")
        CATransaction.flush()
        world.clock.set(100.5)
        let node = try XCTUnwrap(world.root.makeRenderTree().sublayers.first)
        XCTAssertTrue(node.contents === b, "the destination is the contents")
        XCTAssertTrue(node.contentsCrossFade?.from === a, "from the model contents")
        XCTAssertEqual(node.contentsCrossFade?.fraction, 0.25)
        let pixel = rgba(try render(world.root), 50, 50)
        XCTAssertEqual(Double(pixel[0]), 191.25, accuracy: 1)
        XCTAssertEqual(Double(pixel[2]), 63.75, accuracy: 1)
        XCTAssertEqual(pixel[3], 255)
        XCTAssertTrue(layer.contents as AnyObject === a, "the model keeps its contents")
    }

    func testImplicitContentsChangeCrossFades() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let a = makeImage(width: 2, height: 2) { _, _ in .init(red: 255, green: 0, blue: 0, alpha: 255) }
        let b = makeImage(width: 2, height: 2) { _, _ in .init(red: 0, green: 255, blue: 0, alpha: 255) }
        CATransaction.setDisableActions(true)
        layer.contents = a
        CATransaction.flush()
        layer.contents = b
        XCTAssertEqual(layer.animationKeys(), ["contents"])
        CATransaction.flush()
        world.clock.set(100.1)
        let node = try XCTUnwrap(world.root.makeRenderTree().sublayers.first)
        XCTAssertTrue(node.contentsCrossFade?.from === a)
        XCTAssertTrue(node.contents === b)
        world.clock.set(100.3)
        XCTAssertNil(world.root.makeRenderTree().sublayers.first?.contentsCrossFade)
    }

    func testKeyframePathMovesAndTurnsALayer() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.calculationMode = .paced
        animation.rotationMode = .rotateAuto
        animation.duration = 2
        layer.add(animation, forKey: "follow")
        CATransaction.flush()
        world.clock.set(100.5)
        var presentation = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presentation.position.x, 50, accuracy: 1e-9)
        XCTAssertEqual(presentation.position.y, 0, accuracy: 1e-9)
        XCTAssertEqual(presentation.transform.m11, 1, accuracy: 1e-9, "heading right: no turn")
        world.clock.set(101.5)
        presentation = try XCTUnwrap(layer.presentation())
        XCTAssertEqual(presentation.position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(presentation.position.y, 50, accuracy: 1e-9)
        XCTAssertEqual(presentation.transform.m11, 0, accuracy: 1e-9, "heading down (y-down): turned 90°")
        XCTAssertEqual(presentation.transform.m12, 1, accuracy: 1e-9)
        XCTAssertEqual(layer.transform, CATransform3DIdentity)
    }

    func testShadowPathAnimatesExplicitly() async throws {
        let world = AnimationWorld(test: self)
        let layer = world.committedSublayer()
        let small = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        let large = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        layer.shadowPath = small
        CATransaction.flush()
        layer.add(linearAnimation("shadowPath", from: small, to: large, duration: 2), forKey: "grow")
        CATransaction.flush()
        world.clock.set(101)
        let box = try XCTUnwrap(layer.presentation()?.shadowPath?.boundingBox)
        XCTAssertEqual(box, CGRect(x: 0, y: 0, width: 20, height: 15))
    }
}
