import CCairo
import CoreGraphics

extension CALayer {
    /// The default ``render(in:)``.
    func defaultRender(in ctx: CGContext) {
        prepareSubtreeForRendering()
        var tree = snapshot(geometryFlipped: geometryFlipParity)
        // The layer's own coordinate space: a point of its bounds lands on the same point of
        // the context's user space, whatever its position, anchor point and transform.
        let b = tree.bounds
        tree.transform = CATransform3DIdentity
        tree.zPosition = 0
        tree.anchorPointZ = 0
        tree.position = CGPoint(x: b.minX + tree.anchorPoint.x * b.width, y: b.minY + tree.anchorPoint.y * b.height)
        ctx.drawWithCairo { cr, userToDevice, alpha in
            // Into the context's colour space: colours, gradients and blending there.
            RenderPass(cr: cr, colorSpace: ctx.colorSpace).draw(
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
