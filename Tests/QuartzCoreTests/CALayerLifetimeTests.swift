import QuartzCore
import TestSupport
import XCTest

@testable import QuartzCore

/// A layer that goes away leaves no link to it behind: layers it held (sublayers, mask,
/// presentation copy), animations attached to it and the list of animated layers all
/// forget it, whichever thread drops the last reference.
@MainActor
final class CALayerLifetimeTests: XCTestCase {
    override func setUp() async throws {
        commitEarlierTestsChanges()
    }

    func testASublayerOutlivingItsSuperlayerHasNoSuperlayer() async {
        let child = CALayer()
        var parent: CALayer? = CALayer()
        parent?.addSublayer(child)
        XCTAssertTrue(child.superlayer === parent)
        // The open transaction holds the layers it changed until it commits.
        CATransaction.flush()
        parent = nil
        XCTAssertNil(child.superlayer)
        XCTAssertTrue(child.rootLayer === child, "the child is the root of its own tree now")
    }

    func testAMaskOutlivingItsOwnerBelongsToNoLayer() async {
        let mask = CALayer()
        var owner: CALayer? = CALayer()
        owner?.mask = mask
        XCTAssertTrue(mask.geometricParent === owner)
        XCTAssertTrue(mask.superlayer === owner)
        CATransaction.flush()
        owner = nil
        XCTAssertNil(mask.geometricParent)
        XCTAssertNil(mask.superlayer)
    }

    func testAPresentationLayerOutlivingItsModelIsItsOwnModel() async {
        var model: CALayer? = CALayer()
        model?.opacity = 0.5
        CATransaction.flush()
        let presentation = try? XCTUnwrap(model?.presentation())
        XCTAssertTrue(presentation?.model() === model)
        model = nil
        XCTAssertTrue(presentation?.model() === presentation, "Apple: with its model gone, a presentation layer answers itself")
        XCTAssertEqual(presentation?.opacity, 0.5)
    }

    func testAPresentationSublayerOutlivingItsTreeHasNoSuperlayer() async {
        var parent: CALayer? = CALayer()
        let child = CALayer()
        parent?.addSublayer(child)
        CATransaction.flush()
        let childPresentation = child.presentation()
        XCTAssertTrue(childPresentation?.superlayer === parent?.presentation())
        parent = nil
        XCTAssertNil(childPresentation?.superlayer, "the parent's presentation copy went with it")
    }

    func testAnAnimatedLayerThatGoesAwayLeavesTheOtherAnimationsRunning() async {
        let world = AnimationWorld(test: self, displayed: true)
        let staying = world.committedSublayer()
        var leaving: CALayer? = world.committedSublayer()
        for layer in [staying, leaving!] {
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = Float(0)
            fade.toValue = Float(1)
            fade.duration = 10
            layer.add(fade, forKey: "fade")
        }
        CATransaction.flush()
        world.advance(to: 101)
        let leavingID = ObjectIdentifier(leaving!)
        XCTAssertTrue(CALayer.isAnimatedModel(leavingID))
        leaving?.removeFromSuperlayer()
        CATransaction.flush()
        leaving = nil
        XCTAssertFalse(CALayer.isAnimatedModel(leavingID), "a layer leaves the list of animated layers when it goes")
        world.advance(to: 105)
        // 5 s into a 10 s fade from 0 to 1.
        XCTAssertEqual(Double(staying.presentation()?.opacity ?? -1), 0.5, accuracy: 1e-6)
        XCTAssertEqual(world.root.presentation()?.sublayers?.count, 1)
    }

    func testAnAnimationWhoseLayerWentAwayHasNoLayer() async throws {
        var layer: CALayer? = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.duration = 10
        layer?.add(fade, forKey: "fade")
        let attached = try XCTUnwrap(layer?.attachedAnimations.first)
        XCTAssertTrue(attached.layer === layer)
        CATransaction.flush()
        layer = nil
        XCTAssertNil(attached.layer)
    }

    func testARunningAnimationWhoseLayerWentAwayStopsUnfinishedWithoutAFrame() async throws {
        let delegate = RecordingAnimationDelegate()
        weak var attached: AttachedAnimation?
        do {
            // A layer in no displayed tree: no frame ever advances its animations.
            var layer: CALayer? = CALayer()
            let pulse = linearAnimation("opacity", from: Float(0), to: Float(1), duration: 1)
            pulse.repeatCount = .infinity
            pulse.delegate = delegate
            layer?.add(pulse, forKey: "pulse")
            attached = try XCTUnwrap(layer?.attachedAnimations.first)
            CATransaction.flush()
            layer = nil
        }
        XCTAssertEqual(delegate.events, [], "told after the transaction, not inside the release")
        CATransaction.flush()
        XCTAssertEqual(delegate.events, ["stop unfinished"])
        XCTAssertNil(attached, "nothing holds the animation of a layer that is gone")
    }

    func testACompletionBlockWaitingForTheAnimationOfALayerThatWentAwayRuns() async {
        var runs = 0
        do {
            var layer: CALayer? = CALayer()
            CATransaction.begin()
            CATransaction.setCompletionBlock { runs += 1 }
            layer?.add(linearAnimation("opacity", from: Float(0), to: Float(1), duration: 10), forKey: "fade")
            CATransaction.commit()
            XCTAssertEqual(runs, 0, "the fade is still running")
            layer = nil
        }
        CATransaction.flush()
        XCTAssertEqual(runs, 1, "its animation was removed with the layer: nothing is left to wait for")
    }

    func testASubclassDeclaresItsOwnDeinitAndTheLinksAreStillCleared() async {
        let child = CALayer()
        var parent: CountingLayer? = CountingLayer()
        parent?.addSublayer(child)
        CATransaction.flush()
        let before = CountingLayer.deinits
        parent = nil
        XCTAssertEqual(CountingLayer.deinits, before + 2, "the layer and its presentation copy")
        XCTAssertNil(child.superlayer)
    }

    func testALayerReleasedOffTheMainThreadClearsItsLinksOnTheMainActor() async {
        let child = CALayer()
        let holder = LayerHolder()
        holder.layer = CALayer()
        holder.layer?.addSublayer(child)
        CATransaction.flush()
        // The detached task drops the last reference to the parent, on another thread.
        await Task.detached { holder.layer = nil }.value
        // Its deinit runs on the main actor once that gets to run: wait for it, boundedly.
        var turns = 0
        while child.superlayer != nil, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        XCTAssertNil(child.superlayer)
    }
}

/// A subclass with a deinit of its own, as Apple code writes them.
private final class CountingLayer: CALayer {
    nonisolated(unsafe) static var deinits = 0
    deinit { CountingLayer.deinits += 1 }
}

/// Holds a layer for another thread to drop.
private final class LayerHolder: @unchecked Sendable {
    var layer: CALayer?
}
