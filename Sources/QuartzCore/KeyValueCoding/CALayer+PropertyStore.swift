/// The per-layer property store: every property, built in or declared by a subclass,
/// reads and writes through these.
extension CALayer {
    /// Keys that never consult the ``style`` dictionary (Apple: bounds and frame).
    static let keysIgnoringStyle: Set<String> = ["bounds", "frame", "style"]

    /// The value for a key that was never set: the shallowest entry of the ``style``
    /// chain, else the class's ``defaultValue(forKey:)``.
    func inheritedValue(forKey key: String) -> Any? {
        if !CALayer.keysIgnoringStyle.contains(key), let styled = styleValue(forKey: key) {
            return styled
        }
        return Swift.type(of: self).defaultValue(forKey: key)
    }

    /// The shallowest value for `key` in the style chain (`style`, `style["style"]`, …).
    func styleValue(forKey key: String) -> Any? {
        var dictionary = values["style"] as? [String: Any]
        var depth = 0
        while let current = dictionary, depth < 64 {
            if let value = current[key] { return value is CAExplicitNil ? nil : value }
            dictionary = current["style"] as? [String: Any]
            depth += 1
        }
        return nil
    }

    /// The raw stored-or-inherited value for `key` (`nil` when explicitly set to nil).
    func storedOrInheritedValue(forKey key: String) -> Any? {
        if let stored = values[key] {
            return stored is CAExplicitNil ? nil : stored
        }
        return inheritedValue(forKey: key)
    }

    /// A non-optional property: its stored value, else inherited, else `fallback`.
    func property<T>(_ key: String, _ fallback: T) -> T {
        if let stored = values[key] {
            return CAValueCoercion.coerce(stored, to: T.self) ?? fallback
        }
        if let inherited = inheritedValue(forKey: key), let value = CAValueCoercion.coerce(inherited, to: T.self) {
            return value
        }
        return fallback
    }

    /// An optional property: its stored value (possibly an explicit `nil`), else inherited.
    func optionalProperty<T>(_ key: String, _ type: T.Type = T.self) -> T? {
        if let stored = values[key] {
            return stored is CAExplicitNil ? nil : CAValueCoercion.coerce(stored, to: T.self)
        }
        return inheritedValue(forKey: key).flatMap { CAValueCoercion.coerce($0, to: T.self) }
    }

    /// Stores `value` for `key` (an explicit nil for `nil`) and reacts to the change:
    /// redisplay if ``needsDisplay(forKey:)`` says so, record it in the transaction, and run
    /// the key's action (looked up before the value is stored, as Apple does) when the
    /// layer is displayed and the value really changes.
    func setProperty(_ key: String, _ value: Any?) {
        let pending = isPresentationCopy ? nil : actionForChange(ofKey: key, to: value)
        values[key] = value ?? CAExplicitNil()
        propertyDidChange(key)
        if let pending {
            runAction(pending.action, forKey: key, previous: pending.previous)
        }
    }

    /// Reactions common to every property change.
    func propertyDidChange(_ key: String) {
        if CALayer.classNeedsDisplay(Swift.type(of: self), forKey: key) {
            setNeedsDisplay()
        }
        didChange()
    }

    /// Refuses a non-finite value for `key` with a diagnostic; returns whether it is finite.
    func checkFinite(_ key: String, _ description: @autoclosure () -> String, _ components: CGFloat...) -> Bool {
        if components.allSatisfy(\.isFinite) { return true }
        diagnose(.nonFiniteValue, "\(key) \(description()) is not finite; the change is ignored")
        return false
    }
}
