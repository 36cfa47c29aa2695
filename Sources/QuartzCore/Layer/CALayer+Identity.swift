extension CALayer: Hashable {
    /// Whether `lhs` and `rhs` are the same layer object.
    ///
    /// Layers are equal by identity, as Apple's are through `NSObject`'s `isEqual:`: two
    /// layers with the same property values are different layers, and a layer's
    /// ``presentation()`` copy is not equal to its model. So `layers.firstIndex(of: layer)`,
    /// `Set<CALayer>` and dictionaries keyed by layers work as on Apple platforms.
    /// It asks ``isEqual(_:)``, as `NSObject`'s `==` does, so a subclass overriding that (and
    /// ``hash``) changes it too.
    public static func == (lhs: CALayer, rhs: CALayer) -> Bool {
        lhs.isEqual(rhs)
    }

    /// Hashes ``hash`` (the layer's identity unless a subclass overrides it).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}
