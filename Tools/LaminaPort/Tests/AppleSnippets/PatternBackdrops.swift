import UIKit

/// A backdrop tiled with a pattern image from the bundle, and a card whose border is a hatch pattern drawn in an image context.

final class LinenBackdropLayer: CALayer {
    private let card = CALayer()

    override init() {
        super.init()
        backgroundColor = UIColor(patternImage: UIImage(named: "linen")!).cgColor
        let hatch = LinenBackdropLayer.hatchTile()
        card.frame = CGRect(x: 20, y: 20, width: 120, height: 80)
        card.cornerRadius = 8
        card.borderWidth = 4
        card.borderColor = UIColor(patternImage: hatch).cgColor
        addSublayer(card)
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func hatchTile() -> UIImage {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 4, height: 4), false, 0)
        defer { UIGraphicsEndImageContext() }
        let ctx = UIGraphicsGetCurrentContext()!
        ctx.setFillColor(UIColor.darkGray.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        ctx.fill(CGRect(x: 2, y: 2, width: 2, height: 2))
        return UIGraphicsGetImageFromCurrentImageContext()!
    }
}
