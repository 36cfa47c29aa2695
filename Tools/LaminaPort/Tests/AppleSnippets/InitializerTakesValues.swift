import UIKit

/// Layers made by initializers that take their colour, image and font.
final class DotLayer: CALayer {
    init(color: UIColor, diameter: CGFloat) {
        super.init()
        backgroundColor = color.cgColor
        bounds = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        cornerRadius = diameter / 2
    }

    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}

final class SpriteLayer: CALayer {
    init(image: UIImage) {
        super.init()
        contents = image.cgImage
        bounds.size = image.size
    }

    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}

final class LabelLayer: CATextLayer {
    init(text: String, font: UIFont) {
        super.init()
        string = text
        self.font = font
        fontSize = font.pointSize
    }

    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }
}

func scene() -> [CALayer] {
    [DotLayer(color: .systemRed, diameter: 12),
     SpriteLayer(image: UIImage(named: "hero")!),
     LabelLayer(text: "Hi", font: .systemFont(ofSize: 14))]
}
