import UIKit

/// Sparks falling from a line emitter, and a cube of faces coloured by hue that spins in perspective.

final class SparkleEmitter {
    let emitter = CAEmitterLayer()

    func configure(bounds: CGRect) {
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: -10)
        emitter.emitterShape = .line
        emitter.emitterMode = .outline
        emitter.emitterSize = CGSize(width: bounds.width, height: 1)
        emitter.renderMode = .additive
        emitter.beginTime = CACurrentMediaTime()
        let cell = CAEmitterCell()
        cell.birthRate = 12
        cell.lifetime = 6.0
        cell.lifetimeRange = 2
        cell.velocity = 120
        cell.velocityRange = 40
        cell.emissionLongitude = .pi
        cell.emissionRange = .pi / 8
        cell.spin = 2
        cell.spinRange = 3
        cell.scale = 0.4
        cell.scaleRange = 0.2
        cell.scaleSpeed = -0.05
        cell.alphaSpeed = -0.1
        cell.color = UIColor(red: 1, green: 0.8, blue: 0.3, alpha: 1).cgColor
        cell.redRange = 0.2
        cell.contents = UIImage(named: "spark")?.cgImage
        cell.name = "spark"
        emitter.emitterCells = [cell]
        emitter.setValue(30, forKeyPath: "emitterCells.spark.birthRate")
    }
}

func makeSpinningCube(size: CGFloat) -> CATransformLayer {
    let cube = CATransformLayer()
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500.0
    for i in 0..<4 {
        let face = CALayer()
        face.frame = CGRect(x: 0, y: 0, width: size, height: size)
        face.backgroundColor = UIColor(hue: CGFloat(i) / 4, saturation: 0.7, brightness: 0.9, alpha: 1).cgColor
        face.isDoubleSided = false
        var t = CATransform3DMakeTranslation(0, 0, size / 2)
        t = CATransform3DConcat(t, CATransform3DMakeRotation(CGFloat(i) * .pi / 2, 0, 1, 0))
        face.transform = t
        cube.addSublayer(face)
    }
    cube.transform = CATransform3DRotate(perspective, .pi / 6, 1, 1, 0)
    let spin = CABasicAnimation(keyPath: "transform.rotation.y")
    spin.byValue = Double.pi * 2
    spin.duration = 4
    spin.repeatCount = .greatestFiniteMagnitude
    cube.add(spin, forKey: nil)
    return cube
}
