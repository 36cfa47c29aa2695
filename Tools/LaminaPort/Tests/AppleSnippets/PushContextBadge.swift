import UIKit

/// A layer delegate that draws a badge with UIKit into the context it is given, pushed as current.

final class BadgeDrawer: NSObject, CALayerDelegate {
    func draw(_ layer: CALayer, in ctx: CGContext) {
        UIGraphicsPushContext(ctx)
        UIColor.systemRed.setFill()
        UIBezierPath(ovalIn: layer.bounds.insetBy(dx: 2, dy: 2)).fill()
        UIColor.white.setStroke()
        let ring = UIBezierPath(ovalIn: layer.bounds.insetBy(dx: 2, dy: 2))
        ring.lineWidth = 2
        ring.stroke()
        UIGraphicsPopContext()
    }
}
