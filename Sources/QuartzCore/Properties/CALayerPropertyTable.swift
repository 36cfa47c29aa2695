/// Everything Lamina knows about one declared `CALayer` property beyond its type and
/// default (which are ``CALayerStorage``'s field and initial value).
///
/// A class, so looking one up hands out a reference rather than a copy of its closures.
/// Immutable, and its closures capture only key paths and constants: shared by all threads.
final class CALayerPropertyDescriptor: @unchecked Sendable {
    /// Which property.
    let property: CALayerProperty
    /// Whether changing it runs an implicit animation (see ``CALayer/action(forKey:)``).
    let isAnimatable: Bool
    /// What a change invalidates.
    let invalidates: CALayerInvalidation
    /// The Swift type, for diagnostics.
    let typeName: String
    /// Apple's default, boxed (``CALayer/defaultValue(forKey:)`` answers it).
    let appleDefault: Any?
    /// For animations: writes a boxed value straight into a storage (coerced, and clamped
    /// as the setter clamps), or nil when the property needs its setter's side effects
    /// (layout, copies) and is written through key-value coding instead.
    let animate: ((inout CALayerStorage, Any) -> Bool)?
    /// For animations: the stored value, boxed.
    let readStorage: (CALayerStorage) -> Any?
    /// Reads the property through its Swift getter (key-value coding).
    let get: (CALayer) -> Any?
    /// Sets it through its Swift setter, so validation and effects are those of an
    /// assignment; `false` when the value has the wrong type (or is nil for a non-optional).
    let set: (CALayer, Any?) -> Bool
    /// Stores a boxed value into a storage (a class's default into its prototype, a value
    /// read through an overridden getter into a snapshot's source); values of the wrong
    /// type leave the field as it is.
    let store: (inout CALayerStorage, Any?) -> Void

    init(
        property: CALayerProperty, isAnimatable: Bool, invalidates: CALayerInvalidation, typeName: String,
        appleDefault: Any?, animate: ((inout CALayerStorage, Any) -> Bool)?, readStorage: @escaping (CALayerStorage) -> Any?,
        get: @escaping (CALayer) -> Any?, set: @escaping (CALayer, Any?) -> Bool,
        store: @escaping (inout CALayerStorage, Any?) -> Void
    ) {
        self.property = property
        self.isAnimatable = isAnimatable
        self.invalidates = invalidates
        self.typeName = typeName
        self.appleDefault = appleDefault
        self.animate = animate
        self.readStorage = readStorage
        self.get = get
        self.set = set
        self.store = store
    }

    /// A non-optional property.
    static func value<T>(
        _ property: CALayerProperty, _ field: WritableKeyPath<CALayerStorage, T>,
        _ swift: ReferenceWritableKeyPath<CALayer, T>, animatable: Bool = false, invalidates: CALayerInvalidation = .render,
        animatedThroughSetter: Bool = false, clamp: (@Sendable (T) -> T)? = nil
    ) -> CALayerPropertyDescriptor {
        let kvc = CALayerPropertyAccessor.value(swift)
        return CALayerPropertyDescriptor(
            property: property, isAnimatable: animatable, invalidates: invalidates, typeName: kvc.typeName,
            appleDefault: CALayerStorage.appleDefaults[keyPath: field],
            animate: animatedThroughSetter ? nil : { storage, value in
                guard let typed = CAValueCoercion.coerce(value, to: T.self) else { return false }
                storage[keyPath: field] = clamp?(typed) ?? typed
                return true
            },
            readStorage: { $0[keyPath: field] },
            get: kvc.get,
            set: kvc.set,
            store: { storage, value in
                if let value, let typed = CAValueCoercion.coerce(value, to: T.self) { storage[keyPath: field] = typed }
            })
    }

    /// An optional property: `nil` clears it.
    static func optional<T>(
        _ property: CALayerProperty, _ field: WritableKeyPath<CALayerStorage, T?>,
        _ swift: ReferenceWritableKeyPath<CALayer, T?>, animatable: Bool = false, invalidates: CALayerInvalidation = .render,
        animatedThroughSetter: Bool = false
    ) -> CALayerPropertyDescriptor {
        let kvc = CALayerPropertyAccessor.optional(swift)
        return CALayerPropertyDescriptor(
            property: property, isAnimatable: animatable, invalidates: invalidates, typeName: kvc.typeName,
            appleDefault: CALayerStorage.appleDefaults[keyPath: field] as Any?,
            animate: animatedThroughSetter ? nil : { storage, value in
                guard let typed = CAValueCoercion.coerce(value, to: T.self) else { return false }
                storage[keyPath: field] = typed
                return true
            },
            readStorage: { $0[keyPath: field] as Any? },
            get: kvc.get,
            set: kvc.set,
            store: { storage, value in
                guard let value else { return storage[keyPath: field] = nil }
                if let typed = CAValueCoercion.coerce(value, to: T.self) { storage[keyPath: field] = typed }
            })
    }
}

/// `CALayer`'s declared properties, one entry each, in ``CALayerProperty`` order: the one
/// place that says which animate and what they invalidate, from which key-value coding,
/// ``CALayer/defaultValue(forKey:)``, the implicit-action keys and class prototypes are
/// derived.
enum CALayerPropertyTable {
    /// The entry of `property`.
    static func descriptor(_ property: CALayerProperty) -> CALayerPropertyDescriptor {
        entries[property.rawValue]
    }

    /// Copies the fields of the properties in `bits` from `source` into `storage`.
    static func copyFields(_ bits: UInt64, from source: CALayerStorage, into storage: inout CALayerStorage) {
        var remaining = bits
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if let property = CALayerProperty(rawValue: index) { copyField(property, from: source, into: &storage) }
        }
    }

    /// Copies the fields of the properties in `bits` from `source`'s storage into
    /// `destination`'s.
    static func copyFields(_ bits: UInt64, from source: CALayer, into destination: CALayer) {
        var remaining = bits
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            if let property = CALayerProperty(rawValue: index) { copyField(property, from: source, into: destination) }
        }
        destination.storage.explicitlySet = source.storage.explicitlySet
    }

    /// The entry for a key-value coding key, if it names a declared property.
    static func descriptor(forKey key: String) -> CALayerPropertyDescriptor? {
        CALayerProperty.named(key).map { entries[$0.rawValue] }
    }

    /// The keys whose changes run implicit animations.
    static let animatableKeys: Set<String> = Set(entries.filter(\.isAnimatable).map(\.property.key))

    /// The entries of the properties a snapshot for the compositor reads.
    static let rendered: [CALayerPropertyDescriptor] = entries.filter { $0.invalidates.contains(.render) }

    /// Bits of the properties whose changes invalidate `invalidation`.
    static func bits(invalidating invalidation: CALayerInvalidation) -> UInt64 {
        entries.filter { $0.invalidates.contains(invalidation) }.reduce(0) { $0 | $1.property.bit }
    }

    private static let entries: [CALayerPropertyDescriptor] = {
        // Generated from `CALayerProperties.txt`.
        let list = makeEntries()
        precondition(list.map(\.property) == CALayerProperty.allCases, "the property table is in CALayerProperty order")
        return list
    }()

    /// An `Any?` property (`contents`, `compositingFilter`): any value is accepted, through
    /// its setter; an animatable one is animated by storing the value as it is.
    static func anyValue(
        _ property: CALayerProperty, _ field: WritableKeyPath<CALayerStorage, Any?>,
        _ swift: ReferenceWritableKeyPath<CALayer, Any?>, animatable: Bool
    ) -> CALayerPropertyDescriptor {
        CALayerPropertyDescriptor(
            property: property, isAnimatable: animatable, invalidates: .render, typeName: "Any?", appleDefault: nil,
            animate: animatable ? { storage, value in
                storage[keyPath: field] = value
                return true
            } : nil,
            readStorage: { $0[keyPath: field] },
            get: { $0[keyPath: swift] },
            set: { layer, value in
                layer[keyPath: swift] = value
                return true
            },
            store: { storage, value in storage[keyPath: field] = value })
    }

    /// The clamp of the opacity setters: `0...1`, NaN to 0.
    static let unitInterval: @Sendable (Float) -> Float = { $0.isNaN ? 0 : min(max($0, 0), 1) }

    // MARK: - Class prototypes

    /// The storage a new layer of `type` starts with: Apple's defaults, changed by the
    /// class's ``CALayer/defaultValue(forKey:)`` (asked once per class and key, as Apple does).
    static func prototype(for type: CALayer.Type) -> CALayerStorage {
        let id = ObjectIdentifier(type)
        let prototypes = self.prototypes.box
        if let cached = prototypes.value[id] { return cached }
        var storage = CALayerStorage()
        if type != CALayer.self {
            for entry in entries {
                entry.store(&storage, type.defaultValue(forKey: entry.property.key))
            }
        }
        prototypes.value[id] = storage
        return storage
    }

    /// Per class, its prototype (per thread: made from the class's own answers, so no
    /// thread waits for another's).
    private static let prototypes = ThreadLocal<[ObjectIdentifier: CALayerStorage]>({ [:] })
}
