import UIKit

/// A progress ring advanced by a timer, the way samples written before display links do it.
@MainActor final class ProgressDriver: NSObject {
    let ring = CAShapeLayer()
    private var timer: Timer?
    private var progress: CGFloat = 0

    func start() {
        ring.strokeEnd = 0
        timer = Timer.scheduledTimer(timeInterval: 1.0 / 30, target: self, selector: #selector(step(_:)), userInfo: nil, repeats: true)
    }

    @objc private func step(_ timer: Timer) {
        progress = min(progress + 0.02, 1)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        ring.strokeEnd = progress
        CATransaction.commit()
        if progress >= 1 { timer.invalidate() }
    }
}
