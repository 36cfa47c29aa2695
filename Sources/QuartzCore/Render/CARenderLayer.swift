/// Lamina: an immutable snapshot of one layer's presentation values and its sublayers,
/// made by ``CALayer/makeRenderTree()``.
///
/// This is what crosses from the main actor to the render thread: a `Sendable` value
/// with no references to layers. ``CALayerCompositor`` draws it.
public struct CARenderLayer: Sendable {
    /// Identity of the model layer this snapshot was made from (for matching snapshots
    /// across frames); `nil` for hand-built trees. Only meaningful while that layer exists.
    public let layerID: ObjectIdentifier?
    /// The layer's name.
    public let name: String?
    /// The layer's bounds.
    public let bounds: CGRect
    /// The layer's position in its superlayer's coordinates.
    public let position: CGPoint
    /// The layer's anchor point, in unit coordinates of the bounds.
    public let anchorPoint: CGPoint
    /// The layer's transform (the compositor uses its affine part).
    public let transform: CATransform3D
    /// The layer's z position, ordering it among its siblings.
    public let zPosition: CGFloat
    /// The layer's opacity, in `0...1`.
    public let opacity: Float
    /// Whether the layer (and its subtree) is hidden.
    public let isHidden: Bool
    /// Whether the subtree is clipped to the bounds.
    public let masksToBounds: Bool
    /// The background colour filling the bounds, if any.
    public let backgroundColor: CGColor?
    /// The contents image, drawn scaled to the bounds, if any.
    public let contents: CGImage?
    /// Snapshots of the sublayers, back to front (before sorting by `zPosition`).
    public let sublayers: [CARenderLayer]

    /// Creates a snapshot directly (for tests and tools); every default is `CALayer`'s.
    /// `opacity` is clamped to `0...1` (NaN becomes 0).
    public init(
        layerID: ObjectIdentifier? = nil,
        name: String? = nil,
        bounds: CGRect = .zero,
        position: CGPoint = .zero,
        anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5),
        transform: CATransform3D = CATransform3DIdentity,
        zPosition: CGFloat = 0,
        opacity: Float = 1,
        isHidden: Bool = false,
        masksToBounds: Bool = false,
        backgroundColor: CGColor? = nil,
        contents: CGImage? = nil,
        sublayers: [CARenderLayer] = []
    ) {
        self.layerID = layerID
        self.name = name
        self.bounds = bounds
        self.position = position
        self.anchorPoint = anchorPoint
        self.transform = transform
        self.zPosition = zPosition
        self.opacity = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        self.isHidden = isHidden
        self.masksToBounds = masksToBounds
        self.backgroundColor = backgroundColor
        self.contents = contents
        self.sublayers = sublayers
    }

    /// Maps the layer's own coordinates to its superlayer's (anchor point, affine part of
    /// the transform, position).
    var transformToSuperlayer: CGAffineTransform {
        let anchor = CGPoint(
            x: bounds.origin.x + anchorPoint.x * bounds.size.width,
            y: bounds.origin.y + anchorPoint.y * bounds.size.height)
        return CGAffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(CATransform3DGetAffineTransform(transform))
            .concatenating(CGAffineTransform(translationX: position.x, y: position.y))
    }

    /// The sublayers in drawing order: a stable sort by `zPosition`.
    var sublayersInDrawingOrder: [CARenderLayer] {
        guard sublayers.count > 1 else { return sublayers }
        return sublayers.enumerated()
            .sorted { lhs, rhs in
                lhs.element.zPosition != rhs.element.zPosition
                    ? lhs.element.zPosition < rhs.element.zPosition
                    : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
