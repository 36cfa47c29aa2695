extension CAEmitterCell: Hashable {
    /// Whether `lhs` and `rhs` are the same cell object.
    ///
    /// Cells are equal by identity, as Apple's are through `NSObject`'s `isEqual:`: two cells
    /// with the same properties are different cells, so sets of cells and dictionaries keyed by
    /// them work as on Apple platforms.
    /// It asks ``isEqual(_:)``, as `NSObject`'s `==` does, so a subclass overriding that (and
    /// ``hash``) changes it too.
    public static func == (lhs: CAEmitterCell, rhs: CAEmitterCell) -> Bool {
        lhs.isEqual(rhs)
    }

    /// Hashes ``hash`` (the cell's identity unless a subclass overrides it).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
