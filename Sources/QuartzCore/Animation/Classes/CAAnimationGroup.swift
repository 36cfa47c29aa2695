/// Animations that run together; each child's times are in the group's local time, and
/// children are cut off at the end of the group's duration.
open class CAAnimationGroup: CAAnimation {
    /// The child animations. Default nil.
    open var animations: [CAAnimation]?

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
        guard let animation = animation as? CAAnimationGroup else { return }
        animations = animation.animations?.compactMap { $0.copy() as? CAAnimation }
    }

    /// Adds `animations` to ``CAAnimation/value(forKey:)``.
    open override func value(forKey key: String) -> Any? {
        switch key {
        case "animations": animations
        default: super.value(forKey: key)
        }
    }

    /// Adds `animations` (an array of ``CAAnimation``; nil clears it) to
    /// ``CAAnimation/setValue(_:forKey:)``; a value of another type is refused with a
    /// diagnostic, as there.
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "animations":
            if let v = coercedOptional(value, to: [CAAnimation].self, forKey: key) { animations = v }
        default: super.setValue(value, forKey: key)
        }
    }

    open override func makeEvaluator() -> CAAnimationEvaluator? {
        let children = (animations ?? []).compactMap { $0.makeEvaluator() }
        return CAAnimationEvaluator(
            timing: timingParameters, timingFunction: timingFunction,
            property: .init(keyPath: "", isAdditive: false, isCumulative: false, valueFunction: nil),
            kind: .group(children))
    }
}
