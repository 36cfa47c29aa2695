/// Lamina: an immutable snapshot of one layer's presentation values and its sublayers,
/// made by ``CALayer/makeRenderTree()``.
///
/// This is what crosses from the main actor to the render thread: a `Sendable` value
/// with no references to layers. ``CALayerCompositor`` draws it. Every property has the
/// meaning and default of the `CALayer` property of the same name.
public struct CARenderLayer: Sendable {
    /// Identity of the model layer this snapshot was made from (for matching snapshots
    /// across frames); `nil` for hand-built trees. Only meaningful while that layer exists.
    public var layerID: ObjectIdentifier?
    /// The layer's name.
    public var name: String?
    /// The layer's bounds.
    public var bounds: CGRect
    /// The layer's position in its superlayer's coordinates.
    public var position: CGPoint
    /// The layer's anchor point, in unit coordinates of the bounds.
    public var anchorPoint: CGPoint
    /// The anchor point's z coordinate.
    public var anchorPointZ: CGFloat = 0
    /// The layer's transform.
    public var transform: CATransform3D
    /// The transform applied to the sublayers, around the anchor point.
    public var sublayerTransform: CATransform3D = CATransform3DIdentity
    /// Whether sublayer geometry is flipped vertically.
    public var isGeometryFlipped = false
    /// The layer's z position, ordering it among its siblings.
    public var zPosition: CGFloat
    /// The layer's opacity, in `0...1`.
    public var opacity: Float
    /// Whether the layer (and its subtree) is hidden.
    public var isHidden: Bool
    /// Whether the contents and subtree are clipped to the (rounded) bounds.
    public var masksToBounds: Bool
    /// Whether the layer is drawn when facing away from the viewer.
    public var isDoubleSided = true
    /// Whether a translucent layer is composited as one group.
    public var allowsGroupOpacity = true
    /// The background colour filling the bounds, if any.
    public var backgroundColor: CGColor?
    /// The radius of the rounded corners.
    public var cornerRadius: CGFloat = 0
    /// Which corners are rounded.
    public var maskedCorners: CACornerMask = .allCorners
    /// The width of the border.
    public var borderWidth: CGFloat = 0
    /// The colour of the border.
    public var borderColor: CGColor? = .black
    /// The shadow's opacity, in `0...1`.
    public var shadowOpacity: Float = 0
    /// The shadow's blur radius in points.
    public var shadowRadius: CGFloat = 3
    /// The shadow's offset in the layer's coordinates.
    public var shadowOffset = CGSize(width: 0, height: -3)
    /// The shadow's colour.
    public var shadowColor: CGColor? = .black
    /// The shadow's outline, if given.
    public var shadowPath: CARenderPath?
    /// The contents image, if any.
    public var contents: CGImage?
    /// The part of the contents drawn, in unit coordinates.
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// The nine-slice centre of the contents, in unit coordinates.
    public var contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// How the contents are placed in the bounds.
    public var contentsGravity: CALayerContentsGravity = .resize
    /// Contents pixels per point.
    public var contentsScale: CGFloat = 1
    /// Whether top and bottom gravities are swapped (``CALayer/contentsAreFlipped()``).
    public var contentsAreFlipped = false
    /// The filter for drawing the contents smaller than their pixels.
    public var minificationFilter: CALayerContentsFilter = .linear
    /// The filter for drawing the contents larger than their pixels.
    public var magnificationFilter: CALayerContentsFilter = .linear
    /// Snapshots of the sublayers, back to front (before sorting by `zPosition`).
    public var sublayers: [CARenderLayer]
    /// The mask layer's snapshot (stored in an array: a struct cannot contain itself).
    private var maskStorage: [CARenderLayer] = []
    /// The transition in progress (in an array: it holds a snapshot of this layer).
    private var transitionStorage: [CARenderTransition] = []
    /// Lamina: the cross-fade of `contents` in progress, if any. Default nil: the contents
    /// are drawn alone. See ``CARenderContentsCrossFade``.
    public var contentsCrossFade: CARenderContentsCrossFade?

    /// The mask layer's snapshot, positioned in this layer's coordinates, if any.
    public var mask: CARenderLayer? {
        get { maskStorage.first }
        set { maskStorage = newValue.map { [$0] } ?? [] }
    }

    /// Lamina: the `CATransition` in progress on this layer, if any. Default nil.
    ///
    /// When set, the compositor draws the transition's `from` body and this snapshot's body
    /// blended or moved apart, placed, masked and shadowed by this snapshot (see
    /// ``CARenderTransition``). A hidden layer with a transition still draws its old body
    /// (it fades or slides out).
    public var transition: CARenderTransition? {
        get { transitionStorage.first }
        set { transitionStorage = newValue.map { [$0] } ?? [] }
    }

    /// Creates a snapshot directly (for tests and tools); every default is `CALayer`'s.
    /// Set the other properties afterwards. `opacity` is clamped to `0...1` (NaN becomes 0).
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

    /// The 4×4 transform from the layer's own coordinates to its superlayer's positioned
    /// space.
    var localTransform: CATransform3D {
        CALayerGeometry.localTransform(
            bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ, transform: transform,
            position: position, zPosition: zPosition)
    }

    /// The 4×4 transform from the sublayers' positioned space to the bounds space.
    var sublayerSpaceTransform: CATransform3D {
        CALayerGeometry.sublayerSpaceTransform(
            bounds: bounds, anchorPoint: anchorPoint, anchorPointZ: anchorPointZ,
            sublayerTransform: sublayerTransform, isGeometryFlipped: isGeometryFlipped)
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
