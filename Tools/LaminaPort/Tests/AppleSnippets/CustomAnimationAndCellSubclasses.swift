import UIKit

/// Subclasses of an animation and an emitter cell with initializers of their own, as Apple
/// code writes them (the archive initializer calling `super`), and shake offsets bridged to
/// `NSNumber` one value at a time.

final class BlinkAnimation: CABasicAnimation {
    let blinks: Int
    var label = "blink"

    init(blinks: Int) {
        self.blinks = blinks
        super.init()
        keyPath = "opacity"
        fromValue = 1
        toValue = 0
        autoreverses = true
        repeatCount = Float(blinks)
    }

    required init?(coder aDecoder: NSCoder) {
        blinks = 1
        super.init(coder: aDecoder)
    }
}

final class EmberCell: CAEmitterCell {
    override init() {
        super.init()
        birthRate = 12
        lifetime = 3
        velocity = 40
        color = UIColor.orange.cgColor
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }
}

func shake(_ layer: CALayer, offsets: [CGFloat]) {
    let animation = CAKeyframeAnimation(keyPath: "transform.translation.x")
    animation.values = offsets.map { ($0 as NSNumber) as AnyObject }
    animation.duration = 0.4
    layer.add(animation, forKey: "shake")
    layer.add(BlinkAnimation(blinks: 3), forKey: "blink")
}
