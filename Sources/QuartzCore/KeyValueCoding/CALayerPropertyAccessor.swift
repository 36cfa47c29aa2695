/// How key-value coding reads and writes a `CALayer` property: through its Swift property,
/// so validation and side effects are those of a direct assignment. The property table's
/// entries use these, and so do the properties that are not stored fields (`frame`, `mask`,
/// `sublayers`, `superlayer`). Immutable, and its closures capture only key paths: shared
/// by all threads.
struct CALayerPropertyAccessor: @unchecked Sendable {
    /// Reads the property.
    let get: (CALayer) -> Any?
    /// Writes the property; `false` when the value has the wrong type.
    let set: (CALayer, Any?) -> Bool
    /// The property's type, for diagnostics.
    let typeName: String

    /// An accessor for a non-optional property: `nil` and values of other types are refused.
    static func value<T>(_ keyPath: ReferenceWritableKeyPath<CALayer, T>) -> CALayerPropertyAccessor {
        CALayerPropertyAccessor(
            get: { $0[keyPath: keyPath] },
            set: { layer, value in
                guard let value, let typed = CAValueCoercion.coerce(value, to: T.self) else { return false }
                layer[keyPath: keyPath] = typed
                return true
            },
            typeName: String(describing: T.self))
    }

    /// An accessor for an optional property: `nil` clears it.
    static func optional<T>(_ keyPath: ReferenceWritableKeyPath<CALayer, T?>) -> CALayerPropertyAccessor {
        CALayerPropertyAccessor(
            get: { $0[keyPath: keyPath] },
            set: { layer, value in
                guard let value else {
                    layer[keyPath: keyPath] = nil
                    return true
                }
                guard let typed = CAValueCoercion.coerce(value, to: T.self) else { return false }
                layer[keyPath: keyPath] = typed
                return true
            },
            typeName: "\(T.self)?")
    }
}
