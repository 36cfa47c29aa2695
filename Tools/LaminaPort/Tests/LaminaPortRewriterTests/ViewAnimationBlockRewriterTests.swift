import LaminaPortRewriter
import XCTest

final class ViewAnimationBlockRewriterTests: XCTestCase {
    func testAnAnimationBlockIsATransactionTheLayersWrittenForViewsAnimateIn() {
        // UIKit animates a view's changes in a block with the block's duration and curve
        // (UIView.animate(withDuration:…): the curve defaults to .curveEaseInOut) and calls the
        // completion when they end; a view gives its layer no action outside such a block.
        let source = """
            import UIKit

            final class FadeViewController: UIViewController {
                private let box = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))

                override func viewDidAppear(_ animated: Bool) {
                    super.viewDidAppear(animated)
                    view.addSubview(box)
                    UIView.animate(withDuration: 0.6, animations: {
                        self.box.alpha = 0.2
                    }, completion: { _ in
                        self.box.removeFromSuperview()
                    })
                    UIView.animate(withDuration: 0.3, delay: 0, options: [.curveLinear, .allowUserInteraction]) {
                        self.box.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    do {
                        let viewAnimation = CABasicAnimation()
                        viewAnimation.duration = 0.6
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        let completion: (Bool) -> Void = { _ in
                            self.box.removeFromSuperlayer()
                        }
                        CATransaction.setCompletionBlock { completion(true) }
                        self.box.opacity = Float(0.2)
                        CATransaction.commit()
                    }
                    do {
                        let viewAnimation = CABasicAnimation()
                        viewAnimation.duration = 0.3
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: .linear)
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        self.box.frame = CGRect(x: 0, y: 0, width: 80, height: 80)
                        CATransaction.commit()
                    }
            """), ported.ported)
        // The controller's layer and its plain view's answer the block with its animation.
        let answer = """
                    guard let block = CATransaction.value(forKey: "UIView.animate") as? CABasicAnimation,
                        let animation = block.copy() as? CABasicAnimation
                    else { return nil }
                    animation.keyPath = event
                    return animation
            """
        XCTAssertEqual(ported.ported.components(separatedBy: answer).count - 1, 2, ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["FadeViewController"])
        assertSecondRunChangesNothing([ported])
    }

    func testADelayedBlockStartsLaterAndOptionsHeldInAVariableChooseItsCurve() {
        // UIKit starts a delayed block's animations that much later, the view showing its old
        // value until then (UIView.animate(withDuration:delay:options:animations:)); a local
        // holding UIView.AnimationOptions that only choose a curve chooses the timing function.
        let source = """
            import UIKit

            final class Fader {
                let box = CALayer()
                var linear = false

                func fade(out: Bool) {
                    var options: UIView.AnimationOptions
                    if linear {
                        options = .curveLinear
                    } else {
                        options = [.curveEaseOut, .beginFromCurrentState]
                    }
                    UIView.animate(withDuration: 0.4, delay: 0.25, options: options, animations: {
                        self.box.opacity = out ? 0 : 1
                    })
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    var options: CAMediaTimingFunctionName
                    if linear {
                        options = .linear
                    } else {
                        options = .easeOut
                    }
                    do {
                        let viewAnimation = CABasicAnimation()
                        viewAnimation.duration = 0.4
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: options)
                        viewAnimation.beginTime = CACurrentMediaTime() + 0.25
                        viewAnimation.fillMode = .backwards
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        self.box.opacity = out ? 0 : 1
                        CATransaction.commit()
                    }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A variable also read otherwise, or given options other than a curve, is left, and
        // the block with it.
        for changed in [
            source.replacingOccurrences(of: "options = .curveLinear", with: "options = [.curveLinear, .autoreverse]"),
            source.replacingOccurrences(of: "var linear = false", with: "var linear = false\n    var saved: UIView.AnimationOptions = []")
                .replacingOccurrences(of: "options = .curveLinear", with: "options = .curveLinear\n            saved = options"),
            source.replacingOccurrences(of: "        })\n", with: """
                        })
                        UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: options, animations: {})

                """),
        ] {
            let left = Porter.port(changed)
            XCTAssertTrue(left.ported.contains("UIView.animate(withDuration: 0.4, delay: 0.25, options: options"), left.ported)
            XCTAssertTrue(left.ported.contains("var options: UIView.AnimationOptions"), left.ported)
        }
    }

    func testABlockWithOptionsTheCommandCannotReadIsLeft() {
        for call in [
            "UIView.animate(withDuration: 1, delay: 0, options: [.transitionFlipFromLeft, .autoreverse], animations: { self.box.alpha = 0 })",
            "UIView.animate(withDuration: 1, delay: 0, options: chosenOptions, animations: { self.box.alpha = 0 })",
            "UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: chosenOptions, animations: { self.box.alpha = 0 })",
            "UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0, initialSpringVelocity: 0, animations: { self.box.alpha = 0 })",
            "UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [.layoutSubviews], animations: { self.box.alpha = 0 })",
        ] {
            let ported = Porter.port("""
                import UIKit

                func fade() {
                    \(call)
                }
                """)
            XCTAssertTrue(ported.ported.contains(call), ported.ported)
            XCTAssertTrue(ported.notes.contains { $0.construct == call }, "\(call): \(ported.notes)")
        }
    }

    func testASpringBlockIsASpringThatComesToRestAsTheBlockEnds() {
        // UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…):
        // the duration is the animation's whole length, the damping ratio the spring's, and a
        // velocity of 1 is the whole distance in one second (UIKit's documentation). The
        // spring's stiffness is chosen so that its envelope, e^(−ζωt), is 0.1% at the end:
        // ω = ln(1000) / (ζ·duration); damping = 2ζω for a mass of 1.
        let source = """
            import UIKit

            final class BounceView: UIView {
                let animationDuration = 1.0

                func bounce(to point: CGPoint) {
                    UIView.animate(withDuration: animationDuration, delay: 0.0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0.0, animations: {
                        self.center = point
                    }, completion: { _ in
                        self.alpha = 0.5
                    })
                    UIView.animate(withDuration: 0.5, delay: animationDuration, usingSpringWithDamping: 0.7, initialSpringVelocity: 1.0, options: [.curveEaseOut, .allowUserInteraction]) {
                        self.alpha = 1
                    }
                    UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: 2, initialSpringVelocity: 0, animations: { self.alpha = 0 })
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    do {
                        // UIKit's spring: damping ratio 0.8, its swing e^(−ζωt) down to 0.1% as the block ends.
                        let viewAnimation = CASpringAnimation()
                        viewAnimation.duration = animationDuration
                        let angularFrequency = log(1000) / (CGFloat(0.8) * CGFloat(animationDuration))
                        viewAnimation.stiffness = angularFrequency * angularFrequency
                        viewAnimation.damping = 2 * CGFloat(0.8) * angularFrequency
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        let completion: (Bool) -> Void = { _ in
                            self.opacity = Float(0.5)
                        }
                        CATransaction.setCompletionBlock { completion(true) }
                        self.position = point
                        CATransaction.commit()
                    }
            """), ported.ported)
        // A delay and an initial velocity; the options' curve gives way to the spring.
        XCTAssertTrue(ported.ported.contains("""
                        viewAnimation.damping = 2 * CGFloat(0.7) * angularFrequency
                        viewAnimation.initialVelocity = 1.0
                        viewAnimation.beginTime = CACurrentMediaTime() + animationDuration
                        viewAnimation.fillMode = .backwards
            """), ported.ported)
        // UIKit's springs do not overdamp: a ratio above 1 is critical damping.
        XCTAssertTrue(ported.ported.contains("""
                        // UIKit's spring: damping ratio 1, its swing e^(−ζωt) down to 0.1% as the block ends.
                        let viewAnimation = CASpringAnimation()
                        viewAnimation.duration = 0.3
                        let angularFrequency = log(1000) / (CGFloat(1) * CGFloat(0.3))
            """), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIView.animate("), ported.ported)
        XCTAssertFalse(ported.ported.contains("timingFunction"), ported.ported)
        // The layer's action is a copy of the block's animation, a spring here, for the key changed.
        XCTAssertTrue(ported.ported.contains("let animation = block.copy() as? CABasicAnimation"), ported.ported)
        XCTAssertTrue(ported.ported.contains("animation.keyPath = event"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testANewerSpringBlockIsASpringOfThatPerceptualDurationAndBounce() {
        // UIView.animate(springDuration:bounce:initialSpringVelocity:delay:options:…) runs a
        // spring of that perceptual duration and bounce until it settles (defaults 0.5 s, no
        // bounce), CASpringAnimation(perceptualDuration:bounce:)'s spring.
        let source = """
            import UIKit

            final class PopView: UIView {
                func pop() {
                    UIView.animate(springDuration: 0.6, bounce: 0.3, initialSpringVelocity: 2) {
                        self.alpha = 1
                    }
                    UIView.animate(springDuration: 0.4, animations: { self.alpha = 0 }, completion: { _ in self.isHidden = true })
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    do {
                        let viewAnimation = CASpringAnimation(perceptualDuration: 0.6, bounce: 0.3)
                        viewAnimation.initialVelocity = 2
                        viewAnimation.duration = viewAnimation.settlingDuration
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        self.opacity = Float(1)
                        CATransaction.commit()
                    }
                    do {
                        let viewAnimation = CASpringAnimation(perceptualDuration: 0.4, bounce: 0)
                        viewAnimation.duration = viewAnimation.settlingDuration
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testRepeatingAndReversingOptionsRepeatAndReverseTheBlocksAnimation() {
        // UIView.AnimationOptions.repeat repeats the animations indefinitely and .autoreverse
        // runs them backward and forward (UIKit's documentation of the options); Core Animation's
        // repeatCount = .infinity and autoreverses = true do the same to the animation the
        // layers' actions copy.
        let source = """
            import UIKit

            final class BobbingView: UIView {
                let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

                func bob() {
                    addSubview(dot)
                    UIView.animate(withDuration: 1, delay: 0.25, options: [.autoreverse, .repeat, .curveEaseOut], animations: {
                        self.dot.alpha = 0.2
                    })
                    UIView.animate(withDuration: 0.5, delay: 0, options: .autoreverse, animations: {
                        self.dot.alpha = 1
                    })
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    do {
                        let viewAnimation = CABasicAnimation()
                        viewAnimation.duration = 1
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
                        viewAnimation.autoreverses = true
                        viewAnimation.repeatCount = .infinity
                        viewAnimation.beginTime = CACurrentMediaTime() + 0.25
                        viewAnimation.fillMode = .backwards
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("""
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                        viewAnimation.autoreverses = true
                        CATransaction.begin()
            """), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIView.animate("), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testABlockStartedInAnotherBlocksCompletionIsWrittenToo() {
        // UIKit runs the completion when the first block's animations end; the block it starts
        // is written as any block is, inside the completion the transaction runs.
        let source = """
            import UIKit

            final class GrowView: UIView {
                let dot = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))

                func grow() {
                    addSubview(dot)
                    UIView.animate(withDuration: 1, animations: {
                        self.dot.alpha = 0.5
                    }) { _ in
                        UIView.animate(withDuration: 0.5, delay: 0.25, options: [.autoreverse, .repeat], animations: {
                            self.dot.frame.origin.y -= 20
                        })
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                        let completion: (Bool) -> Void = { _ in
                            do {
                                let viewAnimation = CABasicAnimation()
                                viewAnimation.duration = 0.5
                                viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                                viewAnimation.autoreverses = true
                                viewAnimation.repeatCount = .infinity
                                viewAnimation.beginTime = CACurrentMediaTime() + 0.25
                                viewAnimation.fillMode = .backwards
                                CATransaction.begin()
                                CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                                self.dot.frame.origin.y -= 20
                                CATransaction.commit()
                            }
                        }
            """), ported.ported)
        XCTAssertFalse(ported.ported.contains("UIView.animate("), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testABlockCapturingSelfWeaklyKeepsItsClosureAndTheViewReadThroughItIsTheLayer() {
        // A view animating itself from a delegate callback, as UIKit code writes it: closures
        // with `[weak self]`, an early `return` when the view is gone, the view's layer read as
        // `self?.layer` and through `guard let weakSelf = self`. The closure is called inside
        // the transaction, so its `return` leaves the closure and not the method, and the
        // instance read through the weak reference is the layer.
        let source = """
            import UIKit

            final class ShrinkButton: UIView {
                var originFrame = CGRect.zero

                func shrinkEnded() {
                    UIView.animate(withDuration: 0.3, delay: 0, options: .curveEaseOut) { [weak self] in
                        guard let weakSelf = self else { return }
                        weakSelf.bounds = CGRect(x: 0, y: 0, width: weakSelf.originFrame.width, height: 8)
                        weakSelf.backgroundColor = UIColor.red
                        weakSelf.center = CGPoint(x: 40, y: 40)
                    } completion: { [weak self] finished in
                        self?.layer.removeAllAnimations()
                        let shown = self?.layer
                        shown?.cornerRadius = 4
                        guard let strongSelf = self else { return }
                        strongSelf.layer.cornerRadius = strongSelf.bounds.height / 2
                    }
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    do {
                        let viewAnimation = CABasicAnimation()
                        viewAnimation.duration = 0.3
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeOut)
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        let completion: (Bool) -> Void = { [weak self] finished in
                            self?.removeAllAnimations()
                            let shown = self
                            shown?.cornerRadius = 4
                            guard let strongSelf = self else { return }
                            strongSelf.cornerRadius = strongSelf.bounds.height / 2
                        }
                        CATransaction.setCompletionBlock { completion(true) }
                        let animations = { [weak self] in
                            guard let weakSelf = self else { return }
                            weakSelf.bounds = CGRect(x: 0, y: 0, width: weakSelf.originFrame.width, height: 8)
                            weakSelf.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
                            weakSelf.position = CGPoint(x: 40, y: 40)
                        }
                        animations()
                        CATransaction.commit()
                    }
            """), ported.ported)
        XCTAssertTrue(ported.ported.contains("final class ShrinkButton: CALayer"), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])
    }

    func testABlockWhoseClosuresSpellOutTheirTypesKeepsItsAnimationsClosure() {
        // `{ () -> Void in … }` takes nothing and gives back nothing, as a bare closure does;
        // the completion's `complete -> Void in` takes UIKit's finished flag.
        let source = """
            import UIKit

            final class Bubble: UIView {
                let fill = CAShapeLayer()

                func recolor(_ color: CGColor, duration: TimeInterval) {
                    UIView.animate(withDuration: duration, animations: { () -> Void in
                        self.fill.fillColor = color
                        self.alpha = 0.5
                    }, completion: { complete -> Void in
                        if complete { self.alpha = 1 }
                    })
                }
            }
            """
        let ported = Porter.port(source)
        XCTAssertTrue(ported.ported.contains("""
                    do {
                        let viewAnimation = CABasicAnimation()
                        viewAnimation.duration = duration
                        viewAnimation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                        CATransaction.begin()
                        CATransaction.setValue(viewAnimation, forKey: "UIView.animate")
                        let completion: (Bool) -> Void = { complete -> Void in
                            if complete { self.opacity = Float(1) }
                        }
                        CATransaction.setCompletionBlock { completion(true) }
                        let animations = { () -> Void in
                            self.fill.fillColor = color
                            self.opacity = Float(0.5)
                        }
                        animations()
                        CATransaction.commit()
                    }
            """), ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), [])
        assertSecondRunChangesNothing([ported])

        // A closure taking something, or giving something back, is not UIKit's animations
        // closure: the block is left.
        let other = Porter.port(source.replacingOccurrences(of: "{ () -> Void in", with: "{ () -> Bool in"))
        XCTAssertTrue(other.ported.contains("UIView.animate(withDuration: duration"), other.ported)
    }
}
