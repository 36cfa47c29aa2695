import UIKit

/// UIView helpers: a bounce and a shake wrapped in transactions with completion blocks, and an
/// anchor point moved without moving the view, through its transform and its layer's position.

extension UIView {
    func bounceTimes(_ times: Int, completion: (() -> Void)?) {
        CATransaction.begin()
        CATransaction.setCompletionBlock(completion)
        let bounce = CABasicAnimation(keyPath: "transform.scale")
        bounce.duration = 0.15
        bounce.repeatCount = Float(times)
        bounce.autoreverses = true
        bounce.fromValue = 1
        bounce.toValue = 1.1
        layer.add(bounce, forKey: "bounce")
        CATransaction.commit()
    }

    func shakeHorizontally(completion: (() -> Void)?) {
        CATransaction.begin()
        CATransaction.setCompletionBlock(completion)
        let shake = CABasicAnimation(keyPath: "transform.translation.x")
        shake.duration = 0.03
        shake.repeatCount = 10
        shake.autoreverses = true
        shake.fromValue = -4
        shake.toValue = 4
        layer.add(shake, forKey: "shake")
        CATransaction.commit()
    }

    func moveAnchorPoint(to anchorPoint: CGPoint) {
        var newPoint = CGPoint(x: bounds.size.width * anchorPoint.x, y: bounds.size.height * anchorPoint.y)
        var oldPoint = CGPoint(x: bounds.size.width * layer.anchorPoint.x, y: bounds.size.height * layer.anchorPoint.y)
        newPoint = newPoint.applying(transform)
        oldPoint = oldPoint.applying(self.transform)
        var position = layer.position
        position.x += newPoint.x - oldPoint.x
        position.y += newPoint.y - oldPoint.y
        layer.position = position
        layer.anchorPoint = anchorPoint
        alpha = alpha < 1 ? 1 : 0.9
    }
}
