import UIKit

/// A layer that cross-fades its contents, moves without animation, and a delegate that picks actions.
final class BadgeLayer: CALayer {
    override func action(forKey event: String) -> CAAction? {
        switch event {
        case "contents":
            let fade = CATransition()
            fade.duration = 0.2
            fade.type = .fade
            return fade
        case "position", "bounds":
            return NSNull()
        default:
            return super.action(forKey: event)
        }
    }
}

final class SlowOpacityDelegate: NSObject, CALayerDelegate {
    func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard event == "opacity" else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = 1.5
        return animation
    }
}

func configureActions(_ layer: CALayer) {
    layer.actions = ["sublayers": NSNull(), "onOrderIn": CATransition()]
    layer.style = ["actions": ["hidden": NSNull()]]
}
