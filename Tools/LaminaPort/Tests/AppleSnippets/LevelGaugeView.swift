import UIKit

/// A gauge whose level is a layer property drawn by its own layer class, which the view makes
/// its layer of, and that the view clamps and redraws.

final class LevelGaugeLayer: CALayer {
    @NSManaged var level: CGFloat

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "level" || super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        ctx.setFillColor(UIColor.systemGreen.cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * level, height: bounds.height))
    }
}

final class LevelGaugeView: UIView {
    override class var layerClass: AnyClass { LevelGaugeLayer.self }

    var gaugeLayer: LevelGaugeLayer { layer as! LevelGaugeLayer }

    func setLevel(_ value: CGFloat) {
        gaugeLayer.level = min(1, max(0, value))
        gaugeLayer.setNeedsDisplay()
    }
}
