extension CAEmitterCell: Hashable {
    /// Whether `lhs` and `rhs` are the same cell object.
    ///
    /// Cells are equal by identity, as Apple's are through `NSObject`'s `isEqual:`: two cells
    /// with the same properties are different cells, so sets of cells and dictionaries keyed by
    /// them work as on Apple platforms. Declared in an extension, so a subclass cannot override
    /// it (or `hash(into:)`).
    public static func == (lhs: CAEmitterCell, rhs: CAEmitterCell) -> Bool {
        lhs === rhs
    }

    /// Hashes the cell's identity (see `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Whether `object` is this emitter cell, by identity (see `==`): `NSObject`'s `isEqual(_:)`, which
    /// Apple's emitter cells inherit. False for `nil` and for any other object or value.
    public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAEmitterCell else { return false }
        return other === self
    }
}
