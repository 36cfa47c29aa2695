/// The snapshot values most layers leave at their defaults: kept out of line in one box
/// that snapshots share (copy on write), so a plain layer's snapshot stays small and the
/// snapshots of layers with the same rare values need no box of their own.
extension CARenderLayer {
    /// Values most layers leave at `CALayer`'s defaults.
    struct RareValues: Sendable {
        var anchorPointZ: CGFloat = 0
        var transform: CATransform3D = CATransform3DIdentity
        var sublayerTransform: CATransform3D = CATransform3DIdentity
        var shadowOpacity: Float = 0
        var shadowRadius: CGFloat = 3
        var shadowOffset: CGSize = CGSize(width: 0, height: -3)
        var shadowColor: CGColor? = .black
        var shadowPath: CARenderPath? = nil
        var filters: [CIFilterEffect] = []
        var backgroundFilters: [CIFilterEffect] = []
        var compositingMode: CGBlendMode? = nil
        var contentsRect: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsCenter: CGRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        var contentsGravity: CALayerContentsGravity = .resize
        var contentsScale: CGFloat = 1
        var minificationFilter: CALayerContentsFilter = .linear
        var magnificationFilter: CALayerContentsFilter = .linear
        var maskStorage: [CARenderLayer] = []
        var transitionStorage: [CARenderTransition] = []
        var contentsCrossFade: CARenderContentsCrossFade? = nil
        // Layer subclasses (Layers/).
        var shape: CARenderShape? = nil
        var gradient: CARenderGradient? = nil
        var replicator: CARenderReplicator? = nil
        var isTransformLayer: Bool = false
        var text: CARenderText? = nil
        var emitter: CARenderEmitter? = nil
    }

    /// Shared rare values; mutated only while uniquely referenced.
    final class RareBox: @unchecked Sendable {
        var values: RareValues

        init(_ values: RareValues) { self.values = values }

        /// The box of `CALayer`'s defaults, shared by every snapshot that changes none.
        static let defaults = RareBox(RareValues())

        /// Whether both boxes hold values that draw the same pixels (identity first).
        func hasSameAppearance(as other: RareBox) -> Bool {
            if self === other { return true }
            let l = self, r = other
            return l.values.shadowOpacity == r.values.shadowOpacity && l.values.shadowRadius == r.values.shadowRadius
                && l.values.shadowOffset == r.values.shadowOffset && CARenderLayer.same(l.values.shadowColor, r.values.shadowColor)
                && l.values.shadowPath == r.values.shadowPath
                && l.values.filters == r.values.filters && l.values.backgroundFilters == r.values.backgroundFilters
                && l.values.compositingMode == r.values.compositingMode
                && l.values.contentsRect == r.values.contentsRect && l.values.contentsCenter == r.values.contentsCenter
                && l.values.contentsGravity == r.values.contentsGravity && l.values.contentsScale == r.values.contentsScale
                && l.values.minificationFilter == r.values.minificationFilter && l.values.magnificationFilter == r.values.magnificationFilter
                && l.values.contentsCrossFade == nil && r.values.contentsCrossFade == nil
                && l.values.shape == r.values.shape && l.values.gradient == r.values.gradient
                && l.values.replicator == nil && r.values.replicator == nil
                && l.values.isTransformLayer == r.values.isTransformLayer && l.values.text == r.values.text
                && l.values.emitter == nil && r.values.emitter == nil
        }
    }

    /// Whether two colours are equal (by identity first).
    static func same(_ a: CGColor?, _ b: CGColor?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return a === b || a == b
        default: return false
        }
    }
}

extension CARenderLayer.Values {
    /// One of the rare values; setting it copies the shared box first (copy on write).
    /// Readers on hot paths read `rare.values` directly.
    subscript<T>(rare field: WritableKeyPath<CARenderLayer.RareValues, T>) -> T {
        get { rare.values[keyPath: field] }
        set {
            if !isKnownUniquelyReferenced(&rare) { rare = CARenderLayer.RareBox(rare.values) }
            rare.values[keyPath: field] = newValue
        }
    }
}
