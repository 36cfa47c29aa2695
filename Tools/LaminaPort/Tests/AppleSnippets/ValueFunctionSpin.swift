import UIKit

/// A full turn about z, animated as one scalar through a value function.
func spin(_ layer: CALayer, turns: Double) {
    let rotation = CABasicAnimation(keyPath: "transform")
    rotation.valueFunction = CAValueFunction(name: .rotateZ)
    rotation.fromValue = 0
    rotation.toValue = 2 * Double.pi * turns
    rotation.duration = 1.0 * turns
    rotation.isCumulative = true
    rotation.repeatCount = .infinity
    layer.add(rotation, forKey: "spin")

    let grow = CAKeyframeAnimation(keyPath: "sublayerTransform")
    grow.valueFunction = CAValueFunction(name: CAValueFunctionName.scale)
    grow.values = [[1, 1, 1], [1.5, 1.5, 1], [1, 1, 1]]
    grow.duration = 2
    layer.add(grow, forKey: "grow")
}
