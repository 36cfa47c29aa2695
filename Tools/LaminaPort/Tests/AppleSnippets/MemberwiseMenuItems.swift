import UIKit

/// Menu items kept as structs of a title, an icon and an outline, made memberwise and shown
/// as shape layers.
struct IconMenuItem {
    var title: String
    var icon: UIImage?
    var outline: UIBezierPath?
}

func menuItems() -> [IconMenuItem] {
    [
        IconMenuItem(title: "Home", icon: UIImage(named: "home"), outline: UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 8, height: 8))),
        IconMenuItem(title: "Search", icon: nil, outline: nil),
    ]
}

func menuLayer(for item: IconMenuItem) -> CALayer {
    let layer = CAShapeLayer()
    layer.contents = item.icon?.cgImage
    layer.path = item.outline?.cgPath
    return layer
}
