import Foundation
import Lamina

/// Seed 004's progress circle: a layer subclass with a managed `progress` property that
/// redraws itself (through `draw(in:)`) whenever `progress` changes. To assistive
/// technologies it is an adjustable element whose value is the progress in percent, which
/// increments and decrements change by 10 points.
final class ProgressRingLayer: CALayer {
    @CAManaged("progress") var progress: CGFloat = 0

    override var accessibilityValue: String? {
        get { "\(Int((min(max(progress, 0), 1) * 100).rounded()))%" }
        set {}
    }

    override func accessibilityIncrement() {
        progress = min(1, (progress * 10).rounded() / 10 + 0.1)
        writeLine("window-demo: progress \(accessibilityValue ?? "")")
    }

    override func accessibilityDecrement() {
        progress = max(0, (progress * 10).rounded() / 10 - 0.1)
        writeLine("window-demo: progress \(accessibilityValue ?? "")")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 10
        ctx.setLineWidth(12)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.15))
        ctx.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.strokePath()
        ctx.setStrokeColor(CGColor(red: 0.98, green: 0.75, blue: 0.25, alpha: 1))
        let start = -CGFloat.pi / 2
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: start + 2 * .pi * min(max(progress, 0), 1), clockwise: false)
        ctx.strokePath()
    }
}
