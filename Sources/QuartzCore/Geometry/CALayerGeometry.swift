/// The geometry formulas shared by model layers (main actor) and render snapshots (render
/// thread).
enum CALayerGeometry {
    /// The 4×4 transform from a layer's own coordinates to the space its position is in:
    /// move the anchor point (and `anchorPointZ`) to the origin, apply `transform`, move to
    /// `(position, zPosition)`.
    static func localTransform(
        bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat, transform: CATransform3D,
        position: CGPoint, zPosition: CGFloat
    ) -> CATransform3D {
        let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
        let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
        var result = CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ)
        if !CATransform3DIsIdentity(transform) {
            result = CATransform3DConcat(result, transform)
        } else if ax.isFinite, ay.isFinite, anchorPointZ.isFinite, position.x.isFinite, position.y.isFinite, zPosition.isFinite {
            // Two translations (most layers): the values their product below has, without
            // the 4×4 product.
            return CATransform3DMakeTranslation(position.x - ax, position.y - ay, zPosition - anchorPointZ)
        }
        return CATransform3DConcat(result, CATransform3DMakeTranslation(position.x, position.y, zPosition))
    }

    /// The 4×4 transform a layer applies between its sublayers' positioned space and its
    /// bounds space: `sublayerTransform` around the anchor point, then the vertical flip of
    /// `isGeometryFlipped` about the middle of the bounds.
    static func sublayerSpaceTransform(
        bounds: CGRect, anchorPoint: CGPoint, anchorPointZ: CGFloat, sublayerTransform: CATransform3D,
        isGeometryFlipped: Bool
    ) -> CATransform3D {
        var result = CATransform3DIdentity
        if !CATransform3DIsIdentity(sublayerTransform) {
            let ax = bounds.origin.x + anchorPoint.x * bounds.size.width
            let ay = bounds.origin.y + anchorPoint.y * bounds.size.height
            result = CATransform3DConcat(
                CATransform3DConcat(CATransform3DMakeTranslation(-ax, -ay, -anchorPointZ), sublayerTransform),
                CATransform3DMakeTranslation(ax, ay, anchorPointZ))
        }
        if isGeometryFlipped {
            let b = bounds.standardized
            var flip = CATransform3DIdentity
            flip.m22 = -1
            flip.m42 = b.minY + b.maxY
            result = CATransform3DConcat(result, flip)
        }
        return result
    }
}
