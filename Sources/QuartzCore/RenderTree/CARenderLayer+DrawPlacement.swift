extension CARenderLayer {
    /// Where and how opaquely a layer is drawn under its parent: the one set of culling and
    /// placement rules the full rasteriser (`RenderPass`) and the render server's display-list
    /// builder both follow, so the two cannot disagree about what is drawn.
    struct DrawPlacement {
        /// The opacity it is drawn with: the inherited one times its own (more than 0).
        let alpha: CGFloat
        /// Its transform in its parent's space, the parent's `sublayerTransform` applied.
        let local: CATransform3D
        /// Layer to device, flattened to the screen. For a transform layer only the space its
        /// sublayers share (it draws nothing of its own, so it is not culled by it).
        let toDevice: CAProjectiveTransform
    }

    /// How this layer is drawn under a parent mapped to the device by `parentToDevice` with
    /// sublayer transform `parentSublayer`, with `alpha` inherited; nil when it draws nothing:
    /// hidden (unless a transition still shows its old body), fully transparent, flattened to
    /// a line or a point (or by a non-finite transform), or its back facing the viewer when it
    /// is not double-sided.
    func drawPlacement(
        parentToDevice: CAProjectiveTransform, parentSublayer: CATransform3D, alpha inherited: CGFloat
    ) -> DrawPlacement? {
        guard !isHidden || transition != nil else { return nil }
        let alpha = inherited * CGFloat(opacity)
        guard alpha > 0 else { return nil }
        var local = localTransform
        if !CATransform3DIsIdentity(parentSublayer) {
            local = CATransform3DConcat(local, parentSublayer)
        }
        let toDevice = CAProjectiveTransform(flattening: local).concatenating(parentToDevice)
        if !isTransformLayer {
            let determinant = toDevice.determinant
            guard determinant != 0, determinant.isFinite else { return nil }
            if !isDoubleSided && determinant < 0 { return nil }
        }
        return DrawPlacement(alpha: alpha, local: local, toDevice: toDevice)
    }
}
