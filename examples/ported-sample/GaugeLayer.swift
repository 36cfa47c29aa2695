import Lamina  // Apple: import UIKit (or QuartzCore)

/// A gauge ring whose `progress` animates implicitly, as Apple's custom-property samples do:
/// a managed property, redrawn when it changes, with an action that animates it from the
/// value on screen. Ported from Apple-style code by two edits, marked "Apple:".
final class GaugeLayer: CALayer {
    @CAManaged("progress") var progress: CGFloat = 0  // Apple: @NSManaged var progress: CGFloat

    override init() {
        super.init()
    }

    required init(layer: Any) {  // Apple: override init(layer: Any)
        super.init(layer: layer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        guard event == "progress" else { return super.action(forKey: event) }
        let animation = CABasicAnimation(keyPath: event)
        animation.fromValue = presentation()?.progress ?? progress
        animation.duration = 0.8
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        return animation
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 12
        ctx.setLineWidth(14)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.15))
        ctx.addArc(center: center, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        ctx.strokePath()
        let start = -CGFloat.pi / 2
        ctx.setStrokeColor(CGColor(red: 0.16, green: 0.70, blue: 0.66, alpha: 1))
        ctx.addArc(
            center: center, radius: radius, startAngle: start,
            endAngle: start + 2 * .pi * min(max(progress, 0), 1), clockwise: false)
        ctx.strokePath()
    }
}
