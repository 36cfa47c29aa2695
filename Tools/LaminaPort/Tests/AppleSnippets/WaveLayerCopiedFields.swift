import UIKit

/// A wave redrawn on each frame of a display link by a shape layer whose presentation copies
/// carry its phase and amplitude (copied in init(layer:)).
final class WaveLayerCopyingFields: CAShapeLayer {
    private var displayLink: CADisplayLink?
    private var phase: CGFloat = 0
    var amplitude: CGFloat = 12
    var waveColor: UIColor = .systemTeal {
        didSet { fillColor = waveColor.cgColor }
    }

    override init() {
        super.init()
        fillColor = waveColor.cgColor
    }
    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? WaveLayerCopyingFields { phase = other.phase; amplitude = other.amplitude }
    }
    required init?(coder: NSCoder) { fatalError() }

    func start() {
        displayLink = CADisplayLink(target: self, selector: #selector(tick))
        displayLink?.add(to: .current, forMode: .default)
    }

    func stop() {
        displayLink?.invalidate()
        displayLink = nil
    }

    @objc private func tick() {
        phase += 0.08
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: bounds.midY))
        for x in stride(from: 0, through: bounds.width, by: 2) {
            let y = bounds.midY + sin(x / bounds.width * .pi * 2 + phase) * amplitude
            path.addLine(to: CGPoint(x: x, y: y))
        }
        path.addLine(to: CGPoint(x: bounds.width, y: bounds.height))
        path.addLine(to: CGPoint(x: 0, y: bounds.height))
        path.close()
        self.path = path.cgPath
    }

    deinit {
        displayLink?.invalidate()
    }
}
