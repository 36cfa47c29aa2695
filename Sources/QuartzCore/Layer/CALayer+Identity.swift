extension CALayer: Hashable {
    /// Whether `lhs` and `rhs` are the same layer object.
    ///
    /// Layers are equal by identity, as Apple's are through `NSObject`'s `isEqual:`: two
    /// layers with the same property values are different layers, and a layer's
    /// ``presentation()`` copy is not equal to its model. So `layers.firstIndex(of: layer)`,
    /// `Set<CALayer>` and dictionaries keyed by layers work as on Apple platforms. Declared
    /// in an extension, so a subclass cannot override it (or `hash(into:)`) and make two
    /// layers that compare equal hash differently.
    public static func == (lhs: CALayer, rhs: CALayer) -> Bool {
        lhs === rhs
    }

    /// Hashes the layer's identity (see `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Whether `object` is this layer, by identity (see `==`): `NSObject`'s `isEqual(_:)`, which
    /// Apple's layers inherit. False for `nil` and for any other object or value.
    public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CALayer else { return false }
        return other === self
    }
}
