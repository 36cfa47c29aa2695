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

/// seeds 001 and 003: `action(forKey:)` searches the delegate, `actions`, `style["actions"]`,
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

    func testTransactionDurationAndTimingFunctionShapeImplicitAnimations() async throws {
        // seed 003: CATransaction.setAnimationDuration(4) around the change.
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
        XCTAssertTrue(layer.action(forKey: "opacity") is CABasicAnimation, "CALayer's default for animatable keys")
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
        // seed 001: shadowPath, like every CGPath property, does not animate implicitly.
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
}
