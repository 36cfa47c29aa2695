import Foundation
import QuartzCore
import TestSupport
import XCTest

/// An action that records that it ran.
private final class RecordingAction: CAAction {
    let name: String
    var runs: [(event: String, layer: CALayer?)] = []
    init(_ name: String) { self.name = name }
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        runs.append((event, anObject as? CALayer))
    }
}

/// A delegate answering actions from a table (nil for keys it does not know).
private final class ActionDelegate: CALayerDelegate {
    var answers: [String: any CAAction] = [:]
    var asked: [String] = []
    var valueSeenWhenAsked: CGPoint?
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)? {
        asked.append(event)
        if event == "position" { valueSeenWhenAsked = layer.position }
        return answers[event]
    }
}

/// A subclass with a class default for its own key.
private final class DefaultActionLayer: CALayer {
    nonisolated(unsafe) static let custom = RecordingAction("class default")
    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        event == "cornerRadius" ? custom : super.defaultAction(forKey: event)
    }
}

/// A subclass whose class default is a null action for `opacity` and `position`.
private final class NullDefaultActionLayer: CALayer {
    override class func defaultAction(forKey event: String) -> (any CAAction)? {
        switch event {
        case "opacity": NSNull()
        case "position": CANullAction()
        default: super.defaultAction(forKey: event)
        }
    }
}

/// A subclass that asks `super` first and substitutes its own slow fade when it gets nil.
private final class FallbackFadeLayer: CALayer {
    static let fadeDuration: CFTimeInterval = 3
    override func action(forKey event: String) -> (any CAAction)? {
        if let action = super.action(forKey: event) { return action }
        guard event == "opacity" else { return nil }
        let fade = CABasicAnimation(keyPath: event)
        fade.duration = FallbackFadeLayer.fadeDuration
        return fade
    }
}

/// `action(forKey:)` searches the delegate, `actions`, `style["actions"]`,
/// then `defaultAction(forKey:)`; a null action stops the search. Property changes of layers
/// in a displayed tree run the action (implicit animations).
@MainActor
final class ActionTests: XCTestCase {
    func testStandaloneLayerDoesNotAnimate() async {
        let world = AnimationWorld(test: self)  // not displayed
        let layer = world.committedSublayer()
        layer.position = CGPoint(x: 300, y: 200)
        CATransaction.flush()
        XCTAssertNil(layer.animationKeys(), "Apple: a layer outside a displayed tree changes at once")
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 300, y: 200))
    }

    func testDisplayedLayerAnimatesImplicitly() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        layer.position = CGPoint(x: 250, y: 50)
        XCTAssertEqual(layer.animationKeys(), ["position"])
        let animation = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(animation.keyPath, "position")
        XCTAssertEqual(animation.duration, 0.25, "the transaction's default duration")
        XCTAssertEqual(animation.timingFunction, CAMediaTimingFunction(name: .default))
        XCTAssertEqual(animation.fromValue as? CGPoint, CGPoint(x: 50, y: 50), "from the value on screen")
        XCTAssertNil(animation.toValue, "to the model value")
        XCTAssertEqual(layer.position, CGPoint(x: 250, y: 50), "the model changes at once")
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 50, y: 50))
        world.clock.set(100.25)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 250, y: 50))
    }

    func testSettingTheFrameAnimatesPositionAndBoundsImplicitly() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let oldBounds = layer.bounds, oldPosition = layer.position
        layer.frame = CGRect(x: 200, y: 10, width: 60, height: 30)
        // Apple: the frame is not animated itself; its setter changes position and bounds,
        // and each of those runs its own action.
        XCTAssertEqual(Set(layer.animationKeys() ?? []), ["position", "bounds"])
        let move = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(move.fromValue as? CGPoint, oldPosition)
        let resize = try XCTUnwrap(layer.animation(forKey: "bounds") as? CABasicAnimation)
        XCTAssertEqual(resize.fromValue as? CGRect, oldBounds)
        XCTAssertEqual(layer.position, CGPoint(x: 230, y: 25), "the model changes at once")
        XCTAssertEqual(layer.bounds.size, CGSize(width: 60, height: 30))
        CATransaction.flush()
        XCTAssertEqual(layer.presentation()?.position, oldPosition, "the screen starts from where it was")
    }

    func testTheFrameSetterGoesThroughOverriddenBoundsAndPositionSetters() async {
        final class Watched: CALayer {
            var set: [String] = []
            override var bounds: CGRect {
                get { super.bounds }
                set { set.append("bounds"); super.bounds = newValue }
            }
            override var position: CGPoint {
                get { super.position }
                set { set.append("position"); super.position = newValue }
            }
        }
        let layer = Watched()
        layer.set = []
        layer.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        XCTAssertEqual(Set(layer.set), ["bounds", "position"])
        XCTAssertEqual(layer.frame, CGRect(x: 1, y: 2, width: 3, height: 4))
    }

    func testTransactionDurationAndTimingFunctionShapeImplicitAnimations() async throws {
        // CATransaction.setAnimationDuration(4) around the change.
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        CATransaction.begin()
        CATransaction.setAnimationDuration(4)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        layer.opacity = 0
        CATransaction.commit()
        let animation = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(animation.duration, 4)
        world.clock.set(101)
        XCTAssertEqual(layer.presentation()?.opacity, 0.75)
        let color = layer.presentation()?.backgroundColor?.components ?? []
        XCTAssertEqual(color.count, 4)
        for (got, expected) in zip(color, [0, 0, 0.25, 0.25] as [CGFloat]) {
            XCTAssertEqual(got, expected, accuracy: 1e-12, "from no colour (clear) to blue")
        }
        // Outside the transaction the default applies again.
        layer.zPosition = 3
        XCTAssertEqual(layer.animation(forKey: "zPosition")?.duration, 0.25)
    }

    func testNoActionWhenTheValueDoesNotChange() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        layer.position = CGPoint(x: 50, y: 50)
        layer.opacity = 1
        layer.setValue(1.0, forKey: "opacity")
        XCTAssertNil(layer.animationKeys())
    }

    func testDisableActions() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 10, y: 10)
        CATransaction.commit()
        XCTAssertNil(layer.animationKeys())
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 10, y: 10))
    }

    func testLayerNotYetCommittedDoesNotAnimate() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = CALayer()
        world.root.addSublayer(layer)
        layer.position = CGPoint(x: 10, y: 10)
        XCTAssertNil(layer.animationKeys(), "nothing on screen to animate from")
    }

    func testSearchOrderDelegateActionsStyleDefault() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer(DefaultActionLayer())
        let delegate = ActionDelegate()
        layer.delegate = delegate
        let fromDelegate = RecordingAction("delegate")
        let fromActions = RecordingAction("actions")
        let fromStyle = RecordingAction("style")
        delegate.answers["position"] = fromDelegate
        layer.actions = ["position": fromActions, "zPosition": fromActions]
        layer.style = ["actions": ["position": fromStyle, "zPosition": fromStyle, "borderWidth": fromStyle]]
        CATransaction.flush()

        XCTAssertTrue(layer.action(forKey: "position") as AnyObject === fromDelegate, "1. the delegate")
        XCTAssertTrue(layer.action(forKey: "zPosition") as AnyObject === fromActions, "2. actions, when the delegate says nil")
        XCTAssertTrue(layer.action(forKey: "borderWidth") as AnyObject === fromStyle, "3. style[\"actions\"]")
        XCTAssertTrue(layer.action(forKey: "cornerRadius") as AnyObject === DefaultActionLayer.custom, "4. the class default")
        XCTAssertNil(layer.action(forKey: "opacity"), "nobody offers one: nil, also for animatable keys")
        XCTAssertNil(layer.action(forKey: "name"), "no action for non-animatable keys")

        layer.position = CGPoint(x: 1, y: 2)
        XCTAssertEqual(fromDelegate.runs.map(\.event), ["position"])
        XCTAssertTrue(fromDelegate.runs.first?.layer === layer)
        XCTAssertEqual(delegate.valueSeenWhenAsked, CGPoint(x: 50, y: 50), "looked up before the new value is stored")
        XCTAssertEqual(fromActions.runs.count, 0)
    }

    func testNullActionsEndTheSearch() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let delegate = ActionDelegate()
        layer.delegate = delegate
        delegate.answers["position"] = NSNull()
        delegate.answers["opacity"] = CANullAction()
        layer.actions = ["position": RecordingAction("unused"), "zPosition": NSNull()]
        layer.style = ["actions": ["bounds": CANullAction.null, "zPosition": RecordingAction("unused")]]
        CATransaction.flush()
        XCTAssertNil(layer.action(forKey: "position"), "NSNull from the delegate: no actions, no default")
        XCTAssertNil(layer.action(forKey: "opacity"), "the Swift null action")
        XCTAssertNil(layer.action(forKey: "zPosition"), "NSNull in actions")
        XCTAssertNil(layer.action(forKey: "bounds"), "null in style")
        layer.position = .zero
        layer.opacity = 0.5
        layer.zPosition = 4
        layer.bounds = .zero
        XCTAssertNil(layer.animationKeys())
    }

    func testActionsDictionaryAnimationWithoutKeyPath() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let plain = CABasicAnimation()
        plain.duration = 2
        layer.actions = ["opacity": plain]
        CATransaction.flush()
        layer.opacity = 0
        let added = try XCTUnwrap(layer.animation(forKey: "opacity") as? CABasicAnimation)
        XCTAssertEqual(added.keyPath, "opacity", "an animation without a key path animates its key")
        XCTAssertEqual(added.fromValue as? Float, 1)
        XCTAssertNil(plain.keyPath, "the dictionary's animation is not changed")
        CATransaction.flush()
        world.clock.set(101)
        XCTAssertEqual(layer.presentation()?.opacity, 0.5)
    }

    func testShadowPathHasNoImplicitAnimation() async {
        // shadowPath, like every CGPath property, does not animate implicitly.
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        layer.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        XCTAssertNil(layer.animationKeys())
        XCTAssertNil(CALayer.defaultAction(forKey: "shadowPath"))
    }

    func testInterruptingAnImplicitAnimationContinuesFromTheScreen() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        CATransaction.setAnimationDuration(1)
        layer.position = CGPoint(x: 150, y: 50)
        CATransaction.flush()
        world.clock.set(100.5)
        XCTAssertEqual(layer.presentation()?.position, CGPoint(x: 100, y: 50))
        layer.position = CGPoint(x: 100, y: 150)
        let second = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(second.fromValue as? CGPoint, CGPoint(x: 100, y: 50), "starts where the first one was on screen")
        XCTAssertEqual(layer.animationKeys(), ["position"], "and replaces it")
    }

    func testOrderInAndOrderOut() async {
        let world = AnimationWorld(test: self, displayed: true)
        let parent = world.committedSublayer()
        let child = CALayer()
        let orderIn = RecordingAction("in"), orderOut = RecordingAction("out")
        child.actions = [kCAOnOrderIn: orderIn, kCAOnOrderOut: orderOut]
        parent.addSublayer(child)
        XCTAssertEqual(orderIn.runs.map(\.event), ["onOrderIn"])
        XCTAssertTrue(orderIn.runs.first?.layer === child)
        child.removeFromSuperlayer()
        XCTAssertEqual(orderOut.runs.map(\.event), ["onOrderOut"])
        let standalone = CALayer()
        standalone.addSublayer(child)
        child.removeFromSuperlayer()
        XCTAssertEqual(orderIn.runs.count, 1, "not for a tree that is not displayed")
        XCTAssertEqual(orderOut.runs.count, 1)
        CATransaction.setDisableActions(true)
        parent.sublayers = [child]
        XCTAssertEqual(orderIn.runs.count, 1, "not while actions are disabled")
        CATransaction.flush()
        parent.sublayers = nil
        XCTAssertEqual(orderOut.runs.count, 2)
        XCTAssertNil(CALayer.defaultAction(forKey: kCAOnOrderIn))
    }

    func testInvalidatedContextStopsActions() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        XCTAssertEqual(world.context?.isValid, true)
        world.context?.invalidate()
        XCTAssertEqual(world.context?.isValid, false)
        layer.position = .zero
        XCTAssertNil(layer.animationKeys())
    }

    // MARK: - The search answers nil when nobody offers an action (Apple's answers)

    func testDefaultActionIsNilForTheLayerClassesOwnProperties() async {
        for key in ["position", "bounds", "opacity", "backgroundColor", "transform", "contents", "cornerRadius"] {
            XCTAssertNil(CALayer.defaultAction(forKey: key), "CALayer.defaultAction(forKey: \"\(key)\")")
        }
        XCTAssertNil(CAShapeLayer.defaultAction(forKey: "strokeEnd"))
        XCTAssertNil(CAShapeLayer.defaultAction(forKey: "path"))
        XCTAssertNil(CAGradientLayer.defaultAction(forKey: "colors"))
        XCTAssertNil(CATextLayer.defaultAction(forKey: "fontSize"))
        XCTAssertNil(CAReplicatorLayer.defaultAction(forKey: "instanceDelay"))
        XCTAssertNil(CAEmitterLayer.defaultAction(forKey: "birthRate"))
    }

    func testABareLayerHasNoActionForItsAnimatableProperties() async {
        let layer = CALayer()
        XCTAssertNil(layer.action(forKey: "position"))
        XCTAssertNil(layer.action(forKey: "opacity"))
        XCTAssertNil(layer.action(forKey: "contents"))
        XCTAssertNil(CAShapeLayer().action(forKey: "strokeEnd"))
    }

    func testAnActionsDictionaryAnswersOnlyItsOwnKeys() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        let move = RecordingAction("move")
        layer.actions = ["position": move]
        CATransaction.flush()
        XCTAssertTrue(layer.action(forKey: "position") as AnyObject === move)
        XCTAssertNil(layer.action(forKey: "opacity"), "only position has an action")
        layer.position = CGPoint(x: 1, y: 2)
        layer.opacity = 0
        XCTAssertEqual(move.runs.map(\.event), ["position"])
        XCTAssertEqual(layer.animationKeys(), ["opacity"], "the opacity change still animates implicitly")
    }

    func testADisplayedLayerWithNoActionStillAnimatesImplicitly() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer()
        XCTAssertNil(layer.action(forKey: "position"), "the search finds nothing")
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        layer.position = CGPoint(x: 90, y: 10)
        CATransaction.commit()
        let animation = try XCTUnwrap(layer.animation(forKey: "position") as? CABasicAnimation)
        XCTAssertEqual(animation.duration, 2, "the transaction's duration")
        XCTAssertEqual(animation.timingFunction, CAMediaTimingFunction(name: .default))
        XCTAssertEqual(animation.fromValue as? CGPoint, CGPoint(x: 50, y: 50), "from the value on screen")
    }

    func testANullActionFromDefaultActionEndsTheSearch() async {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer(NullDefaultActionLayer())
        XCTAssertNil(layer.action(forKey: "opacity"), "NSNull reads as nil")
        XCTAssertNil(layer.action(forKey: "position"), "so does the Swift null action")
        layer.opacity = 0
        layer.position = .zero
        XCTAssertNil(layer.animationKeys(), "a null action means no animation, not the implicit one")
        layer.zPosition = 2
        XCTAssertEqual(layer.animationKeys(), ["zPosition"], "other keys animate implicitly")
    }

    func testAnOverrideThatChecksSuperForNilSubstitutesItsOwnAction() async throws {
        let world = AnimationWorld(test: self, displayed: true)
        let layer = world.committedSublayer(FallbackFadeLayer())
        let fade = try XCTUnwrap(layer.action(forKey: "opacity") as? CABasicAnimation, "super found nothing")
        XCTAssertEqual(fade.duration, FallbackFadeLayer.fadeDuration)
        layer.opacity = 0
        XCTAssertEqual(layer.animation(forKey: "opacity")?.duration, FallbackFadeLayer.fadeDuration)
        let offered = RecordingAction("offered")
        layer.actions = ["opacity": offered]
        CATransaction.flush()
        layer.opacity = 1
        XCTAssertEqual(offered.runs.count, 1, "an offered action wins over the substitute")
    }
}
