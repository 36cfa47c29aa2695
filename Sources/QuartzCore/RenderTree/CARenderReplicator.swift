import CoreGraphics

/// Lamina: how a ``CAReplicatorLayer`` repeats its sublayers, as a `Sendable` value of a
/// render snapshot (``CARenderLayer/replicator``).
public struct CARenderReplicator: Sendable {
    /// The number of instances drawn, in `0...CAReplicatorLayer.maximumInstanceCount`.
    public var instanceCount: Int
    /// The transform from one instance to the next, around the anchor point.
    public var instanceTransform: CATransform3D
    /// The colour of the first instance, non-premultiplied RGBA.
    public var instanceColor: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    /// What each further instance adds to the red, green, blue and alpha components.
    public var colorOffsets: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)
    /// For instances 1, 2, …: their own snapshots of the layer's sublayers, with the
    /// animations time-shifted; instances past the end of this list draw the layer's
    /// ``CARenderLayer/sublayers``.
    public var delayedSublayers: [[CARenderLayer]]
    /// Whether the instances share the replicator's 3D space (drawn back to front by depth
    /// across instances, as a transform layer's sublayers are) instead of in instance order.
    public var preservesDepth: Bool

    /// A replicator made usable: the count clamped to `0...maximumInstanceCount`, a
    /// non-finite transform as the identity, non-finite colour offsets as 0.
    public init(
        instanceCount: Int, instanceTransform: CATransform3D = CATransform3DIdentity,
        instanceColor: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) = (1, 1, 1, 1),
        colorOffsets: (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) = (0, 0, 0, 0),
        delayedSublayers: [[CARenderLayer]] = [], preservesDepth: Bool = false
    ) {
        self.instanceCount = min(max(instanceCount, 0), CAReplicatorLayer.maximumInstanceCount)
        let t = instanceTransform
        let entries = [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
        self.instanceTransform = entries.allSatisfy(\.isFinite) ? t : CATransform3DIdentity
        self.instanceColor = instanceColor
        let finite = { (v: CGFloat) in v.isFinite ? v : 0 }
        self.colorOffsets = (finite(colorOffsets.red), finite(colorOffsets.green), finite(colorOffsets.blue), finite(colorOffsets.alpha))
        self.delayedSublayers = delayedSublayers
        self.preservesDepth = preservesDepth
    }

    /// The colour instance `index` is multiplied by, each component clamped to `0...1`.
    func color(ofInstance index: Int) -> (red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let i = CGFloat(index)
        func clamp(_ v: CGFloat) -> CGFloat { v.isNaN ? 0 : min(max(v, 0), 1) }
        return (
            clamp(instanceColor.red + i * colorOffsets.red), clamp(instanceColor.green + i * colorOffsets.green),
            clamp(instanceColor.blue + i * colorOffsets.blue), clamp(instanceColor.alpha + i * colorOffsets.alpha)
        )
    }
}

extension CARenderLayer {
    /// Calls `body` for each instance of this replicator layer's sublayers, in order, until it
    /// returns false: the instance's index, the sublayers it shows (instance *i* > 0 shows the
    /// copies delayed for it, when there are), and the sublayer space it is drawn in — the
    /// layer's sublayer space moved by the instance transform applied *i* times. Every drawing
    /// and bounding of replicated instances places them through this.
    func forEachReplicatedInstance(
        of replicator: CARenderReplicator, _ body: (_ index: Int, _ sublayers: [CARenderLayer], _ space: CATransform3D) -> Bool
    ) {
        var step = CATransform3DIdentity
        for index in 0..<replicator.instanceCount {
            let shown = index > 0 && index <= replicator.delayedSublayers.count ? replicator.delayedSublayers[index - 1] : sublayers
            let space = CALayerGeometry.sublayerSpaceTransform(
                bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
                sublayerTransform: CATransform3DConcat(step, sublayerTransform), isGeometryFlipped: isGeometryFlipped)
            guard body(index, shown, space) else { return }
            step = CATransform3DConcat(step, replicator.instanceTransform)
        }
    }
}
