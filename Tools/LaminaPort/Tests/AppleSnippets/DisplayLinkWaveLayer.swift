import UIKit

/// A wave drawn by a shape layer on every frame of a display link, its path built point by point.
final class WaveLayer: CAShapeLayer {
    private var displayLink: CADisplayLink?
    private var phase: CGFloat = 0
    var amplitude: CGFloat = 10
    var waveColor = UIColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)

    override init() {
        super.init()
        fillColor = waveColor.cgColor
        strokeColor = nil
    }

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func start() {
        displayLink = CADisplayLink(target: self, selector: #selector(update))
        displayLink?.add(to: .current, forMode: .common)
    }

    @objc private func update() {
        phase += 0.1
        let path = UIBezierPath()
        let width = bounds.width
        let height = bounds.height
        path.move(to: CGPoint(x: 0, y: height))
        for x in stride(from: 0, through: width, by: 2) {
            let y = height / 2 + amplitude * sin(x / width * 2 * .pi + phase)
            path.addLine(to: CGPoint(x: x, y: y))
        }
        path.addLine(to: CGPoint(x: width, y: height))
        path.close()
        self.path = path.cgPath
    }

    deinit {
        displayLink?.invalidate()
    }
}
