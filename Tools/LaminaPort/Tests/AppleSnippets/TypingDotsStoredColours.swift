import UIKit

/// A typing indicator whose dot colours are given to its initializer, kept for copies, and
/// bounced one after another.
final class StoredColoursTypingLayer: CALayer {
    private var dots: [CALayer] = []
    private let dotColors: [UIColor]

    init(colors: [UIColor] = [.systemGray, .systemGray2, .systemGray3]) {
        dotColors = colors
        super.init()
        for (index, color) in colors.enumerated() {
            let dot = CALayer()
            dot.backgroundColor = color.cgColor
            dot.frame = CGRect(x: CGFloat(index) * 14, y: 0, width: 10, height: 10)
            dot.cornerRadius = 5
            addSublayer(dot)
            dots.append(dot)
        }
    }

    override init(layer: Any) {
        dotColors = (layer as? StoredColoursTypingLayer)?.dotColors ?? []
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) { fatalError() }

    func start() {
        for (index, dot) in dots.enumerated() {
            let up = CABasicAnimation(keyPath: "position.y")
            up.byValue = -6
            up.duration = 0.3
            up.autoreverses = true
            let group = CAAnimationGroup()
            group.animations = [up]
            group.duration = 0.9
            group.repeatCount = .infinity
            group.beginTime = CACurrentMediaTime() + Double(index) * 0.15
            dot.add(group, forKey: "bounce")
        }
    }
}
