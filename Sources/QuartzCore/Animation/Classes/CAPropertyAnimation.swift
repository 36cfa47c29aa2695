/// An animation of one layer property, named by a key path (`"position"`, `"position.x"`,
/// `"transform.rotation.z"`, …).
open class CAPropertyAnimation: CAAnimation {
    /// The animated key path. Default nil (the animation then does nothing).
    open var keyPath: String?
    /// Whether the animated value is added to the current value instead of replacing it.
    /// Default false.
    open var isAdditive = false
    /// Whether each repeat builds on the end of the previous one. Default false.
    open var isCumulative = false
    /// Turns the interpolated number(s) into the property's type (e.g. a rotation angle into
    /// a transform). Default nil.
    open var valueFunction: CAValueFunction?

    /// Creates an animation of `path`.
    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    public override init() {
        super.init()
    }

    /// Returns `nil`, as ``CAAnimation/init(coder:)`` does.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A copy of `animation` with this class's fields too (used by `copy()`).
    public required init(copying animation: CAAnimation) {
        super.init(copying: animation)
        guard let animation = animation as? CAPropertyAnimation else { return }
        keyPath = animation.keyPath
        isAdditive = animation.isAdditive
        isCumulative = animation.isCumulative
        valueFunction = animation.valueFunction
    }

    /// Adds `keyPath`, `additive`, `cumulative` and `valueFunction` to
    /// ``CAAnimation/value(forKey:)``.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "keyPath": keyPath
        case "additive": isAdditive
        case "cumulative": isCumulative
        case "valueFunction": valueFunction
        default: super.value(forKey: key)
        }
    }

    /// Adds `keyPath` (a `String`), `additive` and `cumulative` (a `Bool` or number) and
    /// `valueFunction` to ``CAAnimation/setValue(_:forKey:)``; a value of another type is
    /// refused with a diagnostic, as there.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "keyPath": if let v = coercedOptional(value, to: String.self, forKey: key) { keyPath = v }
        case "additive": if let v = coerced(value, to: Bool.self, forKey: key) { isAdditive = v }
        case "cumulative": if let v = coerced(value, to: Bool.self, forKey: key) { isCumulative = v }
        case "valueFunction":
            if let v = coercedOptional(value, to: CAValueFunction.self, forKey: key) { valueFunction = v }
        default: super.setValue(value, forKey: key)
        }
    }

    var propertyOptions: CAAnimationEvaluator.PropertyOptions {
        .init(keyPath: keyPath ?? "", isAdditive: isAdditive, isCumulative: isCumulative, valueFunction: valueFunction?.name)
    }
}
