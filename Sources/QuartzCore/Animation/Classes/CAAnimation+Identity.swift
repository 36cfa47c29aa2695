extension CAAnimation: Hashable {
    /// Whether `lhs` and `rhs` are the same animation object.
    ///
    /// Animations are equal by identity, as Apple's are through `NSObject`'s `isEqual:`: two
    /// animations with the same key path, values and timing are different animations, and the
    /// copy a layer keeps when one is added is not the animation added. So dictionaries keyed
    /// by animations (`[CAAnimation: () -> Void]` for completion blocks), sets of them and
    /// `firstIndex(of:)` work as on Apple platforms.
    /// It asks ``isEqual(_:)``, as `NSObject`'s `==` does, so a subclass overriding that (and
    /// ``hash``) changes it too.
    public static func == (lhs: CAAnimation, rhs: CAAnimation) -> Bool {
        lhs.isEqual(rhs)
    }

    /// Hashes ``hash`` (the animation's identity unless a subclass overrides it).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

extension CAValueFunction: Hashable {
    /// Whether `lhs` and `rhs` are the same value function object (by identity, as Apple's
    /// through `NSObject`'s `isEqual:`; two functions of the same name are different objects).
    public static func == (lhs: CAValueFunction, rhs: CAValueFunction) -> Bool {
        lhs === rhs
    }

    /// Hashes the value function's identity (see `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }

    /// Whether `object` is this value function, by identity (see `==`): `NSObject`'s `isEqual(_:)`, which
    /// Apple's value functions inherit. False for `nil` and for any other object or value.
    public func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAValueFunction else { return false }
        return other === self
    }
}
