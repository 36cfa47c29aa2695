import UIKit

/// Transactions configured through their keys, and transform key paths read and animated.

func moveWithoutAnimation(_ layer: CALayer, to point: CGPoint) {
    CATransaction.begin()
    CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)
    layer.position = point
    CATransaction.commit()
}

func slowlyFade(_ layer: CALayer) {
    CATransaction.begin()
    CATransaction.setValue(NSNumber(value: 2.0), forKey: kCATransactionAnimationDuration)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeOut))
    layer.opacity = 0
    CATransaction.commit()
}

func spin(_ layer: CALayer) {
    layer.setValue(0.5, forKeyPath: "transform.scale")
    let current = layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
    let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
    rotation.fromValue = NSNumber(value: Double(current))
    rotation.toValue = NSNumber(value: Double.pi * 2)
    rotation.duration = 1
    rotation.isCumulative = true
    rotation.repeatCount = HUGE
    layer.add(rotation, forKey: "spin")
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 500
    layer.superlayer?.sublayerTransform = CATransform3DConcat(perspective, CATransform3DMakeScale(1, 1, 1))
    let inverse = CATransform3DInvert(perspective)
    layer.transform = CATransform3DConcat(layer.transform, inverse)
}
