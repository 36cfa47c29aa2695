import Cocoa

/// A macOS progress ring that fills its stroke in an animation group with its own duration
/// and curve, then fades a check mark in with a grouping begun and ended by hand.

final class AppKitRingFillContext {
    let ring = CAShapeLayer()
    let check = CALayer()
    private(set) var isFilled = false

    init() {
        ring.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 80, height: 80), transform: nil)
        ring.fillColor = nil
        ring.strokeColor = NSColor.systemBlue.cgColor
        ring.lineWidth = 6
        ring.strokeEnd = 0
        check.opacity = 0
        ring.addSublayer(check)
    }

    func fill() {
        NSAnimationContext.runAnimationGroup({ context in
            context.duration = 0.8
            context.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            ring.strokeEnd = 1
        }, completionHandler: {
            self.isFilled = true
            self.showCheck()
        })
    }

    private func showCheck() {
        NSAnimationContext.beginGrouping()
        NSAnimationContext.current.duration = 0.3
        check.opacity = 1
        NSAnimationContext.endGrouping()
    }
}
