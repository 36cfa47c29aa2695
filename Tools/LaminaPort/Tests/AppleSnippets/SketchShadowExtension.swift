import UIKit

/// The well-known Sketch-style shadow helper on CALayer, and a border helper, taking UIColors.
extension CALayer {
    func applySketchShadow(
        color: UIColor = .black,
        alpha: Float = 0.5,
        x: CGFloat = 0,
        y: CGFloat = 2,
        blur: CGFloat = 4,
        spread: CGFloat = 0)
    {
        masksToBounds = false
        shadowColor = color.cgColor
        shadowOpacity = alpha
        shadowOffset = CGSize(width: x, height: y)
        shadowRadius = blur / 2.0
        if spread == 0 {
            shadowPath = nil
        } else {
            let dx = -spread
            let rect = bounds.insetBy(dx: dx, dy: dx)
            shadowPath = UIBezierPath(rect: rect).cgPath
        }
    }

    func addBorder(color: UIColor, width: CGFloat) {
        borderColor = color.cgColor
        borderWidth = width
    }
}

func decorate(_ card: CALayer) {
    card.applySketchShadow(color: UIColor(red: 0, green: 0, blue: 0, alpha: 1), alpha: 0.2, y: 4, blur: 12)
    card.addBorder(color: .systemGray4, width: 1)
}
