import UIKit

/// A card with corner, edge, filter and rasterizing flags, a hairline border, transform layers and a tinted replicator.

func configureCard(_ card: CALayer) {
    card.cornerRadius = 16
    card.cornerCurve = .continuous
    card.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    card.allowsEdgeAntialiasing = true
    card.allowsGroupOpacity = false
    card.edgeAntialiasingMask = [.layerLeftEdge, .layerRightEdge]
    card.minificationFilter = .trilinear
    card.minificationFilterBias = 0.1
    card.isDoubleSided = false
    card.anchorPointZ = 10
    card.zPosition = 2
    card.shouldRasterize = true
    card.drawsAsynchronously = true
    card.isGeometryFlipped = false
    card.masksToBounds = true
    card.borderWidth = 1 / UIScreen.main.scale
    card.borderColor = UIColor.separator.cgColor
    card.backgroundColor = UIColor.secondarySystemBackground.cgColor
    card.compositingFilter = "multiplyBlendMode"

    let cube = CATransformLayer()
    var face = CATransform3DMakeTranslation(0, 0, 50)
    face = CATransform3DRotate(face, .pi / 2, 0, 1, 0)
    cube.sublayerTransform = CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: 1, y: 1).rotated(by: .pi / 8))
    card.transform = face
    let flat = CATransform3DGetAffineTransform(card.transform)
    if CATransform3DIsAffine(card.transform) { card.setAffineTransform(flat) }
    cube.addSublayer(card)

    let tinted = CAReplicatorLayer()
    tinted.instanceCount = 6
    tinted.instanceColor = UIColor.white.cgColor
    tinted.instanceRedOffset = -0.1
    tinted.instanceBlueOffset = -0.05
    tinted.instanceAlphaOffset = -0.15
    tinted.instanceTransform = CATransform3DMakeRotation(.pi / 3, 0, 0, 1)
}
