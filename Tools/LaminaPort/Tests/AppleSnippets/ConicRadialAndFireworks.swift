import UIKit

/// A conic gradient masked to a ring, a radial glow, and fireworks from nested emitter cells.

func makeSpinnerGradient(size: CGFloat) -> CAGradientLayer {
    let conic = CAGradientLayer()
    conic.type = .conic
    conic.frame = CGRect(x: 0, y: 0, width: size, height: size)
    conic.colors = [UIColor.clear.cgColor, UIColor.systemBlue.cgColor]
    conic.startPoint = CGPoint(x: 0.5, y: 0.5)
    conic.endPoint = CGPoint(x: 0.5, y: 0)

    let ringMask = CAShapeLayer()
    ringMask.path = UIBezierPath(ovalIn: conic.bounds.insetBy(dx: 4, dy: 4)).cgPath
    ringMask.fillColor = nil
    ringMask.strokeColor = UIColor.black.cgColor
    ringMask.lineWidth = 8
    conic.mask = ringMask

    let glow = CAGradientLayer()
    glow.type = .radial
    glow.colors = [UIColor.white.withAlphaComponent(0.8).cgColor, UIColor.white.withAlphaComponent(0).cgColor]
    glow.startPoint = CGPoint(x: 0.5, y: 0.5)
    glow.endPoint = CGPoint(x: 1, y: 1)
    glow.frame = conic.bounds
    conic.addSublayer(glow)

    let turn = CABasicAnimation(keyPath: "transform.rotation.z")
    turn.byValue = 2 * Double.pi
    turn.duration = 1
    turn.repeatCount = .infinity
    conic.add(turn, forKey: "turn")
    return conic
}

func makeFireworks(at point: CGPoint) -> CAEmitterLayer {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = point
    emitter.emitterMode = .outline
    emitter.emitterShape = .circle
    emitter.renderMode = .additive

    let spark = CAEmitterCell()
    spark.name = "spark"
    spark.birthRate = 8000
    spark.lifetime = 1.5
    spark.velocity = 120
    spark.scale = 0.05
    spark.alphaSpeed = -0.6
    spark.color = UIColor.systemYellow.cgColor
    spark.contents = UIImage(named: "spark")?.cgImage

    let rocket = CAEmitterCell()
    rocket.birthRate = 1
    rocket.lifetime = 1.2
    rocket.velocity = 300
    rocket.emissionRange = .pi / 4
    rocket.emitterCells = [spark]
    emitter.emitterCells = [rocket]
    return emitter
}
