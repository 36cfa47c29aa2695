import UIKit

/// A spinner that rotates with a value function and reports when a one-shot pulse finishes.

final class SpinnerController: NSObject, CAAnimationDelegate {
    let spinner = CAShapeLayer()
    var finished = 0

    func install(in host: CALayer) {
        spinner.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        spinner.path = UIBezierPath(arcCenter: CGPoint(x: 20, y: 20), radius: 16, startAngle: 0, endAngle: .pi * 1.5, clockwise: true).cgPath
        spinner.strokeColor = UIColor.systemBlue.cgColor
        spinner.fillColor = nil
        spinner.lineWidth = 4
        host.addSublayer(spinner)

        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi * 2
        spin.duration = 1
        spin.repeatCount = Float.greatestFiniteMagnitude
        spin.timingFunction = CAMediaTimingFunction(name: CAMediaTimingFunctionName.linear)
        spinner.add(spin, forKey: "spin")

        let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
        pulse.values = [1.0, 1.2, 1.0]
        pulse.keyTimes = [0, 0.5, 1]
        pulse.duration = 0.4
        pulse.delegate = self
        pulse.isRemovedOnCompletion = false
        pulse.fillMode = CAMediaTimingFillMode.forwards
        spinner.add(pulse, forKey: nil)
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if flag { finished += 1 }
        spinner.removeAnimation(forKey: "spin")
    }
}
