import UIKit

/// A dot that travels along a curve, turning to follow it.
func addOrbitAnimation(to layer: CALayer, in rect: CGRect) {
    let path = CGMutablePath()
    path.move(to: CGPoint(x: rect.minX, y: rect.midY))
    path.addCurve(
        to: CGPoint(x: rect.maxX, y: rect.midY),
        control1: CGPoint(x: rect.minX + rect.width / 3, y: rect.minY),
        control2: CGPoint(x: rect.maxX - rect.width / 3, y: rect.maxY))
    path.addQuadCurve(to: CGPoint(x: rect.minX, y: rect.midY), control: CGPoint(x: rect.midX, y: rect.maxY + 40))

    let move = CAKeyframeAnimation(keyPath: #keyPath(CALayer.position))
    move.path = path
    move.duration = 4
    move.calculationMode = .paced
    move.rotationMode = .rotateAuto
    move.repeatCount = .infinity

    let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
    pulse.values = [1.0, 1.4, 0.9, 1.0]
    pulse.keyTimes = [0, 0.3, 0.7, 1]
    pulse.timingFunctions = [
        CAMediaTimingFunction(name: .easeIn),
        CAMediaTimingFunction(name: .linear),
        CAMediaTimingFunction(name: .easeOut),
    ]
    pulse.calculationMode = CAAnimationCalculationMode.cubic
    pulse.duration = 1

    layer.add(move, forKey: "orbit")
    layer.add(pulse, forKey: "pulse")
}
