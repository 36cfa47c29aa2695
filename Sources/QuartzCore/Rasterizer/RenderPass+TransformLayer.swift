import CoreGraphics

extension RenderPass {
    /// Draws a ``CATransformLayer``'s sublayers in its superlayer's 3D space: `local` maps
    /// the transform layer (3D, unflattened) to its superlayer's bounds space, which
    /// `parentToDevice` maps to the device. The sublayers are drawn back to front by the
    /// depth of their centres there; the layer's own appearance is not drawn.
    func drawTransformLayerSublayers(
        of layer: CARenderLayer, local: CATransform3D, parentToDevice: CAProjectiveTransform, alpha: CGFloat
    ) {
        let space = CATransform3DConcat(layer.sublayerSpaceTransform, local)
        let sublayers = layer.sublayers
        let ordered = sublayers.indices.map { index -> (index: Int, depth: CGFloat) in
            let sublayer = sublayers[index]
            let full = CATransform3DConcat(sublayer.localTransform, space)
            let b = sublayer.bounds
            let (x, y) = (b.midX, b.midY)
            let z = x * full.m13 + y * full.m23 + full.m43
            let w = x * full.m14 + y * full.m24 + full.m44
            let depth = w != 0 ? z / w : z
            return (index, depth.isFinite ? depth : 0)
        }
        .sorted { $0.depth != $1.depth ? $0.depth < $1.depth : $0.index < $1.index }
        for entry in ordered {
            draw(sublayers[entry.index], parentToDevice: parentToDevice, parentSublayer: space, alpha: alpha)
        }
    }
}
