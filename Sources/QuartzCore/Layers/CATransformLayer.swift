/// A layer that has no appearance of its own and keeps its sublayers in its superlayer's
/// 3D space instead of flattening them into its plane.
///
/// As Apple's `CATransformLayer`: only the sublayers are drawn. The layer's own
/// background, border, contents, shadow, mask and `masksToBounds` are ignored; its
/// ``CALayer/opacity`` applies to each sublayer separately (no group is composited); its
/// transform and ``CALayer/sublayerTransform`` carry the sublayers' 3D positions through,
/// and the sublayers are drawn back to front by depth (the z of each one's centre after
/// every transform down to the transform layer's superlayer), so a rotation can bring a
/// sublayer with a lower ``CALayer/zPosition`` in front. Lamina sorts each transform
/// layer's own sublayers; a nested transform layer's sublayers are sorted among
/// themselves, where Apple sorts them with their uncles.
open class CATransformLayer: CALayer {
    /// Lamina's own class reads its snapshot values from storage; an app's subclass of it
    /// through its getters.
    override class var snapshotsReadStorage: Bool { self == CATransformLayer.self }

    /// Creates a transform layer.
    public override init() {
        super.init()
    }

    /// Creates a shadow copy of `layer` (see ``CALayer/init(layer:)``).
    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// Returns `nil`: Lamina cannot decode archived layers (see ``CALayer/init(coder:)``).
    public required init?(coder: NSCoder) {
        return nil
    }
}
