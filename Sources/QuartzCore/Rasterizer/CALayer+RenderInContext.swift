import CCairo
import CoreGraphics

extension CALayer {
    /// The default ``render(in:)``.
    func defaultRender(in ctx: CGContext) {
        prepareSubtreeForRendering()
        // As on Apple platforms, 3D transforms are not rendered: such layers are drawn flat.
        var tree = snapshot(geometryFlipped: geometryFlipParity).withoutThreeDimensionalTransforms()
        // The layer's own coordinate space: a point of its bounds lands on the same point of
        // the context's user space, whatever its position, anchor point and transform.
        let b = tree.bounds
        tree.transform = CATransform3DIdentity
        tree.zPosition = 0
        tree.anchorPointZ = 0
        tree.position = CGPoint(x: b.minX + tree.anchorPoint.x * b.width, y: b.minY + tree.anchorPoint.y * b.height)
        ctx.drawWithCairo { cr, userToDevice, alpha in
            // Into the context's colour space: colours, gradients and blending there; images
            // magnified and clipped as Apple's render(in:) magnifies and clips them.
            RenderPass(cr: cr, colorSpace: ctx.colorSpace, imageMagnification: .eased, clipCoverage: .multiplied).draw(
                tree, parentToDevice: CAProjectiveTransform(userToDevice), parentSublayer: CATransform3DIdentity,
                alpha: alpha)
        }
    }

    /// Lays out and displays the layers of this subtree (masks included) that need it, top
    /// down, so their contents are current.
    private func prepareSubtreeForRendering() {
        layoutTreeIfNeeded()
        var pending: [CALayer] = [self]
        var visited = 0
        while let layer = pending.popLast(), visited < 1_000_000 {
            visited += 1
            layer.displayIfNeeded()
            pending.append(contentsOf: layer.storedSublayers.reversed())
            if let mask = layer.storedMask { pending.append(mask) }
        }
    }
}

extension CARenderLayer {
    /// Whether `t` is affine but for rounding (within 1e-5 of the largest 2D entry): a turn
    /// made of whole turns (sin 2π is -2.4e-16, not 0) still draws its 2D part, as Apple's
    /// renders of such turns show; so do half turns about x, y and z animated at once, which
    /// make a half turn about z: Apple draws it where eased keyframes with single-precision
    /// key times leave each angle a few 1e-7 off π.
    static func isAffine(_ t: CATransform3D) -> Bool {
        let scale = max(1, abs(t.m11), abs(t.m12), abs(t.m21), abs(t.m22))
        let tolerance = 1e-5 * scale
        return [t.m13, t.m14, t.m23, t.m24, t.m31, t.m32, t.m34, t.m43].allSatisfy { abs($0) <= tolerance }
            && abs(t.m33 - 1) <= 1e-5 && abs(t.m44 - 1) <= 1e-5
    }

    /// The tree with every transform and sublayer transform that is not affine but for rounding
    /// (``isAffine(_:)``: a rotation about x or y, perspective) replaced by the identity, as
    /// `render(in:)` draws on Apple platforms: Apple documents that layers using 3D transforms
    /// are not rendered by it, and its renders of such layers (lottie-ios's snapshot images
    /// of layers turned about x and y) show them drawn flat, untransformed. Subtrees without
    /// such transforms are kept as they are (shared, not copied).
    func withoutThreeDimensionalTransforms() -> CARenderLayer {
        StackDepth.deeper {
            var layer = self
            if !Self.isAffine(layer.transform) { layer.transform = CATransform3DIdentity }
            if !Self.isAffine(layer.sublayerTransform) { layer.sublayerTransform = CATransform3DIdentity }
            if let mask = layer.mask {
                let flat = mask.withoutThreeDimensionalTransforms()
                if !flat.isSameSnapshot(as: mask) { layer.mask = flat }
            }
            let sublayers = layer.sublayers
            var flattened: [CARenderLayer]?
            for (index, sublayer) in sublayers.enumerated() {
                let flat = sublayer.withoutThreeDimensionalTransforms()
                guard flattened != nil || !flat.isSameSnapshot(as: sublayer) else { continue }
                if flattened == nil { flattened = Array(sublayers[..<index]) }
                flattened?.append(flat)
            }
            if let flattened { layer.sublayers = flattened }
            return layer
        }
    }
}
