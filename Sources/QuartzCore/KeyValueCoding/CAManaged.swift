/// Declares a property of a `CALayer` subclass that lives in the layer's key-value store:
/// Lamina's replacement for Objective-C's `@NSManaged` / `@dynamic` layer properties.
///
/// ```swift
/// final class CircleLayer: CALayer {
///     @CAManaged("progress") var progress: CGFloat = 0
///
///     override class func needsDisplay(forKey key: String) -> Bool {
///         key == "progress" || super.needsDisplay(forKey: key)
///     }
///     override func draw(in ctx: CGContext) { /* draw an arc of `progress` */ }
/// }
/// ```
///
/// Such a property:
/// - is readable and writable by key: `layer.value(forKey: "progress")`,
///   `layer.setValue(0.5, forKey: "progress")` (numbers of any type are converted);
/// - reads, while unset, the ``CALayer/style`` chain, then the class's
///   ``CALayer/defaultValue(forKey:)``, then the declared initial value;
/// - is copied into presentation layers on every commit (no ``CALayer/init(layer:)``
///   override needed), so animations can drive it by key path;
/// - records the change in the current transaction and, when the class's
///   ``CALayer/needsDisplay(forKey:)`` is true for its key, marks the layer for display.
///
/// The key must be given (Swift cannot name a property from a key path on Linux); use the
/// property's name. Only `CALayer` subclasses can declare managed properties.
@propertyWrapper
public struct CAManaged<Value> {
    /// The property's key in the layer's store.
    public let key: String
    /// The value read while the property is unset and no default is found.
    let initialValue: Value

    /// Declares a managed property with key `key` and the initial value on the right of `=`.
    public init(wrappedValue: Value, _ key: String) {
        self.key = key
        self.initialValue = wrappedValue
    }

    /// Unavailable: managed properties exist only on `CALayer` subclasses.
    @available(*, unavailable, message: "@CAManaged properties must be declared in a CALayer subclass")
    public var wrappedValue: Value {
        get { initialValue }
        set {}
    }

    /// Reads and writes the property through the enclosing layer's store.
    public static subscript<Layer: CALayer>(
        _enclosingInstance layer: Layer,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Layer, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Layer, CAManaged<Value>>
    ) -> Value {
        get {
            let wrapper = layer[keyPath: storageKeyPath]
            if let stored = layer.storedOrInheritedValue(forKey: wrapper.key),
                let typed = CAValueCoercion.coerce(stored, to: Value.self)
            {
                return typed
            }
            if layer.storage.extras[wrapper.key] is CAExplicitNil, let none = Optional<Any>.none as? Value {
                return none
            }
            return wrapper.initialValue
        }
        set {
            let wrapper = layer[keyPath: storageKeyPath]
            layer.setProperty(wrapper.key, newValue as Any?)
        }
    }
}

/// Lets key-value coding find the declared initial value and type of a managed property.
protocol CAManagedDeclaration {
    var key: String { get }
    /// The declared initial value; nil for an optional property declared `= nil`.
    var initialAnyValue: Any? { get }
    /// `value` converted to the property's type (numbers between numeric types, options
    /// from their raw strings), unwrapped; nil if it cannot be.
    func coerced(_ value: Any) -> Any?
}

extension CAManaged: CAManagedDeclaration {
    var initialAnyValue: Any? { CAManagedValues.unwrapped(initialValue) }

    func coerced(_ value: Any) -> Any? {
        CAValueCoercion.coerce(value, to: Value.self).flatMap(CAManagedValues.unwrapped)
    }
}

enum CAManagedValues {
    /// `value` without its `Optional` wrapping: nil for `.none`, the wrapped value for
    /// `.some` (so an optional property's value boxes as its wrapped value).
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.flatMap { unwrapped($0.value) }
    }
}

extension CALayer {
    /// The declared initial value of the managed property `key` of this layer's class, if
    /// it declares one (found by reflection; only asked for keys that are unset).
    func managedDeclaredDefault(forKey key: String) -> Any? {
        managedDeclaration(forKey: key)?.initialAnyValue
    }

    /// The ``CAManaged`` declaration of `key` in this layer's class, if any (found by
    /// reflection once per class and key).
    func managedDeclaration(forKey key: String) -> (any CAManagedDeclaration)? {
        let id = ObjectIdentifier(Swift.type(of: self))
        if let known = CALayer.managedDeclarations.value[id]?[key] { return known.declaration }
        var found: (any CAManagedDeclaration)?
        var mirror: Mirror? = Mirror(reflecting: self)
        search: while let current = mirror {
            for child in current.children {
                if let declaration = child.value as? CAManagedDeclaration, declaration.key == key {
                    found = declaration
                    break search
                }
            }
            mirror = current.superclassMirror
        }
        CALayer.managedDeclarations.value[id, default: [:]][key] = ManagedDeclarationLookup(declaration: found)
        return found
    }

    /// Per class and key: the managed declaration found, or none (per thread).
    private static let managedDeclarations = ThreadLocal<[ObjectIdentifier: [String: ManagedDeclarationLookup]]>({ [:] })
}

/// The answer of one declaration lookup (a declaration or none), cached per class and key.
private struct ManagedDeclarationLookup {
    let declaration: (any CAManagedDeclaration)?
}
