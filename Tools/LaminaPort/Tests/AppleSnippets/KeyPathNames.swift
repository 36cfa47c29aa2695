import UIKit

/// Animations named with #keyPath, as type-checked key strings.
func blink(_ layer: CAShapeLayer) {
    let opacity = CABasicAnimation(keyPath: #keyPath(CALayer.opacity))
    opacity.fromValue = 1
    opacity.toValue = 0.2
    opacity.autoreverses = true
    opacity.repeatCount = 3
    layer.add(opacity, forKey: #keyPath(CALayer.opacity))

    let start = CABasicAnimation(keyPath: #keyPath(CAShapeLayer.strokeStart))
    start.toValue = 0.5
    layer.add(start, forKey: nil)

    layer.setValue(true, forKey: #keyPath(CALayer.isHidden))
    layer.setValue(0.5, forKeyPath: #keyPath(CALayer.mask.opacity))
    let bounds = CABasicAnimation(keyPath: #keyPath(CALayer.bounds))
    bounds.toValue = NSValue(cgRect: CGRect(x: 0, y: 0, width: 80, height: 80))
    layer.add(bounds, forKey: "bounds")
}
