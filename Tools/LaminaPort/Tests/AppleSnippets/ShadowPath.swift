import UIKit

/// A card with a cheap shadow: the shadow's outline is given, so it is not computed from the pixels.
func styleCard(_ card: CALayer) {
    card.backgroundColor = CGColor(gray: 1, alpha: 1)
    card.cornerRadius = 10
    card.shadowColor = CGColor(gray: 0, alpha: 1)
    card.shadowOpacity = 0.25
    card.shadowOffset = CGSize(width: 0, height: 4)
    card.shadowRadius = 8
    card.shadowPath = CGPath(roundedRect: card.bounds, cornerWidth: 10, cornerHeight: 10, transform: nil)
    card.shouldRasterize = true
    card.rasterizationScale = 2

    let grow = CABasicAnimation(keyPath: "shadowPath")
    grow.fromValue = card.shadowPath
    grow.toValue = CGPath(roundedRect: card.bounds.insetBy(dx: -6, dy: -6), cornerWidth: 14, cornerHeight: 14, transform: nil)
    grow.duration = 0.25
    card.add(grow, forKey: "shadowPath")
    let radius = CABasicAnimation(keyPath: #keyPath(CALayer.shadowRadius))
    radius.toValue = 14
    card.add(radius, forKey: nil)
}
