import UIKit

/// A gradient band whose layer is typed as its layer class, the common Stack Overflow idiom of
/// overriding `layer` next to `layerClass`.
@IBDesignable
final class SunsetBandView: UIView {
    @IBInspectable var topColor: UIColor = .orange {
        didSet { setNeedsLayout() }
    }
    @IBInspectable var bottomColor: UIColor = .purple {
        didSet { setNeedsLayout() }
    }

    override class var layerClass: AnyClass {
        return CAGradientLayer.self
    }

    override var layer: CAGradientLayer {
        return super.layer as! CAGradientLayer
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.colors = [topColor.cgColor, bottomColor.cgColor]
        layer.startPoint = CGPoint(x: 0.5, y: 0)
        layer.endPoint = CGPoint(x: 0.5, y: 1)
    }
}
