import UIKit

/// Changes a layer's contents with a push from the right, then a fade.
func showNextPage(on layer: CALayer, image: CGImage) {
    let transition = CATransition()
    transition.type = .push
    transition.subtype = .fromRight
    transition.duration = 0.3
    transition.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    layer.add(transition, forKey: kCATransition)
    layer.contents = image

    let fade = CATransition()
    fade.type = CATransitionType.fade
    fade.startProgress = 0.2
    fade.endProgress = 1
    layer.add(fade, forKey: nil)
    layer.contentsGravity = .resizeAspect
}
