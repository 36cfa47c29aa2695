import UIKit

/// A wave layer that starts its own display link and lays its path out with the class's method.
final class PhaseWaveLayer: CAShapeLayer {
    private var phase: CGFloat = 0
    private var link: CADisplayLink?

    override init() {
        super.init()
        link = CADisplayLink(target: self, selector: #selector(step))
        link?.add(to: .main, forMode: .common)
    }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { fatalError() }

    override func layoutSublayers() {
        super.layoutSublayers()
        updatePath()
    }

    @objc private func step() {
        phase += 0.1
        updatePath()
    }

    private func updatePath() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: bounds.midY))
        p.addLine(to: CGPoint(x: bounds.width, y: bounds.midY + sin(phase) * 10))
        path = p
    }
}
