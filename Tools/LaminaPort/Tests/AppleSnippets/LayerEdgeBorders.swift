import UIKit

/// Borders on single sides of a layer, and a divider laid along one edge of a card: the
/// CALayer extension that draws a line on the side it is told.

extension CALayer {
    func addEdgeBorder(_ edge: UIRectEdge, color: UIColor, thickness: CGFloat) {
        let line = CALayer()
        switch edge {
        case .top:
            line.frame = CGRect(x: 0, y: 0, width: bounds.width, height: thickness)
        case .bottom:
            line.frame = CGRect(x: 0, y: bounds.height - thickness, width: bounds.width, height: thickness)
        case .left:
            line.frame = CGRect(x: 0, y: 0, width: thickness, height: bounds.height)
        case .right:
            line.frame = CGRect(x: bounds.width - thickness, y: 0, width: thickness, height: bounds.height)
        default:
            break
        }
        line.backgroundColor = color.cgColor
        line.name = edge == .top || edge == .bottom ? "horizontal border" : "vertical border"
        addSublayer(line)
    }
}

final class DividedCardLayer: CALayer {
    override func layoutSublayers() {
        super.layoutSublayers()
        sublayers?.filter { $0.name?.hasSuffix("border") == true }.forEach { $0.removeFromSuperlayer() }
        addEdgeBorder(.bottom, color: UIColor(white: 0.85, alpha: 1), thickness: 1)
        addEdgeBorder(UIRectEdge.left, color: .systemBlue, thickness: 3)
    }
}
