import UIKit

/// A spinner turned by a display link that fades in with an animation whose delegate stops
/// the link when the fade-out ends.
final class SpinnerDriver: NSObject, CAAnimationDelegate {
    private var link: CADisplayLink?
    let spinner = CALayer()
    private var angle: CGFloat = 0

    func start() {
        link = CADisplayLink(target: self, selector: #selector(step(_:)))
        link?.add(to: .main, forMode: .common)
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 0.3
        spinner.add(fade, forKey: "fadeIn")
    }

    func stop() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 0.3
        fade.delegate = self
        fade.setValue("fadeOut", forKey: "name")
        spinner.opacity = 0
        spinner.add(fade, forKey: "fadeOut")
    }

    @objc private func step(_ link: CADisplayLink) {
        angle += CGFloat(link.targetTimestamp - link.timestamp) * .pi * 2
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        spinner.transform = CATransform3DMakeRotation(angle, 0, 0, 1)
        CATransaction.commit()
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        guard flag, anim.value(forKey: "name") as? String == "fadeOut" else { return }
        link?.invalidate()
        link = nil
    }
}
