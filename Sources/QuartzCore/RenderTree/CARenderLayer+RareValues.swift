/// The snapshot values most layers leave at their defaults: kept out of line in one box
/// that snapshots share (copy on write), so a plain layer's snapshot stays small and the
/// snapshots of layers with the same rare values need no box of their own.
extension CARenderLayer {
    /// Shared rare values; mutated only while uniquely referenced (by the `rare:`
    /// subscript, which no read overlaps), so their reads skip the dynamic exclusivity check.
    final class RareBox: @unchecked Sendable {
        @exclusivity(unchecked) var values: RareValues

        init(_ values: RareValues) { self.values = values }

        /// The box of `CALayer`'s defaults, shared by every snapshot that changes none.
        static let defaults = RareBox(RareValues())
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
