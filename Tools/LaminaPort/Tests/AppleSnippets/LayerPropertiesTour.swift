import UIKit

/// Most of CALayer's properties and methods as Apple code sets and calls them, and NSValue boxing.
final class Tile: CALayer {
    override class func defaultValue(forKey key: String) -> Any? {
        if key == "cornerRadius" { return 12 }
        return super.defaultValue(forKey: key)
    }
    override class func defaultAction(forKey event: String) -> CAAction? {
        if event == "opacity" { return CATransition() }
        return nil
    }
    override func layoutSublayers() {
        super.layoutSublayers()
        sublayers?.forEach { $0.frame = bounds.insetBy(dx: 4, dy: 4) }
    }
    override func preferredFrameSize() -> CGSize { CGSize(width: 44, height: 44) }
}

func configure(_ layer: CALayer, image: CGImage) {
    layer.contents = image
    layer.contentsGravity = .resizeAspectFill
    layer.contentsRect = CGRect(x: 0, y: 0, width: 0.5, height: 0.5)
    layer.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
    layer.magnificationFilter = .nearest
    layer.minificationFilter = .trilinear
    layer.masksToBounds = true
    layer.isGeometryFlipped = true
    layer.actions = ["position": NSNull(), "bounds": NSNull()]
    layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 8).scaledBy(x: 2, y: 2))
    let t = layer.affineTransform()
    layer.sublayerTransform = CATransform3DMakeAffineTransform(t.inverted())
    layer.zPosition = 10
    layer.anchorPointZ = 5
    layer.needsDisplayOnBoundsChange = true
    layer.drawsAsynchronously = true
    layer.shouldRasterize = true
    layer.allowsGroupOpacity = false
    layer.allowsEdgeAntialiasing = true
    layer.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge]
    layer.name = "tile"
    layer.style = ["backgroundColor": UIColor.red.cgColor]
    if CATransform3DIsIdentity(layer.transform) { layer.transform = CATransform3DConcat(CATransform3DMakeTranslation(1, 2, 3), CATransform3DInvert(CATransform3DMakeScale(2, 2, 2))) }
    let hit = layer.hitTest(CGPoint(x: 5, y: 5))
    _ = hit?.name
    _ = layer.contains(CGPoint(x: 1, y: 1))
    _ = layer.convert(CGPoint(x: 1, y: 1), to: layer.superlayer)
    _ = layer.convert(CGRect.zero, from: nil)
    _ = layer.animationKeys()
    _ = layer.animation(forKey: "x")
    layer.removeAllAnimations()
    layer.removeAnimation(forKey: "x")
    layer.setNeedsLayout()
    layer.layoutIfNeeded()
    layer.setNeedsDisplay(CGRect(x: 0, y: 0, width: 1, height: 1))
    layer.displayIfNeeded()
    _ = layer.model()
    _ = layer.presentation()?.position
    layer.insertSublayer(CALayer(), at: 0)
    layer.insertSublayer(CALayer(), below: nil)
    layer.replaceSublayer(CALayer(), with: CALayer())
    CATransaction.setValue(true, forKey: kCATransactionDisableActions)
    layer.filters = [CIFilter(name: "CIGaussianBlur")!]
    layer.compositingFilter = "multiplyBlendMode"
}

func values() {
    let a = NSValue(cgPoint: CGPoint(x: 1, y: 2))
    let b = NSValue(cgRect: .zero).cgRectValue
    let c = NSValue(cgSize: .zero).cgSizeValue
    let d = NSValue(caTransform3D: CATransform3DIdentity).caTransform3DValue
    let e = NSValue(cgAffineTransform: .identity).cgAffineTransformValue
    _ = (a.cgPointValue, b, c, d, e)
    let f = CAMediaTimingFunction(name: .default)
    var point: [Float] = [0, 0]
    f.getControlPoint(at: 1, values: &point)
}
