import UIKit

/// Keyframe timing functions and cubic spline parameters, colour and stroke animations, colours in other spaces, and nested emitter cells.
func bounceWithKeyframes(_ layer: CALayer) {
    let anim = CAKeyframeAnimation(keyPath: "position.y")
    anim.values = [0, -30, 0, -10, 0]
    anim.keyTimes = [0, 0.3, 0.6, 0.8, 1]
    anim.timingFunctions = [
        CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn),
        CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn),
    ]
    anim.isAdditive = true
    anim.duration = 0.8
    anim.calculationMode = .cubic
    anim.tensionValues = [0, 0, 0, 0, 0]
    anim.continuityValues = [0, 0, 0, 0, 0]
    anim.biasValues = [0, 0, 0, 0, 0]
    layer.add(anim, forKey: "bounce")

    let color = CABasicAnimation(keyPath: #keyPath(CALayer.backgroundColor))
    color.fromValue = UIColor.red.cgColor
    color.toValue = UIColor.blue.cgColor
    color.byValue = nil
    color.duration = 1
    color.speed = 2
    color.timeOffset = 0.1
    color.repeatDuration = 3
    layer.add(color, forKey: nil)

    let stroke = CAAnimationGroup()
    let start = CABasicAnimation(keyPath: "strokeStart")
    start.fromValue = 0
    start.toValue = 1
    start.beginTime = 0.5
    start.duration = 1
    let end = CABasicAnimation(keyPath: "strokeEnd")
    end.fromValue = 0
    end.toValue = 1
    end.duration = 1
    stroke.animations = [start, end]
    stroke.duration = 1.5
    stroke.repeatCount = .infinity
    layer.add(stroke, forKey: "stroke")

    let srgb = CGColor(srgbRed: 0.5, green: 0.5, blue: 0.5, alpha: 1)
    let p3 = CGColor(colorSpace: CGColorSpace(name: CGColorSpace.displayP3)!, components: [1, 0, 0, 1])!
    layer.borderColor = srgb.copy(alpha: 0.5)
    layer.shadowColor = p3.converted(to: CGColorSpace(name: CGColorSpace.sRGB)!, intent: .defaultIntent, options: nil)
    _ = UIColor(displayP3Red: 1, green: 0, blue: 0, alpha: 1).cgColor
    _ = UIColor(hue: 0.5, saturation: 1, brightness: 1, alpha: 1).cgColor
}

func sparkEmitter() -> CAEmitterLayer {
    let layer = CAEmitterLayer()
    layer.emitterMode = .outline
    layer.emitterShape = .circle
    layer.emitterDepth = 1
    layer.seed = 42
    layer.preservesDepth = true
    layer.lifetime = 2
    layer.velocity = 1.5
    layer.scale = 0.5
    layer.spin = 1
    let cell = CAEmitterCell()
    cell.name = "spark"
    cell.emitterCells = [CAEmitterCell()]
    cell.redRange = 0.2
    cell.greenSpeed = 0.1
    cell.xAcceleration = 10
    cell.yAcceleration = 20
    cell.zAcceleration = 0
    cell.emissionLatitude = 0
    cell.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    cell.magnificationFilter = CALayerContentsFilter.linear.rawValue
    cell.isEnabled = true
    cell.duration = 1
    layer.emitterCells = [cell]
    layer.setValue(10, forKeyPath: "emitterCells.spark.birthRate")
    return layer
}
