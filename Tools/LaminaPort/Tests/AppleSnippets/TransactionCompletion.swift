import UIKit

/// Moves a layer, then fades it, each after the other finishes.
func moveThenFade(_ layer: CALayer, to point: CGPoint, completion: @escaping () -> Void) {
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.4)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
    CATransaction.setCompletionBlock {
        CATransaction.begin()
        CATransaction.setValue(0.25, forKey: kCATransactionAnimationDuration)
        CATransaction.setCompletionBlock(completion)
        layer.opacity = 0
        CATransaction.commit()
    }
    layer.position = point
    CATransaction.commit()

    CATransaction.begin()
    CATransaction.setDisableActions(true)
    layer.borderWidth = 2
    CATransaction.commit()
}
