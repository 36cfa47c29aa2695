import UIKit

/// A checkmark view drawn by its shape layer, whose stroke end and opacity are set on the
/// main queue when asked from elsewhere.

class QueuedCheckmarkView: UIView {
    override class var layerClass: AnyClass { CAShapeLayer.self }

    func show(_ end: CGFloat) {
        let layer = self.layer as! CAShapeLayer
        layer.lineWidth = 2
        DispatchQueue.main.async {
            layer.strokeEnd = end
        }
    }

    func hide() {
        DispatchQueue.main.async {
            self.layer.opacity = 0
            (self.layer as! CAShapeLayer).strokeEnd = 0
        }
    }
}
