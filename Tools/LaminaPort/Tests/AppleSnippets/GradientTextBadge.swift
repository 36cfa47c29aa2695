import UIKit

/// A gradient badge whose title is a text layer masked into it, with a shadow path and an animated colour change inside a transaction.

func makeGradientBadge(title: String, in bounds: CGRect) -> CAGradientLayer {
    let badge = CAGradientLayer()
    badge.frame = bounds
    badge.colors = [UIColor(red: 1, green: 0.4, blue: 0.2, alpha: 1).cgColor, UIColor.purple.cgColor]
    badge.startPoint = CGPoint(x: 0, y: 0.5)
    badge.endPoint = CGPoint(x: 1, y: 0.5)
    badge.cornerRadius = bounds.height / 2
    badge.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: bounds.height / 2).cgPath
    badge.shadowOpacity = 0.3
    badge.shadowOffset = CGSize(width: 0, height: 2)

    let text = CATextLayer()
    text.string = title
    text.font = UIFont.boldSystemFont(ofSize: 14)
    text.fontSize = 14
    text.alignmentMode = .center
    text.contentsScale = UIScreen.main.scale
    text.frame = bounds.insetBy(dx: 8, dy: (bounds.height - 18) / 2)
    text.foregroundColor = UIColor.white.cgColor
    badge.mask = text

    CATransaction.begin()
    CATransaction.setAnimationDuration(0.5)
    CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeInEaseOut))
    CATransaction.setCompletionBlock {
        badge.colors = [UIColor.orange.cgColor, UIColor.red.cgColor]
    }
    let change = CABasicAnimation(keyPath: "colors")
    change.toValue = [UIColor.yellow.cgColor, UIColor.orange.cgColor]
    badge.add(change, forKey: "colors")
    CATransaction.commit()
    return badge
}
