import UIKit

/// A view whose shape layer's path animates inside UIKit's animation blocks, with the block's
/// timing, by answering its layer's action for the path as the layer's delegate.

final class MorphingShapeView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }

    private var shapeLayer: CAShapeLayer { layer as! CAShapeLayer }

    override func action(for layer: CALayer, forKey event: String) -> CAAction? {
        guard event == "path" else { return super.action(for: layer, forKey: event) }
        guard let timing = super.action(for: layer, forKey: "opacity") as? CABasicAnimation else {
            return super.action(for: layer, forKey: event)
        }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = shapeLayer.path
        animation.duration = timing.duration
        animation.timingFunction = timing.timingFunction
        return animation
    }

    func morph(to rect: CGRect, cornerRadius: CGFloat) {
        UIView.animate(withDuration: 0.35) {
            self.shapeLayer.path = UIBezierPath(roundedRect: rect, cornerRadius: cornerRadius).cgPath
        }
    }
}
