import UIKit

/// A badge whose fill is given to its initializer, and an alert badge that gives it red
/// through super.init.
class FillBadgeLayer: CALayer {
    init(fill: UIColor) {
        super.init()
        backgroundColor = fill.cgColor
        cornerRadius = 6
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}

final class AlertFillBadgeLayer: FillBadgeLayer {
    init() {
        super.init(fill: .systemRed)
        borderColor = UIColor.white.cgColor
        borderWidth = 2
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}

func infoBadge() -> CALayer {
    FillBadgeLayer(fill: .systemBlue)
}
