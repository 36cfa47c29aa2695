import UIKit

/// A display link made by a plain class (not a view), as Swift 5 code often does.
final class Ticker {
    private var link: CADisplayLink?
    private var start: CFTimeInterval = 0
    let layer = CAShapeLayer()

    func start(on runLoop: RunLoop = .main) {
        link = CADisplayLink(target: self, selector: #selector(tick(_:)))
        link?.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 120, preferred: 60)
        link?.add(to: runLoop, forMode: .common)
        start = CACurrentMediaTime()
    }

    @objc private func tick(_ link: CADisplayLink) {
        let elapsed = link.targetTimestamp - start
        layer.strokeEnd = CGFloat(min(1, elapsed / 2))
        if elapsed > 2 { stop() }
        _ = link.duration
        _ = link.timestamp
    }

    func stop() {
        link?.invalidate()
        link = nil
    }
}
