import UIKit

/// A view that redraws a sine wave each frame of a display link, the wave's phase advancing
/// with time at the view's own private speed; the link is made in a private extension, the wave
/// drawn in draw(_:) into a shape layer.

final public class DisplayLinkSineWaveView: UIView {
    private let shapeLayer = CAShapeLayer()

    private var speed = 10.0
    private var frequency = 8.0
    private var phase = 0.0
    private var color: UIColor = .black
    private var waveWidth: CGFloat = 1
    private var startTime: CFTimeInterval = 0
    private weak var displayLink: CADisplayLink?

    override public func draw(_ rect: CGRect) {
        super.draw(rect)
        let path = UIBezierPath()
        let width = Double(self.frame.width)
        let mid = Double(self.frame.height) * 0.5
        let waveLength = width / frequency
        path.move(to: CGPoint(x: 0, y: mid))
        for x in stride(from: 0, through: width, by: 1) {
            let y = 8 * sin((x / waveLength + phase) / 2) + mid
            path.addLine(to: CGPoint(x: x, y: y))
        }
        setUpShapeLayer(in: rect, path: path.cgPath)
    }

    public func configure(speed: Double, waveWidth: CGFloat, color: UIColor) {
        self.speed = speed
        self.waveWidth = waveWidth
        self.color = color
    }

    private func setUpShapeLayer(in rect: CGRect, path: CGPath) {
        shapeLayer.frame = rect
        shapeLayer.path = path
        shapeLayer.lineWidth = waveWidth
        shapeLayer.fillColor = .none
        shapeLayer.strokeColor = color.cgColor
        layer.addSublayer(shapeLayer)
    }
}

public extension DisplayLinkSineWaveView {
    func animationStart() {
        startDisplayLink()
    }

    func animationStop() {
        displayLink?.invalidate()
    }
}

private extension DisplayLinkSineWaveView {
    func startDisplayLink() {
        startTime = CACurrentMediaTime()
        displayLink?.invalidate()
        let displayLink = CADisplayLink(target: self, selector: #selector(handleDisplayLink(_:)))
        displayLink.add(to: .main, forMode: .common)
        self.displayLink = displayLink
    }

    @objc
    func handleDisplayLink(_ displayLink: CADisplayLink) {
        phase = (CACurrentMediaTime() - startTime) * speed
        self.layer.sublayers?.forEach { $0.removeFromSuperlayer() }
        self.setNeedsDisplay()
    }
}
