/// Lamina: an immutable snapshot of one layer's presentation values and its sublayers,
/// made by ``CALayer/makeRenderTree()``.
///
/// This is what crosses from the main actor to the render thread: a `Sendable` value
/// with no references to layers. ``CALayerCompositor`` draws it. Every property has the
/// meaning and default of the `CALayer` property of the same name.
public struct CARenderLayer: Sendable {
    /// The values, shared by copies of the snapshot until one of them is changed
    /// (copy-on-write), so a parent's list of sublayer snapshots is cheap to build and copy.
    final class Storage: @unchecked Sendable {
        // Mutated only while uniquely referenced (see `mutate`); immutable once shared. Read
        // for every property of every layer each frame: no dynamic exclusivity check (a
        // mutation happens only inside `mutate`, which no read overlaps).
        @exclusivity(unchecked) var values: Values

        init(_ values: consuming Values) { self.values = consume values }
    }

    // `Values` and `RareValues` (one field per snapshot value), their accessors and
    // `hasSameAppearance(as:)` are generated from `CALayerProperties.txt`.

    private(set) var storage: Storage
    /// The values kept in the snapshot itself (its position and opacity): a layer that only
    /// moved or faded gives a snapshot sharing every other value with its last one, and
    /// setting them copies nothing.
    var inline: InlineValues

    /// A snapshot with these values.
    init(values: consuming Values, inline: InlineValues = InlineValues()) {
        storage = Storage(consume values)
        self.inline = inline
    }

    /// A snapshot of the values in `storage`, which no other snapshot holds yet.
    init(storage: Storage, inline: InlineValues) {
        self.storage = storage
        self.inline = inline
    }

    /// Gives this snapshot values of its own, copied from the shared ones, so that changing
    /// them never writes memory another thread read. A snapshot handed to the render thread
    /// may have been read there just before its last copy there was released; the release
    /// orders that read before this thread's uniqueness check, but ThreadSanitizer does not
    /// see the runtime's reference counting and would report the write as a race.
    mutating func copyValues() {
        storage = Storage(storage.values)
    }

    /// Replaces one sublayer's snapshot (in place when this snapshot is not shared).
    mutating func replaceSublayer(at index: Int, with sublayer: CARenderLayer) {
        mutate { $0.sublayers[index] = sublayer }
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

    /// Whether `other` is this very snapshot (the same stored values, not a changed copy, at
    /// the same position and opacity).
    func isSameSnapshot(as other: CARenderLayer) -> Bool { storage === other.storage && inline == other.inline }

    /// Changes the values, copying them first when another snapshot shares them.
    mutating func mutate(_ change: (inout Values) -> Void) {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
        change(&storage.values)
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
        inline = InlineValues()
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
