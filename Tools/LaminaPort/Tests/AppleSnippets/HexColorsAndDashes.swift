import UIKit

/// A dashed progress ring whose colours come from hex values through a UIColor extension.

extension UIColor {
    convenience init(hex: Int, alpha: CGFloat = 1.0) {
        self.init(red: CGFloat((hex >> 16) & 0xFF) / 255.0,
                  green: CGFloat((hex >> 8) & 0xFF) / 255.0,
                  blue: CGFloat(hex & 0xFF) / 255.0,
                  alpha: alpha)
    }

    convenience init(hexString: String) {
        let cleaned = hexString.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "#", with: "")
        var rgb: UInt64 = 0
        guard cleaned.count == 6, Scanner(string: cleaned).scanHexInt64(&rgb) else {
            self.init(white: 0.5, alpha: 1)
            return
        }
        self.init(hex: Int(rgb))
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
        shadowColor = UIColor(hexString: "#1A1A40").cgColor
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
