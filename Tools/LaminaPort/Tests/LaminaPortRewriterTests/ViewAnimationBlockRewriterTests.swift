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
                    guard let block = CATransaction.value(forKey: "UIView.animate") as? CABasicAnimation else { return nil }
                    let animation = CABasicAnimation(keyPath: event)
                    animation.duration = block.duration
                    animation.timingFunction = block.timingFunction
                    return animation
            """
        XCTAssertEqual(ported.ported.components(separatedBy: answer).count - 1, 2, ported.ported)
        XCTAssertEqual(ported.notes.map(\.construct), ["FadeViewController"])
        assertSecondRunChangesNothing([ported])
    }

    func testABlockWithADelayOrOptionsTheCommandCannotReadIsLeft() {
        for call in [
            "UIView.animate(withDuration: 1, delay: 0.2, options: [], animations: { self.box.alpha = 0 })",
            "UIView.animate(withDuration: 1, delay: 0, options: [.repeat, .autoreverse], animations: { self.box.alpha = 0 })",
            "UIView.animate(withDuration: 1, delay: 0, options: chosenOptions, animations: { self.box.alpha = 0 })",
            "UIView.animate(withDuration: 1, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: { self.box.alpha = 0 })",
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
}
