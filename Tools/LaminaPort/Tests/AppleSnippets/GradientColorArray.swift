import UIKit

/// A radial gradient whose colours are kept as an array of UIColor and mapped to CGColors.
class GradientView {
    let gradientLayer = CAGradientLayer()
    var colors: [UIColor] = [.red, .blue] {
        didSet { gradientLayer.colors = colors.map { $0.cgColor } }
    }
    init() {
        gradientLayer.type = .radial
        gradientLayer.colors = colors.map(\.cgColor)
        gradientLayer.startPoint = CGPoint(x: 0.5, y: 0.5)
        gradientLayer.endPoint = CGPoint(x: 1, y: 1)
        let change = CABasicAnimation(keyPath: "colors")
        change.toValue = [UIColor.green.cgColor, UIColor.yellow.cgColor]
        change.duration = 2
        change.fillMode = .both
        change.isRemovedOnCompletion = false
        gradientLayer.add(change, forKey: "colorChange")
    }
}
