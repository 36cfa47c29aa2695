import UIKit

/// An icon layer made with its image, which it keeps to size itself and to tint a copy of its
/// outline, and a row of them.
final class StoredIconLayer: CALayer {
    private let icon: UIImage
    private let halo = CALayer()

    init(icon: UIImage) {
        self.icon = icon
        super.init()
        contents = icon.cgImage
        contentsGravity = .center
        bounds.size = icon.size
        halo.contents = icon.cgImage
        halo.opacity = 0.3
        addSublayer(halo)
    }

    override init(layer: Any) {
        icon = (layer as! StoredIconLayer).icon
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSublayers() {
        super.layoutSublayers()
        halo.frame = bounds.insetBy(dx: -icon.size.width / 4, dy: -icon.size.height / 4)
        contentsScale = icon.scale
    }
}

func storedIconRow() -> [CALayer] {
    ["home", "search", "settings"].enumerated().map { index, name in
        let layer = StoredIconLayer(icon: UIImage(named: name)!)
        layer.position = CGPoint(x: 40 + CGFloat(index) * 48, y: 24)
        return layer
    }
}
