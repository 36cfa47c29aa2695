/// Lamina: an immutable snapshot of one layer's presentation values and its sublayers,
/// made by ``CALayer/makeRenderTree()``.
///
/// This is what crosses from the main actor to the render thread: a `Sendable` value
/// with no references to layers. ``CALayerCompositor`` draws it. Every property has the
/// meaning and default of the `CALayer` property of the same name.
public struct CARenderLayer: Sendable {
    /// The values, shared by copies of the snapshot until one of them is changed
    /// (copy-on-write), so a parent's list of sublayer snapshots is cheap to build and copy.
    private final class Storage: @unchecked Sendable {
        // Mutated only while uniquely referenced (see `mutate`); immutable once shared.
        var values: Values

        init(_ values: consuming Values) { self.values = values }
    }

    /// Every value of a snapshot, for building one in a single step.
    struct Values: Sendable {
        var layerID: ObjectIdentifier? = nil
        var name: String? = nil
        var bounds: CGRect = .zero
        var position: CGPoint = .zero
        var anchorPoint: CGPoint = CGPoint(x: 0.5, y: 0.5)
        var isGeometryFlipped: Bool = false
        var zPosition: CGFloat = 0
        var opacity: Float = 1
        var isHidden: Bool = false
        var masksToBounds: Bool = false
        var isDoubleSided: Bool = true
        var allowsGroupOpacity: Bool = true
        var contentsAreFlipped: Bool = false
        var backgroundColor: CGColor? = nil
        var cornerRadius: CGFloat = 0
        var maskedCorners: CACornerMask = .allCorners
        var borderWidth: CGFloat = 0
        var borderColor: CGColor? = .black
        var contents: CGImage? = nil
        var sublayers: [CARenderLayer] = []
        /// The rest (transforms, shadow, contents placement, subclass payloads): see
        /// `CARenderLayer+RareValues.swift`.
        var rare: RareBox = .defaults
    }

    private var storage: Storage

    /// A snapshot with these values.
    init(values: consuming Values) {
        storage = Storage(values)
    }

    /// Replaces one sublayer's snapshot (in place when this snapshot is not shared).
    mutating func replaceSublayer(at index: Int, with sublayer: CARenderLayer) {
        mutate { $0.sublayers[index] = sublayer }
    }

    /// Whether `other` draws the same pixels as this snapshot when both have no sublayers and
    /// are drawn at the same device transform and opacity: every appearance value is equal
    /// (colours and images compared by identity first, images only by identity).
    func hasSameAppearance(as other: CARenderLayer) -> Bool {
        if storage === other.storage { return true }
        // Fields read in place (binding `values` would copy every field).
        let l = storage, r = other.storage
        return l.values.bounds == r.values.bounds && l.values.masksToBounds == r.values.masksToBounds
            && l.values.allowsGroupOpacity == r.values.allowsGroupOpacity && l.values.cornerRadius == r.values.cornerRadius
            && l.values.maskedCorners == r.values.maskedCorners && l.values.borderWidth == r.values.borderWidth
            && l.values.contents === r.values.contents && l.values.contentsAreFlipped == r.values.contentsAreFlipped
            && Self.same(l.values.backgroundColor, r.values.backgroundColor) && Self.same(l.values.borderColor, r.values.borderColor)
            && l.values.rare.hasSameAppearance(as: r.values.rare)
    }

    /// Whether `other` draws the same subtree as this snapshot once each is placed by its
    /// own transform and faded by its own opacity: the same appearance, the very same
    /// sublayer and mask snapshots, the same sublayer transform, no transition.
    func drawsSameGroup(as other: CARenderLayer) -> Bool {
        if storage === other.storage { return true }
        let l = storage.values, r = other.storage.values
        guard hasSameAppearance(as: other), l.isHidden == r.isHidden, l.isGeometryFlipped == r.isGeometryFlipped,
            l.sublayers.count == r.sublayers.count, transition == nil, other.transition == nil,
            CATransform3DEqualToTransform(sublayerTransform, other.sublayerTransform)
        else { return false }
        guard zip(l.sublayers, r.sublayers).allSatisfy({ $0.isSameSnapshot(as: $1) }) else { return false }
        switch (mask, other.mask) {
        case (nil, nil): return true
        case (let a?, let b?): return a.isSameSnapshot(as: b)
        default: return false
        }
    }

    /// Whether `other` is this very snapshot (the same stored values, not a changed copy).
    func isSameSnapshot(as other: CARenderLayer) -> Bool { storage === other.storage }

    private mutating func mutate(_ change: (inout Values) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
        change(&storage.values)
    }

    /// Identity of the model layer this snapshot was made from (for matching snapshots
    /// across frames); `nil` for hand-built trees. Only meaningful while that layer exists.
    public var layerID: ObjectIdentifier? {
        get { storage.values.layerID }
        set { mutate { $0.layerID = newValue } }
    }
    /// The layer's name.
    public var name: String? {
        get { storage.values.name }
        set { mutate { $0.name = newValue } }
    }
    /// The layer's bounds.
    public var bounds: CGRect {
        get { storage.values.bounds }
        set { mutate { $0.bounds = newValue } }
    }
    /// The layer's position in its superlayer's coordinates.
    public var position: CGPoint {
        get { storage.values.position }
        set { mutate { $0.position = newValue } }
    }
    /// The layer's anchor point, in unit coordinates of the bounds.
    public var anchorPoint: CGPoint {
        get { storage.values.anchorPoint }
        set { mutate { $0.anchorPoint = newValue } }
    }
    /// The anchor point's z coordinate.
    public var anchorPointZ: CGFloat {
        get { storage.values.rare.values.anchorPointZ }
        set { mutate { $0[rare: \.anchorPointZ] = newValue } }
    }
    /// The layer's transform.
    public var transform: CATransform3D {
        get { storage.values.rare.values.transform }
        set { mutate { $0[rare: \.transform] = newValue } }
    }
    /// The transform applied to the sublayers, around the anchor point.
    public var sublayerTransform: CATransform3D {
        get { storage.values.rare.values.sublayerTransform }
        set { mutate { $0[rare: \.sublayerTransform] = newValue } }
    }
    /// Whether sublayer geometry is flipped vertically.
    public var isGeometryFlipped: Bool {
        get { storage.values.isGeometryFlipped }
        set { mutate { $0.isGeometryFlipped = newValue } }
    }
    /// The layer's z position, ordering it among its siblings.
    public var zPosition: CGFloat {
        get { storage.values.zPosition }
        set { mutate { $0.zPosition = newValue } }
    }
    /// The layer's opacity, in `0...1`.
    public var opacity: Float {
        get { storage.values.opacity }
        set { mutate { $0.opacity = newValue } }
    }
    /// Whether the layer (and its subtree) is hidden.
    public var isHidden: Bool {
        get { storage.values.isHidden }
        set { mutate { $0.isHidden = newValue } }
    }
    /// Whether the contents and subtree are clipped to the (rounded) bounds.
    public var masksToBounds: Bool {
        get { storage.values.masksToBounds }
        set { mutate { $0.masksToBounds = newValue } }
    }
    /// Whether the layer is drawn when facing away from the viewer.
    public var isDoubleSided: Bool {
        get { storage.values.isDoubleSided }
        set { mutate { $0.isDoubleSided = newValue } }
    }
    /// Whether a translucent layer is composited as one group.
    public var allowsGroupOpacity: Bool {
        get { storage.values.allowsGroupOpacity }
        set { mutate { $0.allowsGroupOpacity = newValue } }
    }
    /// The background colour filling the bounds, if any.
    public var backgroundColor: CGColor? {
        get { storage.values.backgroundColor }
        set { mutate { $0.backgroundColor = newValue } }
    }
    /// The radius of the rounded corners.
    public var cornerRadius: CGFloat {
        get { storage.values.cornerRadius }
        set { mutate { $0.cornerRadius = newValue } }
    }
    /// Which corners are rounded.
    public var maskedCorners: CACornerMask {
        get { storage.values.maskedCorners }
        set { mutate { $0.maskedCorners = newValue } }
    }
    /// The width of the border.
    public var borderWidth: CGFloat {
        get { storage.values.borderWidth }
        set { mutate { $0.borderWidth = newValue } }
    }
    /// The colour of the border.
    public var borderColor: CGColor? {
        get { storage.values.borderColor }
        set { mutate { $0.borderColor = newValue } }
    }
    /// The shadow's opacity, in `0...1`.
    public var shadowOpacity: Float {
        get { storage.values.rare.values.shadowOpacity }
        set { mutate { $0[rare: \.shadowOpacity] = newValue } }
    }
    /// The shadow's blur radius in points.
    public var shadowRadius: CGFloat {
        get { storage.values.rare.values.shadowRadius }
        set { mutate { $0[rare: \.shadowRadius] = newValue } }
    }
    /// The shadow's offset in the layer's coordinates.
    public var shadowOffset: CGSize {
        get { storage.values.rare.values.shadowOffset }
        set { mutate { $0[rare: \.shadowOffset] = newValue } }
    }
    /// The shadow's colour.
    public var shadowColor: CGColor? {
        get { storage.values.rare.values.shadowColor }
        set { mutate { $0[rare: \.shadowColor] = newValue } }
    }
    /// The shadow's outline, if given.
    public var shadowPath: CARenderPath? {
        get { storage.values.rare.values.shadowPath }
        set { mutate { $0[rare: \.shadowPath] = newValue } }
    }
    /// The pixel effects of the layer's `filters`, in order, applied to its group.
    var filters: [CIFilterEffect] {
        get { storage.values.rare.values.filters }
        set { mutate { $0[rare: \.filters] = newValue } }
    }
    /// The pixel effects of the layer's `backgroundFilters`, applied to what is behind it.
    var backgroundFilters: [CIFilterEffect] {
        get { storage.values.rare.values.backgroundFilters }
        set { mutate { $0[rare: \.backgroundFilters] = newValue } }
    }
    /// The blend mode of the layer's `compositingFilter`; nil for source over.
    var compositingMode: CGBlendMode? {
        get { storage.values.rare.values.compositingMode }
        set { mutate { $0[rare: \.compositingMode] = newValue } }
    }
    /// The contents image, if any.
    public var contents: CGImage? {
        get { storage.values.contents }
        set { mutate { $0.contents = newValue } }
    }
    /// The part of the contents drawn, in unit coordinates.
    public var contentsRect: CGRect {
        get { storage.values.rare.values.contentsRect }
        set { mutate { $0[rare: \.contentsRect] = newValue } }
    }
    /// The nine-slice centre of the contents, in unit coordinates.
    public var contentsCenter: CGRect {
        get { storage.values.rare.values.contentsCenter }
        set { mutate { $0[rare: \.contentsCenter] = newValue } }
    }
    /// How the contents are placed in the bounds.
    public var contentsGravity: CALayerContentsGravity {
        get { storage.values.rare.values.contentsGravity }
        set { mutate { $0[rare: \.contentsGravity] = newValue } }
    }
    /// Contents pixels per point.
    public var contentsScale: CGFloat {
        get { storage.values.rare.values.contentsScale }
        set { mutate { $0[rare: \.contentsScale] = newValue } }
    }
    /// Whether top and bottom gravities are swapped (``CALayer/contentsAreFlipped()``).
    public var contentsAreFlipped: Bool {
        get { storage.values.contentsAreFlipped }
        set { mutate { $0.contentsAreFlipped = newValue } }
    }
    /// The filter for drawing the contents smaller than their pixels.
    public var minificationFilter: CALayerContentsFilter {
        get { storage.values.rare.values.minificationFilter }
        set { mutate { $0[rare: \.minificationFilter] = newValue } }
    }
    /// The filter for drawing the contents larger than their pixels.
    public var magnificationFilter: CALayerContentsFilter {
        get { storage.values.rare.values.magnificationFilter }
        set { mutate { $0[rare: \.magnificationFilter] = newValue } }
    }
    /// Snapshots of the sublayers, back to front (before sorting by `zPosition`).
    public var sublayers: [CARenderLayer] {
        get { storage.values.sublayers }
        set { mutate { $0.sublayers = newValue } }
    }
    /// The mask layer's snapshot (stored in an array: a struct cannot contain itself).
    private var maskStorage: [CARenderLayer] {
        get { storage.values.rare.values.maskStorage }
        set { mutate { $0[rare: \.maskStorage] = newValue } }
    }
    /// The transition in progress (in an array: it holds a snapshot of this layer).
    private var transitionStorage: [CARenderTransition] {
        get { storage.values.rare.values.transitionStorage }
        set { mutate { $0[rare: \.transitionStorage] = newValue } }
    }
    /// Lamina: the cross-fade of `contents` in progress, if any. Default nil: the contents
    /// are drawn alone. See ``CARenderContentsCrossFade``.
    public var contentsCrossFade: CARenderContentsCrossFade? {
        get { storage.values.rare.values.contentsCrossFade }
        set { mutate { $0[rare: \.contentsCrossFade] = newValue } }
    }

    /// Lamina: the path a ``CAShapeLayer`` draws, if any. Default nil. Drawn above the
    /// background and below the contents.
    public var shape: CARenderShape? {
        get { storage.values.rare.values.shape }
        set { mutate { $0[rare: \.shape] = newValue } }
    }

    /// Lamina: the gradient a ``CAGradientLayer`` fills its bounds with, if any. Default
    /// nil. Drawn above the background and below the contents.
    public var gradient: CARenderGradient? {
        get { storage.values.rare.values.gradient }
        set { mutate { $0[rare: \.gradient] = newValue } }
    }

    /// Lamina: how a ``CAReplicatorLayer`` repeats its sublayers, if it is one. Default nil:
    /// the sublayers are drawn once.
    public var replicator: CARenderReplicator? {
        get { storage.values.rare.values.replicator }
        set { mutate { $0[rare: \.replicator] = newValue } }
    }

    /// Lamina: whether this is a ``CATransformLayer``: only its sublayers are drawn, in its
    /// superlayer's 3D space, sorted by depth. Default false.
    public var isTransformLayer: Bool {
        get { storage.values.rare.values.isTransformLayer }
        set { mutate { $0[rare: \.isTransformLayer] = newValue } }
    }

    /// Lamina: the text a ``CATextLayer`` draws, if any. Default nil. Drawn above the
    /// contents and below the sublayers, clipped to the bounds.
    public var text: CARenderText? {
        get { storage.values.rare.values.text }
        set { mutate { $0[rare: \.text] = newValue } }
    }

    /// Lamina: the particles a ``CAEmitterLayer`` emits, if it is one with cells. Default
    /// nil. Drawn above the contents and below the sublayers, at ``CARenderEmitter/time``.
    public var emitter: CARenderEmitter? {
        get { storage.values.rare.values.emitter }
        set { mutate { $0[rare: \.emitter] = newValue } }
    }

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
        storage = Storage(Values())
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
    /// Whether the layer casts a visible shadow: an opacity above 0 and a colour that is
    /// not fully transparent.
    var castsShadow: Bool {
        shadowOpacity > 0 && (shadowColor?.rgba.map { $0.alpha > 0 } ?? false)
    }

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
        let sublayers = storage.values.sublayers
        guard sublayers.count > 1 else { return sublayers }
        // Usually every sibling has the same z position: already in order.
        let first = sublayers[0].zPosition
        if sublayers.allSatisfy({ $0.zPosition == first }) { return sublayers }
        return sublayers.enumerated()
            .sorted { lhs, rhs in
                lhs.element.zPosition != rhs.element.zPosition
                    ? lhs.element.zPosition < rhs.element.zPosition
                    : lhs.offset < rhs.offset
            }
            .map(\.element)
    }
}
