import UIKit

/// A progress layer whose progress and colour are @NSManaged, so that both animate and are
/// copied into presentation layers; the colour is not optional.

class ManagedColorProgressLayer: CALayer {
    @NSManaged var progress: CGFloat
    @NSManaged var color: CGColor

    override init(layer: Any) {
        super.init(layer: layer)
        if let layer = layer as? ManagedColorProgressLayer {
            progress = layer.progress
            color = layer.color
        }
    }

    override init() {
        super.init()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        if key == #keyPath(progress) || key == #keyPath(color) { return true }
        return super.needsDisplay(forKey: key)
    }

    override func draw(in ctx: CGContext) {
        let width = bounds.width * max(0, min(progress, 1))
        ctx.setFillColor(color)
        ctx.fill(CGRect(x: 0, y: 0, width: width, height: bounds.height))
    }
}
