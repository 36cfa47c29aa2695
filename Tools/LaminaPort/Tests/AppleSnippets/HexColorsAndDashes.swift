import UIKit

/// A dashed progress ring whose colours come from hex values through a UIColor extension.

extension UIColor {
    convenience init(hex: Int, alpha: CGFloat = 1.0) {
        self.init(red: CGFloat((hex >> 16) & 0xFF) / 255.0,
                  green: CGFloat((hex >> 8) & 0xFF) / 255.0,
                  blue: CGFloat(hex & 0xFF) / 255.0,
                  alpha: alpha)
    }
}

final class DashedRingLayer: CAShapeLayer {
    override init() {
        super.init()
        fillColor = UIColor.clear.cgColor
        strokeColor = UIColor(hex: 0x3366FF).cgColor
        lineWidth = 3
        lineDashPattern = [6, 3]
        lineCap = .round
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        path = UIBezierPath(ovalIn: bounds.insetBy(dx: lineWidth, dy: lineWidth)).cgPath
    }

    func march() {
        let dash = CABasicAnimation(keyPath: "lineDashPhase")
        dash.fromValue = 0
        dash.toValue = 9
        dash.duration = 0.75
        dash.repeatCount = .infinity
        add(dash, forKey: "march")
    }
}
