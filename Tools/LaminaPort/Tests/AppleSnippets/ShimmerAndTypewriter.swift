import UIKit

/// A shimmering gradient (its locations animated) whose colours are an array literal mapped to
/// CGColors, and a text layer typed out by a timer.
final class ShimmerLayer: CAGradientLayer {
    override init() {
        super.init()
        colors = [UIColor(white: 1, alpha: 0.2), UIColor(white: 1, alpha: 0.9), UIColor(white: 1, alpha: 0.2)].map { $0.cgColor }
        locations = [0, 0.5, 1]
        startPoint = CGPoint(x: 0, y: 0.5)
        endPoint = CGPoint(x: 1, y: 0.5)
        let shimmer = CABasicAnimation(keyPath: #keyPath(CAGradientLayer.locations))
        shimmer.fromValue = [-1.0, -0.5, 0.0]
        shimmer.toValue = [1.0, 1.5, 2.0]
        shimmer.duration = 1.4
        shimmer.repeatCount = .infinity
        add(shimmer, forKey: "shimmer")
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

@MainActor
final class Typewriter {
    private let textLayer = CATextLayer()
    private var shown = 0
    private let text: String

    init(text: String, in parent: CALayer) {
        self.text = text
        textLayer.frame = parent.bounds
        textLayer.font = UIFont(name: "Menlo-Regular", size: 16)
        textLayer.fontSize = 16
        textLayer.foregroundColor = UIColor.label.cgColor
        textLayer.isWrapped = true
        textLayer.contentsScale = UIScreen.main.scale
        parent.addSublayer(textLayer)
    }

    func start() {
        Timer.scheduledTimer(withTimeInterval: 0.05, repeats: true) { [weak self] timer in
            let done = MainActor.assumeIsolated { () -> Bool in
                guard let self else { return true }
                self.typeNext()
                return self.shown >= self.text.count
            }
            if done { timer.invalidate() }
        }
    }

    func typeNext() {
        guard shown < text.count else { return }
        shown += 1
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        textLayer.string = String(text.prefix(shown))
        CATransaction.commit()
    }
}
