import UIKit

/// Moves a layer on every frame with a display link, from the main actor as UI code runs.
@MainActor
final class Oscillator: NSObject {
    private var displayLink: CADisplayLink?
    private let layer: CALayer
    private var startTime: CFTimeInterval = 0

    init(layer: CALayer) {
        self.layer = layer
    }

    func start() {
        startTime = CACurrentMediaTime()
        displayLink = CADisplayLink(target: self, selector: #selector(step(_:)))
        displayLink?.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
        displayLink?.add(to: .main, forMode: .common)
    }

    @objc private func step(_ link: CADisplayLink) {
        let elapsed = link.targetTimestamp - startTime
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.position.x = 100 + 50 * CGFloat(sin(elapsed * 2))
        CATransaction.commit()
    }

    func stop() {
        displayLink?.invalidate()
        displayLink = nil
    }
}
