/// An animation between two values of one property.
///
/// Apple's rules for which values are given: `from`+`to`: from → to; `from`+`by`:
/// from → from+by; `by`+`to`: to−by → to; `from` alone: from → the current value; `to`
/// alone: the current value → to; `by` alone: current → current+by; none: no change. The
/// "current value" is the property's value without this animation (the model value with
/// the animations before this one applied).
open class CABasicAnimation: CAPropertyAnimation {
    /// The start value. Default nil.
    open var fromValue: Any?
    /// The end value. Default nil.
    open var toValue: Any?
    /// A relative change. Default nil.
    open var byValue: Any?

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
        guard let animation = animation as? CABasicAnimation else { return }
        fromValue = animation.fromValue
        toValue = animation.toValue
        byValue = animation.byValue
    }

    /// Adds `fromValue`, `toValue` and `byValue` to ``CAAnimation/value(forKey:)``.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "fromValue": fromValue
        case "toValue": toValue
        case "byValue": byValue
        default: super.value(forKey: key)
        }
    }

    /// Adds `fromValue`, `toValue` and `byValue` (any value) to
    /// ``CAAnimation/setValue(_:forKey:)``.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "fromValue": fromValue = value
        case "toValue": toValue = value
        case "byValue": byValue = value
        default: super.setValue(value, forKey: key)
        }
    }

    open override func makeEvaluator() -> CAAnimationEvaluator? {
        CAAnimationEvaluator(
            timing: timingParameters, timingFunction: timingFunction, property: propertyOptions,
            kind: .basic(from: .init(fromValue), to: .init(toValue), by: .init(byValue)))
    }
}
