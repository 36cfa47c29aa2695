import Foundation
import Lamina

// The samples of the "Animations and transactions" article. ArticleSampleTests checks that
// each ```swift block of the article appears here verbatim; AnimationSampleTests runs them
// on a manual clock.
enum AnimationSamples {
    @MainActor
    static func explicitFade(layer: CALayer) {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = Float(1)
        fade.toValue = Float(0)
        fade.duration = 0.5
        fade.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        layer.add(fade, forKey: "fade")
        layer.opacity = 0          // the model value: what stays once the animation is removed
    }

    @MainActor
    static func keyframesAndGroups(layer: CALayer) {
        let bounce = CAKeyframeAnimation(keyPath: "position.y")
        bounce.values = [CGFloat(100), CGFloat(40), CGFloat(100)]
        bounce.keyTimes = [0, 0.5, 1]
        bounce.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn)]

        let pulse = CABasicAnimation(keyPath: "transform.scale")
        pulse.toValue = CGFloat(1.2)
        pulse.autoreverses = true

        let group = CAAnimationGroup()
        group.animations = [bounce, pulse]
        group.duration = 0.8
        group.repeatCount = 3
        layer.add(group, forKey: "bounce")
    }

    @MainActor
    static func transaction(layer: CALayer) {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
        CATransaction.setCompletionBlock {
            print("arrived")       // on the main thread, once the animations it started ended
        }
        layer.position = CGPoint(x: 300, y: 200)
        layer.opacity = 0.5
        CATransaction.commit()
    }

    @MainActor
    static func withoutAnimation(layer: CALayer) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.backgroundColor = CGColor(gray: 0.5, alpha: 1)   // changes at once
        CATransaction.commit()
    }

    /// Returns the presentation's x position halfway through the implicit animation.
    @MainActor
    static func manualClock() -> CGFloat {
        let clock = CAManualMediaClock(start: 10)
        CAMediaClock.use(clock)
        let root = CALayer()
        let context = CARenderContext(rootLayer: root)      // makes the tree displayed
        let box = CALayer()
        root.addSublayer(box)
        CATransaction.flush()                               // committed once: it may animate now

        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        box.position = CGPoint(x: 100, y: 0)                // implicit: 0.25 s from x = 0
        CATransaction.flush()
        clock.advance(by: 0.125)
        context.advanceAnimations()
        let halfway = box.presentation()?.position.x        // 50
        return halfway ?? .nan
    }
}
