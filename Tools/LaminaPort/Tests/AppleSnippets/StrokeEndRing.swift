import UIKit

/// A progress ring drawn by a shape layer whose stroke end animates from 0 to 1.
final class ProgressRing {
    let trackLayer = CAShapeLayer()
    let ringLayer = CAShapeLayer()

    init(center: CGPoint, radius: CGFloat) {
        let path = CGMutablePath()
        path.addArc(center: center, radius: radius, startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: false)
        trackLayer.path = path
        trackLayer.fillColor = nil
        trackLayer.strokeColor = CGColor(gray: 0.85, alpha: 1)
        trackLayer.lineWidth = 8
        ringLayer.path = path
        ringLayer.fillColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0)
        ringLayer.strokeColor = CGColor(red: 0.0, green: 0.48, blue: 1.0, alpha: 1.0)
        ringLayer.lineWidth = 8
        ringLayer.lineCap = .round
        ringLayer.strokeEnd = 0
        trackLayer.addSublayer(ringLayer)
    }

    func animate(to progress: CGFloat, duration: CFTimeInterval = 1.2) {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = ringLayer.presentation()?.strokeEnd ?? ringLayer.strokeEnd
        animation.toValue = progress
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeOut)
        ringLayer.strokeEnd = progress
        ringLayer.add(animation, forKey: "progress")
    }
}
