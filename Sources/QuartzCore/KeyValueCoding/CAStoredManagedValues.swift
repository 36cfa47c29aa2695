/// Reads managed properties (``CAManaged``) for a snapshot straight from a layer's key-value
/// store, without a getter call each.
///
/// Only valid for one of Lamina's own layer classes with no ``CALayer/style`` (an app's
/// subclass may override a getter or `defaultValue(forKey:)`; a style changes what unset
/// keys read): there an unset key reads what an untouched layer of the class reads. A value
/// stored with another type than the property's (a number set by key) marks the read
/// failed, and the caller asks the getters instead.
struct CAStoredManagedValues {
    private let extras: [String: Any]
    /// Whether a stored value could not be read as its property's type.
    private(set) var failed = false

    init(_ layer: CALayer) {
        extras = layer.storage.extras
    }

    /// The value stored for `key` as `T`; `untouched` when the key was never set.
    mutating func callAsFunction<T>(_ key: String, _ untouched: T) -> T {
        guard let stored = extras[key] else { return untouched }
        if stored is CAExplicitNil {
            if let none = Optional<Any>.none as? T { return none }
        } else if let typed = stored as? T {
            return typed
        }
        failed = true
        return untouched
    }
}
