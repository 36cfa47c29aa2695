import Foundation
import Lamina
import XCTest

/// The animation article's samples do what the article says, on a manual clock. Test methods
/// are `async`: swift-corelibs-xctest crashes running synchronous @MainActor ones.
@MainActor
final class AnimationSampleTests: XCTestCase {
    override func tearDown() async throws {
        CAMediaClock.use(CASystemMediaClock())
        CATransaction.flush()
    }

    func testTheManualClockSampleIsHalfwayAtHalfTheDuration() async {
        XCTAssertEqual(AnimationSamples.manualClock(), 50, accuracy: 1e-9)
    }

    func testTheFadeKeepsItsModelValueAndAnimatesFromOne() async {
        let clock = CAManualMediaClock(start: 10)
        CAMediaClock.use(clock)
        let layer = CALayer()
        CATransaction.flush()
        AnimationSamples.explicitFade(layer: layer)
        CATransaction.flush()
        XCTAssertEqual(layer.opacity, 0)
        XCTAssertEqual(layer.presentation()?.opacity ?? -1, 1, accuracy: 1e-6)
        clock.advance(by: 0.25)
        XCTAssertEqual(layer.presentation()?.opacity ?? -1, 0.5, accuracy: 1e-3)
    }

    func testTheTransactionSampleAnimatesOverOneSecondAndCompletes() async {
        let clock = CAManualMediaClock(start: 10)
        CAMediaClock.use(clock)
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        AnimationSamples.transaction(layer: layer)
        let animation = layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertEqual(animation?.duration, 1)
        XCTAssertEqual(layer.position, CGPoint(x: 300, y: 200))
        clock.advance(by: 1.01)
        context.advanceAnimations()
        XCTAssertNil(layer.animation(forKey: "position"), "removed once over")
    }

    func testDisablingActionsChangesAtOnce() async {
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)
        let layer = CALayer()
        root.addSublayer(layer)
        CATransaction.flush()
        AnimationSamples.withoutAnimation(layer: layer)
        XCTAssertNil(layer.animation(forKey: "backgroundColor"))
        XCTAssertEqual(layer.presentation()?.backgroundColor, CGColor(gray: 0.5, alpha: 1))
        context.invalidate()
    }

    func testTheGroupSampleAddsOneRepeatingGroup() async {
        let layer = CALayer()
        AnimationSamples.keyframesAndGroups(layer: layer)
        let group = layer.animation(forKey: "bounce") as? CAAnimationGroup
        XCTAssertEqual(group?.animations?.count, 2)
        XCTAssertEqual(group?.repeatCount, 3)
    }
}
