import UIKit

/// A shape layer that morphs through a list of shapes, kept as UIKit paths and handed to a
/// keyframe animation as their CGPaths.
final class MorphingBlobShapeLayer: CAShapeLayer {
    private var stages: [UIBezierPath] = []

    override init() {
        super.init()
        fillColor = UIColor.systemTeal.cgColor
        strokeColor = UIColor.white.cgColor
        lineWidth = 2
    }

    override init(layer: Any) {
        super.init(layer: layer)
        stages = (layer as? MorphingBlobShapeLayer)?.stages ?? []
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func prepare(in rect: CGRect) {
        stages = [
            UIBezierPath(ovalIn: rect),
            UIBezierPath(roundedRect: rect.insetBy(dx: 8, dy: 8), cornerRadius: 12),
        ]
        stages.append(UIBezierPath(rect: rect.insetBy(dx: 16, dy: 16)))
        path = stages.first?.cgPath
    }

    func startMorphing() {
        guard !stages.isEmpty else { return }
        let morph = CAKeyframeAnimation(keyPath: "path")
        morph.values = stages.map { $0.cgPath }
        morph.duration = 3
        morph.autoreverses = true
        morph.repeatCount = .infinity
        morph.timingFunctions = stages.indices.dropLast().map { _ in CAMediaTimingFunction(name: .easeInEaseOut) }
        add(morph, forKey: "morph")

        let outlines = [UIBezierPath(ovalIn: bounds), UIBezierPath(rect: bounds)]
        for outline in outlines {
            let ring = CAShapeLayer()
            ring.path = outline.cgPath
            ring.fillColor = nil
            ring.strokeColor = UIColor.systemGray.cgColor
            ring.frame = outline.bounds
            addSublayer(ring)
        }
    }
}
