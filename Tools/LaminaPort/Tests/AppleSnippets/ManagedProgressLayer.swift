import UIKit

/// A pie chart layer whose `progress` animates like a built-in property.
final class PieLayer: CALayer {
    @NSManaged var progress: CGFloat
    var fillColor = CGColor(red: 0.2, green: 0.6, blue: 0.3, alpha: 1)

    override init() {
        super.init()
        needsDisplayOnBoundsChange = true
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? PieLayer {
            fillColor = other.fillColor
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == #keyPath(progress) {
            return true
        }
        return super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == #keyPath(progress) {
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.progress ?? progress
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            animation.duration = 0.5
            return animation
        }
        return super.action(forKey: event)
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2
        ctx.move(to: center)
        ctx.addArc(center: center, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + 2 * .pi * progress, clockwise: false)
        ctx.closePath()
        ctx.setFillColor(fillColor)
        ctx.fillPath()
    }
}
