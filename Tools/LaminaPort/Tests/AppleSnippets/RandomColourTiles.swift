import UIKit

/// Tiles in random and hue-stepped colours from a UIColor extension, a glow faded from a
/// layer's own colour, and a Display P3 shadow.
extension UIColor {
    static func random() -> UIColor {
        UIColor(red: .random(in: 0...1), green: .random(in: 0...1), blue: .random(in: 0...1), alpha: 1)
    }

    static var brand: UIColor { UIColor(red: 0.1, green: 0.4, blue: 0.9, alpha: 1) }
}

func makeTiles(count: Int) -> [CALayer] {
    (0..<count).map { i in
        let tile = CALayer()
        tile.frame = CGRect(x: CGFloat(i) * 22, y: 0, width: 20, height: 20)
        tile.backgroundColor = UIColor(hue: CGFloat(i) / CGFloat(count), saturation: 0.8, brightness: 0.9, alpha: 1).cgColor
        tile.borderColor = UIColor.random().cgColor
        tile.shadowColor = UIColor.brand.cgColor.copy(alpha: 0.5)
        tile.cornerRadius = 4
        return tile
    }
}

func glow() -> CALayer {
    let layer = CALayer()
    layer.backgroundColor = CGColor(srgbRed: 1, green: 0.8, blue: 0.2, alpha: 1)
    layer.borderColor = UIColor(cgColor: layer.backgroundColor!).withAlphaComponent(0.3).cgColor
    layer.shadowColor = UIColor(displayP3Red: 1, green: 0.2, blue: 0.4, alpha: 1).cgColor
    return layer
}
