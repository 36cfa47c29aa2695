import Foundation
@testable import QuartzCore
import TestSupport
import XCTest

/// A commit's render update carries the animations: the render server evaluates them at any
/// later frame time by itself — no main-thread work — with the values the main thread's
/// presentation tree shows at that time.
@MainActor
final class CARenderUpdateTests: XCTestCase {
    private func displayedTree() -> (CARenderContext, CALayer, CALayer) {
        let root = layer("root", CGRect(x: 0, y: 0, width: 200, height: 100))
        let context = CARenderContext(rootLayer: root)
        let mover = layer("mover", CGRect(x: 0, y: 0, width: 20, height: 20), CGColor(red: 1, green: 0, blue: 0, alpha: 1), in: root)
        CATransaction.flush()
        return (context, root, mover)
    }

    private func node(_ tree: CARenderLayer, _ index: Int) -> CARenderLayer { tree.sublayers[index] }

    func testABasicAnimationIsEvaluatedAtAnyLaterFrameTime() async throws {
        let (context, _, mover) = displayedTree()
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 30
        animation.toValue = 130
        animation.duration = 2
        animation.beginTime = 100
        mover.add(animation, forKey: "slide")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 100)
        XCTAssertTrue(update.hasAnimations)
        XCTAssertFalse(update.needsMainThreadEvaluation)
        // Linear timing: x = 30 + 100 × elapsed / 2.
        XCTAssertEqual(node(update.tree(at: 100.5), 0).position.x, 55, accuracy: 1e-9)
        XCTAssertEqual(node(update.tree(at: 101.5), 0).position.x, 105, accuracy: 1e-9)
        // After the end (removed on completion): the model value, 10 (the frame's centre),
        // not the 30 the snapshot showed when it was made.
        XCTAssertEqual(node(update.tree(at: 103), 0).position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(node(update.tree(at: 100.5), 0).position.y, 10, "an unanimated value is kept")
        XCTAssertEqual(update.animationsEndTime, 102, accuracy: 1e-9)
        // The same values as the main thread's presentation at those times.
        context.withPresentationTime(101.5) {
            XCTAssertEqual(mover.presentation()?.position.x ?? .nan, 105, accuracy: 1e-9)
        }
    }

    func testSubKeyPathsColoursAndTheLayersTimingAreApplied() async throws {
        let (context, root, mover) = displayedTree()
        // The root runs at half speed: its sublayers' animations take twice as long.
        root.speed = 0.5
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = Double.pi
        spin.duration = 1
        spin.beginTime = 0.25
        spin.fillMode = .both
        spin.isRemovedOnCompletion = false
        mover.add(spin, forKey: "spin")
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        fade.toValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        fade.duration = 1
        fade.beginTime = 0.25
        fade.fillMode = .both
        fade.isRemovedOnCompletion = false
        mover.add(fade, forKey: "fade")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 0)
        // Media time 1.5 is the root's (and the mover's) local time 0.75: half way through
        // animations that begin at local time 0.25 and last 1 second.
        let halfway = node(update.tree(at: 1.5), 0)
        XCTAssertEqual(atan2(halfway.transform.m12, halfway.transform.m11), .pi / 2, accuracy: 1e-9)
        let components = try XCTUnwrap(halfway.backgroundColor?.components)
        XCTAssertEqual(components[0], 0.5, accuracy: 1e-9)
        XCTAssertEqual(components[3], 1, accuracy: 1e-9)
    }

    func testShapeAndGradientKeysAreEvaluatedByTheRenderServer() async throws {
        let (context, root, _) = displayedTree()
        let ring = CAShapeLayer()
        ring.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        let circle = CGMutablePath()
        circle.addEllipse(in: CGRect(x: 2, y: 2, width: 36, height: 36))
        ring.path = circle
        ring.strokeColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(ring)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 50, y: 0, width: 40, height: 40)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 1, blue: 0, alpha: 1)]
        root.addSublayer(gradient)
        CATransaction.flush()
        let progress = CABasicAnimation(keyPath: "strokeEnd")
        progress.fromValue = 0
        progress.toValue = 1
        progress.duration = 2
        progress.beginTime = 10
        ring.add(progress, forKey: "progress")
        let width = CABasicAnimation(keyPath: "lineWidth")
        width.fromValue = 1
        width.toValue = -3  // made usable as the layer's value would be: not below 0
        width.duration = 2
        width.beginTime = 10
        ring.add(width, forKey: "width")
        let sweep = CABasicAnimation(keyPath: "startPoint")
        sweep.fromValue = CGPoint(x: 0, y: 0)
        sweep.toValue = CGPoint(x: 1, y: 0.5)
        sweep.duration = 2
        sweep.beginTime = 10
        gradient.add(sweep, forKey: "sweep")
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 10)
        XCTAssertFalse(update.needsMainThreadEvaluation, "shape and gradient keys need no main-thread work")
        // Linear timing, half-way: strokeEnd 0.5, lineWidth 1 - 2 = -1 → 0, startPoint (0.5, 0.25).
        let tree = update.tree(at: 11)
        let shape = try XCTUnwrap(node(tree, 1).shape)
        XCTAssertEqual(shape.strokeEnd, 0.5, accuracy: 1e-9)
        XCTAssertEqual(shape.lineWidth, 0)
        XCTAssertEqual(shape.strokeColor, CGColor(red: 0, green: 0, blue: 1, alpha: 1), "an unanimated value is kept")
        let start = try XCTUnwrap(node(tree, 2).gradient).startPoint
        XCTAssertEqual(start.x, 0.5, accuracy: 1e-9)
        XCTAssertEqual(start.y, 0.25, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(node(update.tree(at: 10.5), 1).shape).strokeEnd, 0.25, accuracy: 1e-9)
    }

    func testATransitionNeedsTheMainThread() async throws {
        let (context, _, mover) = displayedTree()
        let transition = CATransition()
        transition.duration = 1
        mover.add(transition, forKey: nil)
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: CACurrentMediaTime())
        XCTAssertTrue(update.needsMainThreadEvaluation)
        XCTAssertFalse(update.hasAnimations)
    }

    func testTheRendererDrawsTheUpdateAtEachFramesTime() async throws {
        let (context, _, mover) = displayedTree()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 10
        slide.toValue = 110
        slide.duration = 1
        slide.beginTime = 50
        mover.add(slide, forKey: nil)
        CATransaction.flush()
        let renderer = CARenderer()
        renderer.update = context.makeRenderUpdate(at: 50)
        var buffer = [UInt8](repeating: 0, count: 200 * 100 * 4)
        try buffer.withUnsafeMutableBytes { bytes in
            try renderer.setDestination(bytes.baseAddress!, width: 200, height: 100, bytesPerRow: 800, bufferAge: 0)
        }
        renderer.beginFrame(atTime: 50.5)
        try renderer.render()
        XCTAssertEqual(renderer.nextFrameTime(), 50.5, "animations run: the next frame as soon as possible")
        renderer.endFrame()
        // Centre x = 60: the 20-point box covers x 50..<70.
        func alpha(_ x: Int, _ y: Int) -> UInt8 { buffer[(y * 200 + x) * 4 + 3] }
        XCTAssertEqual(alpha(50, 10), 255)
        XCTAssertEqual(alpha(69, 10), 255)
        XCTAssertEqual(alpha(49, 10), 0)
        XCTAssertEqual(alpha(70, 10), 0)
        renderer.update = context.makeRenderUpdate(at: 52)
        try buffer.withUnsafeMutableBytes { bytes in
            try renderer.setDestination(bytes.baseAddress!, width: 200, height: 100, bytesPerRow: 800, bufferAge: 1)
        }
        renderer.beginFrame(atTime: 52)
        XCTAssertEqual(renderer.nextFrameTime(), .infinity, "nothing runs any more")
        renderer.endFrame()
    }

    func testAnimationsOfOtherTreesAndFinishedOnesDoNotNeedTheMainThread() async throws {
        let (context, _, mover) = displayedTree()
        // Another tree's animated mask is not this tree's business.
        let otherRoot = layer("other", CGRect(x: 0, y: 0, width: 10, height: 10))
        let mask = layer("mask", CGRect(x: 0, y: 0, width: 10, height: 10))
        otherRoot.mask = mask
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 100
        fade.beginTime = 1
        mask.add(fade, forKey: nil)
        // A finished animation that stays (fill forwards) shows a constant value.
        let done = CATransition()
        done.duration = 1
        done.beginTime = 1
        done.fillMode = .forwards
        done.isRemovedOnCompletion = false
        mover.add(done, forKey: nil)
        CATransaction.flush()
        XCTAssertTrue(context.makeRenderUpdate(at: 1.5).needsMainThreadEvaluation, "the transition runs at 1.5")
        let update = context.makeRenderUpdate(at: 5)
        XCTAssertFalse(update.needsMainThreadEvaluation)
        XCTAssertFalse(update.hasAnimations)
        withExtendedLifetime(otherRoot) {}
    }

    func testAColourAnimationOfALayerWithoutAColourEndsWithNone() async throws {
        let (context, _, mover) = displayedTree()
        mover.backgroundColor = nil
        let fade = CABasicAnimation(keyPath: "backgroundColor")
        fade.fromValue = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        fade.toValue = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        fade.duration = 1
        fade.beginTime = 10
        mover.add(fade, forKey: nil)
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 10)
        XCTAssertTrue(update.hasAnimations)
        XCTAssertEqual(try XCTUnwrap(node(update.tree(at: 10.5), 0).backgroundColor?.components)[0], 0.5, accuracy: 1e-9)
        XCTAssertNil(node(update.tree(at: 12), 0).backgroundColor, "after the end: the model's nil colour")
    }

    func testAnimatedParentsChildrenAndSiblingsAreEachEvaluatedOnce() async throws {
        let (context, root, first) = displayedTree()
        let second = layer("second", CGRect(x: 0, y: 40, width: 20, height: 20), in: root)
        let child = layer("child", CGRect(x: 2, y: 2, width: 4, height: 4), in: first)
        let grandchild = layer("grandchild", CGRect(x: 0, y: 0, width: 2, height: 2), in: child)
        let still = layer("still", CGRect(x: 0, y: 0, width: 2, height: 2), in: child)
        CATransaction.flush()
        // Linear, 1 s from media time 20: at 20.25 each x is a quarter of the way.
        for (index, target) in [first, child, grandchild, second].enumerated() {
            let slide = CABasicAnimation(keyPath: "position.x")
            slide.fromValue = 0
            slide.toValue = 100 * Double(index + 1)
            slide.duration = 1
            slide.beginTime = 20
            target.add(slide, forKey: "slide")
        }
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 20)
        XCTAssertEqual(update.animatedLayers.map(\.path), [[0], [0, 0], [0, 0, 0], [1]])
        let tree = update.tree(at: 20.25)
        XCTAssertEqual(tree.sublayers[0].position.x, 25)
        XCTAssertEqual(tree.sublayers[0].sublayers[0].position.x, 50)
        XCTAssertEqual(tree.sublayers[0].sublayers[0].sublayers[0].position.x, 75)
        XCTAssertEqual(tree.sublayers[0].sublayers[0].sublayers[1].position.x, still.position.x, "an unanimated sibling is kept")
        XCTAssertEqual(tree.sublayers[1].position.x, 100)
        XCTAssertEqual(tree.sublayers[0].sublayers[0].sublayers.count, 2, "no sublayer is lost on the way")
        XCTAssertEqual(tree.sublayers.count, 2)
        // The update's own snapshot is not changed by the evaluation.
        XCTAssertEqual(update.tree.sublayers[0].sublayers[0].sublayers[0].position.x, 0)
    }

    func testAnimatedSiblingsInARowAreEachEvaluatedInTheirOwnPlace() async throws {
        let root = layer("root", CGRect(x: 0, y: 0, width: 400, height: 100))
        let context = CARenderContext(rootLayer: root)
        // Root: animated, still, animated, animated, a container of two animated layers,
        // animated. Each x starts at 0 and the still ones sit at x = 7.
        var animated: [CALayer] = []
        for index in 0..<4 {
            let sibling = layer("sibling \(index)", CGRect(x: 0, y: 0, width: 4, height: 4), in: root)
            if index != 1 { animated.append(sibling) }
        }
        let container = layer("container", CGRect(x: 0, y: 0, width: 40, height: 40), in: root)
        animated.append(layer("inner 0", CGRect(x: 0, y: 0, width: 4, height: 4), in: container))
        animated.append(layer("inner 1", CGRect(x: 0, y: 0, width: 4, height: 4), in: container))
        animated.append(layer("last", CGRect(x: 0, y: 0, width: 4, height: 4), in: root))
        root.sublayers?[1].position.x = 7
        CATransaction.flush()
        // Linear, 1 s from media time 30, to 100, 200, …: at 30.5 each x is half its target.
        for (index, target) in animated.enumerated() {
            target.add(linearAnimation("position.x", from: 0.0, to: 100.0 * Double(index + 1), duration: 1, begin: 30), forKey: "slide")
        }
        CATransaction.flush()
        let update = context.makeRenderUpdate(at: 30)
        XCTAssertEqual(update.animatedLayers.map(\.path), [[0], [2], [3], [4, 0], [4, 1], [5]])
        var kept: CARenderUpdate.EvaluatedTree?
        for time in [30.5, 30.25, 30.5] {
            let tree = update.tree(at: time, reusing: &kept)
            let fraction = time - 30
            let xs = [0, 2, 3].map { tree.sublayers[$0].position.x } + tree.sublayers[4].sublayers.map(\.position.x)
                + [tree.sublayers[5].position.x]
            XCTAssertEqual(xs, (1...6).map { 100 * CGFloat($0) * fraction }, "at \(time)")
            XCTAssertEqual(tree.sublayers[1].position.x, 7, "the still sibling between them is kept")
            XCTAssertEqual(tree.sublayers.map(\.layerID), update.tree.sublayers.map(\.layerID), "each in its own place")
            XCTAssertEqual(tree.sublayers[4].sublayers.map(\.layerID), update.tree.sublayers[4].sublayers.map(\.layerID))
        }
    }
}
