import UIKit

/// Snow from an emitter whose cell's birth rate is animated through its key path.

func makeSnowEmitter(width: CGFloat) -> CAEmitterLayer {
    let emitter = CAEmitterLayer()
    emitter.emitterPosition = CGPoint(x: width / 2, y: -10)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: width, height: 1)

    let flake = CAEmitterCell()
    flake.name = "flake"
    flake.contents = UIImage(named: "snowflake")?.cgImage
    flake.birthRate = 20
    flake.lifetime = 12
    flake.velocity = 60
    flake.velocityRange = 20
    flake.emissionLongitude = .pi
    flake.scale = 0.2
    flake.scaleRange = 0.1
    flake.spin = 0.5
    flake.spinRange = 1
    flake.color = UIColor(white: 1, alpha: 0.9).cgColor
    emitter.emitterCells = [flake]

    let fadeIn = CABasicAnimation(keyPath: "emitterCells.flake.birthRate")
    fadeIn.fromValue = 0
    fadeIn.toValue = 20
    fadeIn.duration = 3
    emitter.add(fadeIn, forKey: nil)
    emitter.beginTime = CACurrentMediaTime()
    return emitter
}
